/**
 * The query string as an OpenAPI document means it: `openApiParams()` is a `paramsSerializer`
 * for a client that speaks a document (docs/guide/typed.md, "Query parameters as the document means
 * them"). openapi-typescript does not carry a parameter's `style` and `explode` into the types, so
 * the app says them here, once for the client (and per request where an operation differs); without
 * options they are OpenAPI's defaults for the query: `form`, exploded.
 */
import { isRecord, mustBe, rejectUnknownKeys } from '../checks';
import type { ParamsSerializer } from '../contract/http';
import { encodeQueryComponent, paramText } from '../query/params';

/** How `openApiParams` writes array and object values (OpenAPI's `style` and `explode`). */
export interface OpenApiParamsOptions {
  /**
   * Arrays: `form` exploded is `id=3&id=4`; not exploded, `id=3,4`; `spaceDelimited` is
   * `id=3%204`, `pipeDelimited` `id=3|4` (both only unexploded: exploded they are `form`'s).
   * @default { style: 'form', explode: true }
   */
  array?: { style?: 'form' | 'spaceDelimited' | 'pipeDelimited'; explode?: boolean };
  /**
   * Objects: `form` exploded is `role=admin&name=Alex` (each key a parameter); not exploded,
   * `user=role,admin,name,Alex`; `deepObject` is `user[role]=admin&user[name]=Alex`.
   * @default { style: 'form', explode: true }
   */
  object?: { style?: 'form' | 'deepObject'; explode?: boolean };
}

const ARRAY_STYLES = ['form', 'spaceDelimited', 'pipeDelimited'];
const OBJECT_STYLES = ['form', 'deepObject'];
// The text between the values of an unexploded array, by style (the delimiters are literal).
const DELIMITERS: Record<string, string> = { form: ',', spaceDelimited: '%20', pipeDelimited: '|' };

function checkPart(part: string, value: unknown, styles: string[], caller: string) {
  if (value === undefined) return;
  const name = `${caller}: options.${part}`;
  if (!isRecord(value)) throw mustBe(name, 'an object with style and explode', value);
  rejectUnknownKeys(value, ['style', 'explode'], { where: `options.${part}`, factory: caller });
  if (value.style !== undefined && !styles.includes(value.style as string)) {
    throw mustBe(`${name}.style`, `one of ${styles.join(', ')}`, value.style);
  }
  if (value.explode !== undefined && typeof value.explode !== 'boolean') {
    throw mustBe(`${name}.explode`, 'a boolean', value.explode);
  }
}

/**
 * A `paramsSerializer` that writes `params` as OpenAPI's query serialization says: scalars as
 * `name=value` (dates as ISO strings, `null`/`undefined` skipped, like the default format);
 * arrays and objects by `options`, OpenAPI's defaults (`form`, exploded) where it is silent.
 * Names and values are percent-encoded; the delimiters and `deepObject`'s brackets are not.
 *
 * @throws TypeError when an option is unknown or of the wrong type (naming it)
 * @example
 * const api = createClient<paths>(url, { paramsSerializer: openApiParams() });
 * await api.get('/pet/findByStatus', { params: { status: ['available', 'sold'] } });
 * // GET /pet/findByStatus?status=available&status=sold
 *
 * @example
 * openApiParams({ array: { explode: false }, object: { style: 'deepObject' } })
 * // { ids: [1, 2], filter: { tag: 'dog' } } -> 'ids=1,2&filter[tag]=dog'
 */
export function openApiParams(options: OpenApiParamsOptions = {}): ParamsSerializer {
  return openApiSerializer('openApiParams', options);
}

/**
 * The serializer of `openApiParams(options)`, its options checked in the name of `caller` (the
 * function the app called: `openApiParams`, `formBody`).
 *
 * @throws TypeError when an option is unknown or of the wrong type (naming it)
 * @example
 * openApiSerializer('formBody', {})({ tags: ['a', 'b'] }); // 'tags=a&tags=b'
 */
export function openApiSerializer(caller: string, options: OpenApiParamsOptions): ParamsSerializer {
  const given: unknown = options;
  if (!isRecord(given)) throw mustBe(`${caller}: options`, 'an object', given);
  rejectUnknownKeys(given, ['array', 'object'], { where: 'options', factory: caller });
  checkPart('array', options.array, ARRAY_STYLES, caller);
  checkPart('object', options.object, OBJECT_STYLES, caller);
  const arrayStyle = options.array?.style ?? 'form';
  const explodeArrays = options.array?.explode ?? true;
  const objectStyle = options.object?.style ?? 'form';
  const explodeObjects = options.object?.explode ?? true;

  return (params) => {
    const pairs: string[] = [];
    // One `name=value` pair; `value` is encoded here unless it holds literal delimiters.
    const add = (name: string, text: string) => pairs.push(`${encodeQueryComponent(name)}=${text}`);
    const encoded = (value: unknown) => {
      const text = paramText(value);
      return text === undefined ? undefined : encodeQueryComponent(text);
    };
    for (const [name, value] of Object.entries(params)) {
      if (Array.isArray(value)) {
        const items = value.map(encoded).filter((item) => item !== undefined);
        if (items.length === 0) continue;
        if (explodeArrays) for (const item of items) add(name, item);
        else add(name, items.join(DELIMITERS[arrayStyle]));
      } else if (isRecord(value) && !(value instanceof Date)) {
        const entries = Object.entries(value)
          .map(([key, item]) => [key, encoded(item)] as const)
          .filter((entry): entry is readonly [string, string] => entry[1] !== undefined);
        if (objectStyle === 'deepObject') {
          for (const [key, item] of entries) {
            pairs.push(`${encodeQueryComponent(name)}[${encodeQueryComponent(key)}]=${item}`);
          }
        } else if (explodeObjects) {
          for (const [key, item] of entries) add(key, item);
        } else if (entries.length > 0) {
          add(name, entries.map(([key, item]) => `${encodeQueryComponent(key)},${item}`).join(','));
        }
      } else {
        const text = encoded(value);
        if (text !== undefined) add(name, text);
      }
    }
    return pairs.join('&');
  };
}
