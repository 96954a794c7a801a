/**
 * The one "is this a key/value object" test of the core (not `null`, not an array). Internal;
 * one copy keeps the checks alike and the bundle small.
 *
 * @example
 * isRecord({ a: 1 }); // true
 * isRecord([1]); // false
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
