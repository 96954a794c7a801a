import { type FilterOperatorName, OPERATOR_NAMES, type SearchParams } from '@bridgekit/core';
import { useMemo, useState } from 'react';
import { oneOf } from './internal/oneOf';

// Core's operators that the hooks' filters leave out: the two-value and the affix ones.
const NOT_HOOK_OPERATORS: readonly string[] = [
  'startsWith',
  'endsWith',
  'between',
  'notBetween',
] satisfies Exclude<(typeof OPERATOR_NAMES)[number], FilterOperatorName>[];

/**
 * The operators of the hooks' filters, in core's order (`OPERATOR_NAMES` without `startsWith`,
 * `endsWith`, `between`, `notBetween`), for pickers.
 *
 * @example
 * FILTER_OPERATORS.map((op) => <option key={op}>{op}</option>)
 */
export const FILTER_OPERATORS: readonly FilterOperatorName[] =
  /* @__PURE__ */ OPERATOR_NAMES.filter(
    (name): name is FilterOperatorName => !NOT_HOOK_OPERATORS.includes(name),
  );

/**
 * The spec's name of the hooks' operator names: the same type as core's `FilterOperatorName`,
 * which the hooks take. Kept so code written against the spec compiles.
 *
 * @deprecated Write `FilterOperatorName`: in `@bridgekit/core`, `FilterOperator` is the
 * `{ operator, value }` condition that `gte(10)` returns, and one name should mean one thing.
 * @example
 * const op: FilterOperatorName = 'ilike'; // was: const op: FilterOperator = 'ilike';
 */
export type FilterOperator = FilterOperatorName;

/**
 * The state of `useSearchQueryBuilder`.
 *
 * @example
 * const initial: SearchQuery = { q: 'lamp', limit: 20, orderBy: 'price', orderDir: 'desc' };
 */
export interface SearchQuery {
  q?: string;
  filters?: Record<string, { operator: FilterOperatorName; value: unknown }>;
  page?: number;
  limit?: number;
  orderBy?: string;
  orderDir?: 'asc' | 'desc';
}

/**
 * What `useSearchQueryBuilder` returns. Every action is stable across renders.
 *
 * @example
 * const search: SearchQueryBuilder = useSearchQueryBuilder({ limit: 20 });
 */
export interface SearchQueryBuilder {
  query: SearchQuery;
  /** `query` as `SearchParams` (`q` defaults to `''`), ready for `useBridgeQuery(…, 'search', …)`. */
  searchParams: SearchParams;
  /** Sets (or replaces) the filter of a field; back to page 1. */
  addFilter(field: string, operator: FilterOperatorName, value: unknown): void;
  /** Removes the filter of a field; back to page 1. */
  removeFilter(field: string): void;
  /** Removes every filter; back to page 1. */
  clearFilters(): void;
  /** Sets the full-text query; back to page 1. */
  setQuery(q: string): void;
  setPage(page: number): void;
  setLimit(limit: number): void;
  /**
   * Sorts by `field` (`null` removes the sort); back to page 1.
   * @param direction @default 'asc'
   */
  setOrderBy(field: string | null, direction?: 'asc' | 'desc'): void;
  /** Back to the initial query. */
  reset(): void;
}

function checkCount(name: string, value: unknown) {
  // Number.isInteger is false for anything but a number.
  if (!Number.isInteger(value) || (value as number) < 1) {
    throw new RangeError(`${name} must be an integer >= 1, got ${String(value)}`);
  }
}

function checkField(field: unknown) {
  if (typeof field !== 'string' || field === '')
    throw new TypeError('field must be a non-empty string');
}

/** A changed query goes back to page 1, when a page was set at all. */
function firstPage(query: SearchQuery): Pick<SearchQuery, 'page'> {
  return query.page === undefined ? {} : { page: 1 };
}

/**
 * Holds a `SearchQuery` (text, filters, page, limit, order) for a search UI. Changing the
 * text, the filters or the order returns to page 1 (when a page was set), so a narrower result
 * never shows an empty page. `BridgeTable` takes the `query` as it is.
 *
 * @example
 * const products = useBridgeApi<Product>({ endpoint: '/products' });
 * const search = useSearchQueryBuilder({ limit: 20 });
 * const { data } = useBridgeQuery(products, 'search', search.searchParams);
 * search.addFilter('price', 'gte', 100);
 * search.setOrderBy('price', 'desc'); // back to page 1; `setOrderBy(null)` removes the sort
 */
export function useSearchQueryBuilder(initial: SearchQuery = {}): SearchQueryBuilder {
  const [start] = useState(initial);
  const [query, setState] = useState<SearchQuery>(start);
  const actions = useMemo(
    () => ({
      addFilter(field: string, operator: FilterOperatorName, value: unknown) {
        checkField(field);
        oneOf('operator', operator, FILTER_OPERATORS);
        setState((s) => ({
          ...s,
          ...firstPage(s),
          filters: { ...s.filters, [field]: { operator, value } },
        }));
      },
      removeFilter(field: string) {
        checkField(field);
        setState((s) => {
          if (!s.filters || !(field in s.filters)) return s;
          const { [field]: _removed, ...filters } = s.filters;
          return { ...s, ...firstPage(s), filters };
        });
      },
      clearFilters() {
        setState((s) => ({ ...s, ...firstPage(s), filters: {} }));
      },
      setQuery(q: string) {
        if (typeof q !== 'string') throw new TypeError('q must be a string');
        setState((s) => ({ ...s, ...firstPage(s), q }));
      },
      setPage(page: number) {
        checkCount('page', page);
        setState((s) => ({ ...s, page }));
      },
      setLimit(limit: number) {
        checkCount('limit', limit);
        setState((s) => ({ ...s, limit }));
      },
      setOrderBy(field: string | null, direction: 'asc' | 'desc' = 'asc') {
        if (field === null) {
          setState(({ orderBy: _field, orderDir: _direction, ...s }) => ({
            ...s,
            ...firstPage(s),
          }));
          return;
        }
        checkField(field);
        oneOf('direction', direction, ['asc', 'desc']);
        setState((s) => ({ ...s, ...firstPage(s), orderBy: field, orderDir: direction }));
      },
      reset() {
        setState(start);
      },
    }),
    [start],
  );
  const searchParams = useMemo<SearchParams>(() => ({ ...query, q: query.q ?? '' }), [query]);
  return { query, searchParams, ...actions };
}
