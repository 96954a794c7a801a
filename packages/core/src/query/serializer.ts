/**
 * How the query builder's entries become a query string. One replaceable object, so another
 * backend dialect (`filter[price][gte]=`, `price=gte:10`, ...) is a new serializer, not a new
 * builder (core README, "Another wire format").
 */
import { serializeValue } from '../params';

/** A sort direction. */
export type SortDirection = 'asc' | 'desc';

/**
 * One entry of a query, as the builder records it (values already validated).
 * `operator` is the wire name (`'eq'` for plain equality, `'in'` for `inOp`, ...).
 */
export type QueryEntry =
  | {
      readonly kind: 'filter';
      readonly field: string;
      readonly operator: string;
      readonly value: unknown;
    }
  | { readonly kind: 'search'; readonly value: string }
  | { readonly kind: 'page' | 'limit' | 'offset'; readonly value: number }
  | {
      readonly kind: 'sort';
      readonly fields: ReadonlyArray<readonly [field: string, direction: SortDirection]>;
    }
  | { readonly kind: 'param'; readonly key: string; readonly value: unknown };

/**
 * Turns the builder's entries into a query string. Implement it to speak another backend's
 * dialect; the builder keeps its rules (order, replacement, validation).
 *
 * @example
 * // filter[price][gte]=10 instead of price[gte]=10
 * const filterSerializer: QuerySerializer = {
 *   key: bracketSerializer.key,
 *   serialize: (entries) =>
 *     entries
 *       .map((e) =>
 *         e.kind === 'filter'
 *           ? `filter[${encodeQueryComponent(e.field)}][${e.operator}]=${encodeQueryComponent(String(e.value))}`
 *           : bracketSerializer.serialize([e]),
 *       )
 *       .join('&'),
 * };
 * new QueryBuilder(client, '/products', filterSerializer).where('price', gte(10)).toQueryString();
 * // 'filter[price][gte]=10'
 */
export interface QuerySerializer {
  /**
   * The query name an entry is stored under. Two entries with one name are one entry: the
   * later call replaces the earlier value in place, so `param('page', 3)` and `page(3)` agree.
   */
  key(entry: QueryEntry): string;
  /** `name=value` pairs in entry order, joined by `&`, without a leading `?`. */
  serialize(entries: readonly QueryEntry[]): string;
}

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
 * The encoded text of one builder value. Unlike `RequestOptions.params`, `null` is sent as
 * `null` (so `where(f, null)` means "equals null"), and array items are encoded one by one
 * and joined by a literal `,`: a comma inside an item stays `%2C`, so a server that splits
 * the raw text before decoding recovers every item.
 */
function encodeValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(encodeValue).join(',');
  if (value === null || value === undefined) return 'null';
  return encodeQueryComponent(serializeValue(value) ?? '');
}

// Numbers (page, limit, offset) and the search text need nothing more than `encodeValue`.
function valueText(entry: QueryEntry): string {
  return entry.kind === 'sort'
    ? entry.fields
        .map(([field, direction]) => `${encodeQueryComponent(field)}:${direction}`)
        .join(',')
    : encodeValue(entry.value);
}

// The query name of an entry; `encode` is identity for the key and the encoder for the wire,
// where only the user's text is encoded (the brackets of `field[op]` stay literal).
function nameText(entry: QueryEntry, encode: (text: string) => string): string {
  return entry.kind === 'filter'
    ? encode(entry.field) + (entry.operator === 'eq' ? '' : `[${entry.operator}]`)
    : entry.kind === 'param'
      ? encode(entry.key)
      : entry.kind === 'search'
        ? 'q'
        : entry.kind;
}

/**
 * The default wire format (core README, "Wire format"): `field=value` for equality,
 * `field[op]=value` otherwise (field encoded, brackets literal), `q`, `page`, `limit`, `offset`,
 * `sort=name:asc,age:desc`, custom params under their own key; values `encodeURIComponent`-encoded
 * (`%20` for spaces).
 *
 * @example
 * bracketSerializer.serialize([
 *   { kind: 'filter', field: 'price', operator: 'gte', value: 10 },
 *   { kind: 'page', value: 2 },
 * ]); // 'price[gte]=10&page=2'
 */
export const bracketSerializer: QuerySerializer = {
  key: (entry) => nameText(entry, String),
  serialize(entries) {
    return entries
      .map((entry) => `${nameText(entry, encodeQueryComponent)}=${valueText(entry)}`)
      .join('&');
  },
};
