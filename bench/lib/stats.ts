/** Small statistics helpers for the benchmarks. */

/**
 * The median of a list of numbers (mean of the two middle values for an even count).
 *
 * @example
 * median([3, 1, 2]) // 2
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Rounds to a number of decimals (for tables and JSON that people read).
 *
 * @example
 * round(1.23456, 2) // 1.23
 */
export function round(value: number, decimals = 2): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/**
 * Milliseconds since an arbitrary origin, with sub-microsecond resolution.
 *
 * @example
 * const t0 = now(); work(); const ms = now() - t0;
 */
export function now(): number {
  return performance.now();
}
