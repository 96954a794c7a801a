/**
 * How the query builder's entries become a query string. One replaceable object, so another
 * backend dialect (`filter[price][gte]=`, `price=gte:10`, ...) is a new serializer, not a new
 * builder (docs/guide/queries.md, "Another wire format").
 */
import type { QueryEntry, QuerySerializer } from '../contract/query';
import { encodeQueryComponent, encodeValue } from './params';

export type { QueryEntry, QuerySerializer, SortDirection } from '../contract/query';
// For custom serializers, beside the default one.
export { encodeQueryComponent };

/**
 * The query name of an entry: `field` for equality, `field[op]` otherwise, the param's key,
 * `q` for the search text, else the kind (`page`, `limit`, `offset`, `sort`). `encode` is
 * applied to the user's text only (the field, the key), so the brackets stay literal.
 */
function entryName(entry: QueryEntry, encode: (text: string) => string): string {
  switch (entry.kind) {
    case 'filter': {
      const field = encode(entry.field);
      return entry.operator === 'eq' ? field : `${field}[${entry.operator}]`;
    }
    case 'param':
      return encode(entry.key);
    case 'search':
      return 'q';
    default:
      return entry.kind;
  }
}

/** The encoded value of an entry: `name:asc,age:desc` for a sort, else its value. */
function entryValue(entry: QueryEntry): string {
  if (entry.kind === 'sort') {
    return entry.fields
      .map(([field, direction]) => `${encodeQueryComponent(field)}:${direction}`)
      .join(',');
  }
  return encodeValue(entry.value);
}

const asGiven = (text: string) => text;

/**
 * The default wire format (docs/guide/queries.md, "Wire format"): `field=value` for equality,
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
  // Entries compare by their name as given; the wire sends it encoded.
  key: (entry) => entryName(entry, asGiven),
  serialize(entries) {
    return entries
      .map((entry) => `${entryName(entry, encodeQueryComponent)}=${entryValue(entry)}`)
      .join('&');
  },
};
