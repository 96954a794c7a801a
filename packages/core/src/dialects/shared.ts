/**
 * Helpers for dialect authors (built-in and user-written): messages, value encoding, pagination
 * headers, honest list meta and field errors, each on its own.
 */
import type { DialectQuery, ListRequest } from '../contract/dialect';
import type { QueryEntry } from '../query/serializer';
import { encodeQueryComponent, encodeValue } from '../query/params';
import type { PaginatedResponse } from '../contract/entity';
import { fieldErrors } from '../client/response';

export { encodeQueryComponent, encodeValue };
export {
  type ContentRange,
  contentRangeHeader,
  linkHeader,
  totalCountHeader,
} from '../services/listHeaders';

/**
 * The message of something a dialect cannot express, for `DialectQuery.check`.
 *
 * @example
 * unsupported('json-server 1.x', "operator 'between'"); // "json-server 1.x cannot express operator 'between'"
 */
export function unsupported(dialect: string, what: string): string {
  return `${dialect} cannot express ${what}`;
}

/**
 * What an entry is, as `check` messages name it: `operator 'between' (on "price")`,
 * `full-text search`, `offset`, `param "x"`.
 *
 * @example
 * entryLabel({ kind: 'filter', field: 'price', operator: 'between', value: [1, 2] }); // `operator 'between' (on "price")`
 */
export function entryLabel(entry: QueryEntry): string {
  switch (entry.kind) {
    case 'filter':
      return `operator '${entry.operator}' (on "${entry.field}")`;
    case 'search':
      return 'full-text search';
    case 'param':
      return `param "${entry.key}"`;
    default:
      return entry.kind;
  }
}

/**
 * One encoded `name=value` pair: the value as `encodeValue` writes it (a list's items joined by
 * a literal `,`), the name encoded too except `[`, `]` and `$`.
 *
 * @example
 * pair('filters[price][$in]', [1, 2]); // 'filters[price][$in]=1,2'
 */
export function pair(name: string, value: unknown): string {
  const encodedName = encodeQueryComponent(name).replace(/%5B|%5D|%24/g, decodeURIComponent);
  return `${encodedName}=${encodeValue(value)}`;
}

/** What `dialectQuery` builds a `DialectQuery` from: the query part with `pairs` for `serialize`. */
export interface DialectQuerySpec extends Omit<DialectQuery, 'serialize'> {
  /**
   * The encoded `name=value` pairs of one entry (none, one or several). `entries` is the
   * whole query, for an entry written after another (a page as an offset needs the limit).
   */
  pairs(entry: QueryEntry, index: number, entries: readonly QueryEntry[]): string | string[];
}

/**
 * A `DialectQuery` whose `serialize` joins every entry's pairs with `&`; `key`, `check` and
 * `path` are the spec's.
 *
 * @example
 * const query = dialectQuery({
 *   key: (e) => (e.kind === 'filter' ? e.field : e.kind),
 *   pairs: (e) => (e.kind === 'filter' ? [pair(e.field, e.value)] : []),
 * });
 */
export function dialectQuery(spec: DialectQuerySpec): DialectQuery {
  return { ...spec, serialize: (entries) => entries.flatMap(spec.pairs).join('&') };
}

/** What a list mapping knows about one page, for `listPage`. */
export interface ListFacts<T> {
  data: T[];
  /** The total the backend reported; never a guess. */
  total?: number;
  /** Whether the backend says a next page exists (a next link, `next: null`...). */
  next?: boolean;
  /** Page size the backend reported (else the requested one). */
  limit?: number;
  /** Page the backend reported (else the requested one). */
  page?: number;
  /** Position of the first row the backend reported (Feathers' `skip`, Strapi's `start`). */
  offset?: number;
}

/**
 * The rows of a list answer: `value` when it is an array. Anything else means the answer holds
 * no list (an endpoint that answers one record, an error page with a 200): a lists part refuses
 * it instead of showing an empty page, and the call fails with this message.
 *
 * @throws TypeError when `value` is not an array
 * @example
 * rowsOf(body.results); // the array, or a TypeError
 */
export function rowsOf(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new TypeError('the answer holds no list of rows');
  return value;
}

/**
 * `{ data, meta }` from what the backend said: `total` only when given; `hasMore` from the
 * backend's next, else total and position, else a full page of a known size, else `false`.
 *
 * @example
 * listPage({ data: rows, total: 42 }, { page: 2, limit: 10 });
 * // { data: rows, meta: { page: 2, limit: 10, total: 42, hasMore: true } }
 */
export function listPage<T>(facts: ListFacts<T>, requested: ListRequest): PaginatedResponse<T> {
  const { data, total } = facts;
  const size = facts.limit ?? requested.limit;
  const at = facts.page ?? requested.page;
  const offset = facts.offset ?? requested.offset ?? (size && at ? (at - 1) * size : 0);
  const known = total !== undefined;
  return {
    data,
    meta: {
      page: at ?? (size ? Math.floor(offset / size) + 1 : 1),
      limit: size ?? data.length,
      ...(known && { total }),
      hasMore: facts.next ?? (known ? offset + data.length < total : !!size && data.length >= size),
    },
  };
}

/**
 * `DialectRecords.path` of a plain REST collection whose list endpoint also searches:
 * `endpoint` for list, search and create, `endpoint/:id` for the rest.
 *
 * @example
 * restPath('search', '/products'); // '/products'
 * restPath('get', '/products', '7'); // '/products/7'
 */
export function restPath(_operation: string, endpoint: string, id?: string): string {
  return id === undefined ? endpoint || '/' : `${endpoint}/${id}`;
}

/**
 * Field -> message from a backend's validation detail (`fieldErrors` with dotted names):
 * nested objects and lists of objects become dotted names
 * (`{ a: { b: ['m'] } }` -> `{ 'a.b': 'm' }`), a list of messages becomes its first one, or all
 * joined by `join` when given; a message about no field sits under `''`. `undefined` when no
 * field has a message.
 *
 * @example
 * flattenErrors({ name: ['Required.', 'Too short.'], address: { city: ['Required.'] } });
 * // { name: 'Required.', 'address.city': 'Required.' }
 * flattenErrors({ name: ['Required.', 'Too short.'] }, ' '); // { name: 'Required. Too short.' }
 */
export function flattenErrors(detail: unknown, join?: string): Record<string, string> | undefined {
  return fieldErrors(detail, { join: join ?? false, dotted: true });
}
