/**
 * One wording for every programmer error of the core: `<name> must be <expected>, got <value>`.
 * Messages name the argument; sharing the sentence keeps them alike and the bundle small.
 */

/**
 * A short description of a bad argument for error messages.
 *
 * @example
 * describe('x'.repeat(50)) // '"xxxx…"' (cut at 40 characters)
 */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value;
}

/**
 * `value` when it is a non-empty string; else a `TypeError` naming the argument.
 *
 * @example
 * const key = nonEmptyString('userStorageKey', options.userStorageKey ?? 'bridgekit_user');
 */
export function nonEmptyString(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(`${name} must be a non-empty string`);
  }
  return value;
}

/**
 * The error for an argument that is not what it must be. `TypeError` by default; pass
 * `RangeError` for a value of the right type out of range.
 *
 * @example
 * throw mustBe('config.timeout', 'a number', '10'); // TypeError: config.timeout must be a number, got "10"
 */
export function mustBe(
  name: string,
  expected: string,
  value: unknown,
  Kind: typeof TypeError | typeof RangeError = TypeError,
): Error {
  return new Kind(`${name} must be ${expected}, got ${describe(value)}`);
}
