/**
 * How one value becomes query-string text, shared by `RequestOptions.params` and the
 * query builder so both speak the same wire format (core README, "URLs and params" and "Wire
 * format").
 */
import { mustBe } from '../checks';

/**
 * Serializes one value for the query string, not yet percent-encoded.
 * Returns `undefined` for values that are skipped (`undefined`, `null`).
 *
 * @example
 * serializeValue([1, 2]) // '1,2'
 * serializeValue(new Date(0)) // '1970-01-01T00:00:00.000Z'
 */
export function serializeValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) {
    return value
      .map((item) => serializeValue(item))
      .filter((item): item is string => item !== undefined)
      .join(',');
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('Invalid Date in query value');
    return value.toISOString();
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw mustBe('Query value', 'a finite number', value, RangeError);
  }
  return String(value);
}

/**
 * Turns a params map into `a=1&b=x%20y` (no leading `?`), keys and values
 * `encodeURIComponent`-encoded, `undefined`/`null` skipped.
 *
 * @example
 * toSearchParams({ page: 2, tags: ['a', 'b'], q: undefined }) // 'page=2&tags=a%2Cb'
 */
export function toSearchParams(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    const text = serializeValue(value);
    if (text === undefined) continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  }
  return parts.join('&');
}
