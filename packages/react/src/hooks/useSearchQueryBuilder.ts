import type { SearchParams } from '@bridgekit/core';
import { useMemo, useState } from 'react';

/**
 * The operators of the hooks' filters (a subset of the query builder's), for pickers.
 *
 * @example
 * FILTER_OPERATORS.map((op) => <option key={op}>{op}</option>)
 */
export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'in',
  'nin',
  'null',
  'nnull',
] as const;

/** An operator of the hooks' filters. */
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** The state of `useSearchQueryBuilder`. */
export interface SearchQuery {
  q?: string;
  filters?: Record<string, { operator: FilterOperator; value: unknown }>;
  page?: number;
  limit?: number;
  orderBy?: string;
  orderDir?: 'asc' | 'desc';
}

/** What `useSearchQueryBuilder` returns. Every action is stable across renders. */
export interface SearchQueryBuilder {
  query: SearchQuery;
  /** `query` as `SearchParams` (`q` defaults to `''`), ready for `useBridgeQuery(…, 'search', …)`. */
  searchParams: SearchParams;
  /** Sets (or replaces) the filter of a field; back to page 1. */
  addFilter(field: string, operator: FilterOperator, value: unknown): void;
  /** Removes the filter of a field; back to page 1. */
  removeFilter(field: string): void;
  /** Removes every filter; back to page 1. */
  clearFilters(): void;
  /** Sets the full-text query; back to page 1. */
  setQuery(q: string): void;
  setPage(page: number): void;
  setLimit(limit: number): void;
  /** @param direction @default 'asc' */
  setOrderBy(field: string, direction?: 'asc' | 'desc'): void;
  /** Back to the initial query. */
  reset(): void;
}

const OPERATORS = new Set<string>(FILTER_OPERATORS);

function checkCount(name: string, value: unknown) {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
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
 * text or the filters returns to page 1, so a narrower result never shows an empty page.
 *
 * @example
 * const products = useBridgeApi<Product>({ endpoint: '/products' });
 * const search = useSearchQueryBuilder({ limit: 20 });
 * const { data } = useBridgeQuery(products, 'search', search.searchParams);
 * search.addFilter('price', 'gte', 100);
 * search.setOrderBy('price', 'desc');
 */
export function useSearchQueryBuilder(initial: SearchQuery = {}): SearchQueryBuilder {
  const [start] = useState(initial);
  const [query, setState] = useState<SearchQuery>(start);
  const actions = useMemo(
    () => ({
      addFilter(field: string, operator: FilterOperator, value: unknown) {
        checkField(field);
        if (!OPERATORS.has(operator)) {
          throw new TypeError(
            `operator must be one of ${[...OPERATORS].join(', ')}, got ${String(operator)}`,
          );
        }
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
      setOrderBy(field: string, direction: 'asc' | 'desc' = 'asc') {
        checkField(field);
        if (direction !== 'asc' && direction !== 'desc') {
          throw new TypeError(`direction must be 'asc' or 'desc', got ${String(direction)}`);
        }
        setState((s) => ({ ...s, orderBy: field, orderDir: direction }));
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
