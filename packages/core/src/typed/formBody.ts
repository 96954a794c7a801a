/**
 * An `application/x-www-form-urlencoded` body written as an object (docs/guide/typed.md,
 * "Form bodies"): `formBody(fields)` is the `URLSearchParams` the platform sends urlencoded,
 * and on a typed client its fields are the operation's schema, checked where they are written.
 */
import { isRecord, mustBe } from '../checks';
import { type OpenApiParamsOptions, openApiSerializer } from './openApiParams';

/** The key of the phantom member that carries a form body's fields (types only). */
declare const fieldsOf: unique symbol;

/**
 * A `URLSearchParams` built from fields of type `Fields` (what `formBody` returns). The fields
 * are a phantom member, never set: at run time it is a plain `URLSearchParams`. A typed
 * client takes one where an operation accepts `application/x-www-form-urlencoded`, its
 * `Fields` the operation's schema; a plain `URLSearchParams` is still accepted, unchecked.
 *
 * @example
 * const body: FormBody<{ name?: string }> = formBody({ name: 'Kirk' });
 */
export type FormBody<Fields = unknown> = URLSearchParams & { readonly [fieldsOf]?: Fields };

// `T` where it is not inferred from the argument (the built-in `NoInfer`, for older compilers
// too): the fields take their type from where the body goes, the operation's schema, so a
// wrong or misspelled field is an error at that field.
type FromContext<T> = [T][T extends unknown ? 0 : never];

/**
 * The `application/x-www-form-urlencoded` body of `fields`, as OpenAPI serializes a form:
 * each field `name=value` (numbers and booleans as text, dates as ISO strings, `null` and
 * `undefined` left out), an array as the field repeated, an object as its own fields, unless
 * `options` says another `style`/`explode` (the document's `encoding`), as `openApiParams`
 * writes a query. Passed as the body of a typed call, `fields` is checked against the
 * operation's schema: a field it does not have, or a value of the wrong type, is an error at
 * that field, and a required one left out is an error too. Elsewhere give the fields' type
 * (`formBody<Fields>(…)`), or it takes any object.
 *
 * @throws TypeError when `fields` is not an object, or an option is unknown or of the wrong type
 * @throws RangeError on an invalid date or a number that is not finite
 * @example
 * // POST /character/search takes { name?: string; deceased?: boolean; … } urlencoded
 * const res = await stapi.post('/character/search', formBody({ name: 'Kirk', deceased: false }));
 * // sends name=Kirk&deceased=false with Content-Type: application/x-www-form-urlencoded
 */
export function formBody<Fields extends object>(
  fields: FromContext<Fields>,
  options: OpenApiParamsOptions = {},
): FormBody<Fields> {
  const given: unknown = fields;
  if (!isRecord(given)) throw mustBe('formBody: fields', 'an object', given);
  return new URLSearchParams(openApiSerializer('formBody', options)(given));
}
