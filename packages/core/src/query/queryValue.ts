/**
 * Validation of the values the query builder and the operator functions accept. Internal:
 * both must reject the same mistakes with the same messages, at the call that made them.
 */

import { mustBe } from '../checks';

/** Values the builder turns into query text. */
export type QueryScalar = string | number | boolean | bigint | Date | null;

/**
 * Throws unless `value` can become query text: `undefined`, plain objects, functions and
 * symbols are `TypeError`s; `NaN`, `±Infinity` and invalid dates are `RangeError`s. Arrays are
 * checked element by element (one level; nested arrays are flattened by the serializer).
 *
 * @param name how the argument is named in the error message, e.g. `where: value of "price"`.
 */
export function assertQueryValue(value: unknown, name: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      assertQueryValue(item, `${name}[${index}]`);
    });
    return;
  }
  if (value === undefined) throw new TypeError(`${name} is undefined`);
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw mustBe(name, 'a finite number', value, RangeError);
  }
  if (value instanceof Date && Number.isNaN(value.getTime())) {
    throw new RangeError(`${name} is an invalid Date`);
  }
  // A plain object would be sent as "[object Object]": always a mistake.
  const proto = value !== null && typeof value === 'object' && Object.getPrototypeOf(value);
  const plain = proto === Object.prototype || proto === null;
  if (plain || typeof value === 'function' || typeof value === 'symbol') {
    throw new TypeError(
      `${name} must be a string, number, boolean, Date, null or array${plain ? ', got a plain object' : ''}`,
    );
  }
}

/** Throws a `TypeError` unless `value` is a non-empty string. */
export function assertNonEmptyString(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string') throw mustBe(name, 'a string', value);
  if (value.length === 0) throw new TypeError(`${name} must not be empty`);
}
