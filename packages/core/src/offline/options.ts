/**
 * The option checks of the offline modules: one table per factory, so the known names and
 * their rules are written once and an unknown name (a typo, another library's option) is a
 * `TypeError` naming it.
 */
import { MAX_TIMER_MS, mustBe, rejectUnknownKeys } from '../checks';

type Check = (name: string, value: unknown) => void;

/** A `StorageAdapter`: `getItem`, `setItem` and `removeItem` functions. */
export const storage: Check = (name, value) => {
  const adapter = value as Record<string, unknown> | null;
  const methods = ['getItem', 'setItem', 'removeItem'];
  if (
    typeof adapter !== 'object' ||
    adapter === null ||
    methods.some((m) => typeof adapter[m] !== 'function')
  ) {
    throw mustBe(name, 'a StorageAdapter (getItem, setItem and removeItem)', value);
  }
};

/** An integer from `min` to `max`. */
export const integer =
  (min: number, max: number): Check =>
  (name, value) => {
    if (typeof value !== 'number') throw mustBe(name, 'a number', value);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw mustBe(name, `an integer from ${min} to ${max}`, value, RangeError);
    }
  };

/** A delay in ms a timer can hold. */
export const delay = (min: number): Check => integer(min, MAX_TIMER_MS);

/** A string. */
export const string: Check = (name, value) => {
  if (typeof value !== 'string') throw mustBe(name, 'a string', value);
};

/**
 * Checks `options` against `table`: each given value by its rule, and no name the table does
 * not know.
 *
 * @throws TypeError / RangeError naming the option
 * @example
 * checkOptions('offlineQueue', options, { maxAttempts: integer(1, 100) });
 */
export function checkOptions(
  factory: string,
  options: unknown,
  table: Record<string, Check>,
): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw mustBe(`${factory}(options)`, 'an object', options);
  }
  const known = Object.keys(table);
  rejectUnknownKeys(options, known, {
    where: 'options',
    factory,
    see: `known: ${known.join(', ')}`,
  });
  for (const [key, value] of Object.entries(options)) {
    if (value !== undefined) table[key]!(`${factory}(): ${key}`, value);
  }
}
