/**
 * The shapes of a query as the builder records it and a serializer writes it, shared by the
 * query builder, the services and the dialect contract.
 */

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
