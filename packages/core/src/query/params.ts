/**
 * How a value becomes query-string text: the one encoder of `RequestOptions.params`, of the
 * query builder and of the dialects, so they all speak the same wire format (docs/guide/requests.md
 * and docs/guide/queries.md, "Wire format").
 */
import { mustBe } from '../checks';

// Lone surrogates would make encodeURIComponent throw; URLSearchParams sends U+FFFD for them.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `encodeURIComponent` that never throws: lone surrogates are sent as U+FFFD, as
 * `URLSearchParams` does. For custom serializers.
 *
 * @example
 * encodeQueryComponent('a b&c'); // 'a%20b%26c'
 */
export function encodeQueryComponent(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));
}

/**
 * The text of one value, not yet percent-encoded: a `Date` as ISO text, anything else as
 * `String(value)` (`null` as `null`, `true` as `true`). Values are checked where they come in
 * (the builder's calls, `paramText`).
 *
 * @example
 * queryText(new Date(0)); // '1970-01-01T00:00:00.000Z'
 */
export function queryText(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/**
 * The encoded text of one builder value. Unlike `RequestOptions.params`, `null` is sent as
 * `null` (so `where(f, null)` means "equals null"), and array items are encoded one by one
 * and joined by a literal `,`: a comma inside an item stays `%2C`, so a server that splits
 * the raw text before decoding recovers every item.
 *
 * @example
 * encodeValue(['a,b', 'c d']); // 'a%2Cb,c%20d'
 * encodeValue(null); // 'null'
 */
export function encodeValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(encodeValue).join(',');
  return encodeQueryComponent(queryText(value ?? null));
}

/**
 * The text of one `params` value, not yet percent-encoded: `undefined` for a value that is
 * skipped (`undefined`, `null`, in a list too); a list's items joined by `,`.
 *
 * @throws RangeError for an invalid `Date` or a number that is not finite
 *
 * @example
 * paramText([1, null, 2]) // '1,2'
 */
export function paramText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) {
    return value
      .map(paramText)
      .filter((text) => text !== undefined)
      .join(',');
  }
  // `params` are checked here, as the builder checks its values when they are added.
  if (value instanceof Date && Number.isNaN(value.getTime())) {
    throw new RangeError('Invalid Date in query value');
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw mustBe('Query value', 'a finite number', value, RangeError);
  }
  return queryText(value);
}

/**
 * Turns a params map into `a=1&b=x%20y` (no leading `?`), keys and values encoded (a list's
 * comma too), `undefined`/`null` skipped.
 *
 * @example
 * toSearchParams({ page: 2, tags: ['a', 'b'], q: undefined }) // 'page=2&tags=a%2Cb'
 */
export function toSearchParams(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    const text = paramText(value);
    if (text !== undefined)
      pairs.push(`${encodeQueryComponent(key)}=${encodeQueryComponent(text)}`);
  }
  return pairs.join('&');
}
