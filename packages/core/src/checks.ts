/**
 * The argument checks every part of the core shares: one wording for programmer errors
 * (`<name> must be <expected>, got <value>`), the refusal of an unknown option (for every
 * package: `rejectUnknownKeys`), the one "is
 * this a key/value object" test, the longest delay a timer holds, and the one conversion of
 * anything thrown to an `Error`. Messages name the argument.
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

/**
 * The one "is this a key/value object" test of the core (not `null`, not an array).
 *
 * @example
 * isRecord({ a: 1 }); // true
 * isRecord([1]); // false
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The longest delay `setTimeout` holds (2^31 - 1 ms, about 24.8 days): a longer one fires at
 * once, so every time-out and interval Bridgekit accepts is checked against it.
 *
 * @example
 * if (ms > MAX_TIMER_MS) throw new RangeError('timeout must be at most 2147483647 ms');
 */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * `error` as an `Error`: itself when it is one, else an `Error` whose message is its text. What
 * `onError` callbacks, the mutation store and the React hooks hand over, whatever was thrown.
 *
 * @example
 * try {
 *   await products.create(draft);
 * } catch (thrown) {
 *   showBanner(toError(thrown).message); // a thrown string or BridgeApiError alike
 * }
 */
export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * The one check of unknown options, with the one wording of its message: throws a `TypeError`
 * naming the first key of `options` that `known` lacks (a typo, or an option of another library,
 * would otherwise be silently ignored). `options` must be an object. `known` is empty for what is
 * left of an options object once its known options were taken out
 * (`const { version, ...unknown } = options`). Every factory of the packages calls it: the
 * client, the dialects, the services, the auth and offline modules, the providers.
 *
 * @internal for the Bridgekit packages; not a part of the public API
 * @throws TypeError `<where>.<key> is not <kind> of <factory> (<see>)`
 * @example
 * rejectUnknownKeys(options, ['paths', 'storage'], { where: 'options', factory: 'createAuthService', see: 'see AuthServiceOptions' });
 * // TypeError: options.storge is not an option of createAuthService (see AuthServiceOptions)
 *
 * const { version, ...unknown } = options;
 * rejectUnknownKeys(unknown, [], { where: 'options', factory: 'jsonServer' });
 * // jsonServer({ verison: 0 }): TypeError: options.verison is not an option of jsonServer
 */
export function rejectUnknownKeys(
  options: object,
  known: readonly string[],
  { where, factory, see, kind = 'an option' }: UnknownKeyMessage,
): void {
  if (!isRecord(options)) throw mustBe(where, 'an object', options);
  const key = Object.keys(options).find((name) => !known.includes(name));
  if (key === undefined) return;
  const seeAlso = see === undefined ? '' : ` (${see})`;
  throw new TypeError(`${where}.${key} is not ${kind} of ${factory}${seeAlso}`);
}

/** How `rejectUnknownKeys` words its message. @internal */
export interface UnknownKeyMessage {
  /** The object's name in the message: `options`, `options.paths`. */
  where: string;
  /** Whose option it is not: `createAuthService`. */
  factory: string;
  /** Where the known keys are: `see AuthServiceOptions`. @default nothing said */
  see?: string;
  /** What a key is: `an option` (the default), `a path`. */
  kind?: string;
}
