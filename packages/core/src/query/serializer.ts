/**
 * How the query builder's entries become a query string. One replaceable object, so another
 * backend dialect (`filter[price][gte]=`, `price=gte:10`, ...) is a new serializer, not a new
 * builder (core README, "Another wire format").
 */
import type { QueryEntry, QuerySerializer } from '../contract/query';

export type { QueryEntry, QuerySerializer, SortDirection } from '../contract/query';
import { serializeValue } from './params';

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
