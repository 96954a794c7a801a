import type { PaginatedResponse, PaginationMeta, SearchParams } from '@bridgekit/core';
import { bridgeQueryKey, pageCount } from '@bridgekit/core';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { unstable_serialize } from 'swr';
import { type LiveNewRowsState, useLiveNewRows } from './internal/liveQuery';
import { useServiceInstanceId } from './internal/serviceRegistry';
import { type BridgeSort, nextSort, sortParams } from './bridgeSort';
import { useBridgeApi } from './useBridgeApi';
import { type BridgeQueryConfig, useBridgeQuery } from './useBridgeQuery';
import type { SearchQuery } from './useSearchQueryBuilder';

/**
 * Options of {@link useBridgeTableState}.
 *
 * @example
 * const options: UseBridgeTableStateOptions<Product> = { endpoint: '/products', pageSize: 20 };
 */
export interface UseBridgeTableStateOptions<T> {
  /** The list endpoint, e.g. `'/products'` (GET `endpoint?page&limit&sort`). */
  endpoint: string;
  /**
   * Rows per page (`limit`); `query.limit` wins when set.
   * @default 10
   */
  pageSize?: number;
  /**
   * The provider instance whose client fetches the rows.
   * @default the provider's default instance
   */
  instanceId?: string;
  /**
   * A search, e.g. `useSearchQueryBuilder().query`: the rows come from the service's `search`
   * (`q` and `filters`) instead of its list, and a new `q` or new filters go back to page 1.
   * The table starts on the query's `page` and `orderBy`/`orderDir` and follows them whenever
   * they change, so a query kept in the URL, or the builder's own `setPage`, moves the table.
   * A dialect that cannot search (`q`) refuses: the error names it.
   * @default undefined (the plain list)
   */
  query?: SearchQuery;
  /**
   * Called with the page the user moves to (Previous, Next, back to 1 on a new sort): give it
   * `useSearchQueryBuilder().setPage` so the query holds the page.
   * @default undefined
   */
  onPageChange?: (page: number) => void;
  /**
   * Called with the sort the user picks by a header (`null`: unsorted): give it
   * `useSearchQueryBuilder().setOrderBy` so the query holds the sort.
   * @default undefined
   */
  onSortChange?: (orderBy: string | null, orderDir?: 'asc' | 'desc') => void;
  /**
   * SWR options of the list query (and `enabled`), merged over the table's own.
   * @default { keepPreviousData: true } (the current page stays while the next one loads)
   */
  swrConfig?: BridgeQueryConfig<PaginatedResponse<T>>;
  /**
   * With the instance's live module: records other people create are counted (`newRows`)
   * instead of fetched at once, so the rows do not move under the user's pointer; `newRows.show()`
   * fetches them. Changes to the rows shown are patched in place either way.
   * @default false (a created record is fetched at once)
   */
  liveNewRows?: boolean;
}

/**
 * What {@link useBridgeTableState} returns: the rows of the page and the state that chooses it.
 *
 * @example
 * const { rows, page, totalPages, setPage, sort, toggleSort }: UseBridgeTableStateResult<Product> = table;
 */
export interface UseBridgeTableStateResult<T> {
  /** The rows of the page shown; `[]` until loaded. */
  rows: T[];
  /** Pagination of the page shown; `null` until loaded. */
  meta: PaginationMeta | null;
  /**
   * `true` while the page asked for loads; `rows` may meanwhile be the previous page's (see
   * `currentPage`).
   */
  isLoading: boolean;
  /**
   * The error of the page asked for (a `BridgeApiError` for server failures), or `null`;
   * `rows` may meanwhile be the previous page's.
   */
  error: Error | null;
  /** Fetches the page asked for again. */
  refetch(): Promise<void>;
  /** The page asked for (1-based). */
  page: number;
  /** The page of the rows shown: `meta.page` once loaded (the previous page while the next one loads). */
  currentPage: number;
  /**
   * `ceil(total / limit)`, 0 for an empty list; absent while the server has not given a total
   * (or a page size, for a list that is not empty).
   */
  totalPages?: number;
  /** Whether there is a page before `page`. */
  hasPrevious: boolean;
  /** Whether the server says there is a page after the one shown (`meta.hasMore`). */
  hasNext: boolean;
  /** Goes to a page (an integer ≥ 1, else `RangeError`). */
  setPage(page: number): void;
  /** The sort sent with the request, or `null`. */
  sort: BridgeSort | null;
  /** Cycles the sort of `key` (ascending → descending → none, see `nextSort`); back to page 1. */
  toggleSort(key: string): void;
  /** Sets the sort (or `null` for none); back to page 1. */
  setSort(sort: BridgeSort | null): void;
  /** With `liveNewRows` and a live module: the records created since the rows were fetched. */
  newRows?: LiveNewRowsState;
}

/** Page and sort of the table, and what they were derived from. */
interface View {
  /** Endpoint, page size and instance: another list starts over. */
  listId: string;
  /** The query's `q` and filters: new ones go back to page 1. */
  searchId: string;
  /** The query's page, followed when it changes. */
  queryPage: number | undefined;
  /** The query's sort, followed when it changes. */
  querySort: string;
  page: number;
  sort: BridgeSort | null;
}

function sortOfQuery(query: SearchQuery | undefined): BridgeSort | null {
  return query?.orderBy ? { key: query.orderBy, dir: query.orderDir ?? 'asc' } : null;
}

/**
 * The view for this render: `view` as the user left it, except where the list or the query
 * changed since: another list starts on the query's page and sort; a new search (`q`,
 * filters) goes back to page 1; a changed page or sort in the query is taken over.
 */
function deriveView(view: View | null, listId: string, query: SearchQuery | undefined): View {
  const searchId = JSON.stringify([query?.q ?? '', query?.filters ?? {}]);
  const queryPage = query?.page;
  const querySort = JSON.stringify(sortOfQuery(query));
  const start = { listId, searchId, queryPage, querySort };
  if (!view || view.listId !== listId) {
    return { ...start, page: queryPage ?? 1, sort: sortOfQuery(query) };
  }
  const same = view.searchId === searchId && view.queryPage === queryPage;
  if (same && view.querySort === querySort) return view;
  let { page, sort } = view;
  if (view.querySort !== querySort) {
    sort = sortOfQuery(query);
    page = 1;
  }
  if (view.searchId !== searchId) page = 1;
  if (view.queryPage !== queryPage) page = queryPage ?? 1;
  return { ...start, page, sort };
}

/**
 * The state behind `BridgeTable`, without its markup, to drive any table (your own, TanStack
 * Table, MUI DataGrid...): fetches one page of a list endpoint through `useBridgeApi` +
 * `useBridgeQuery('list')` (shared cache, revalidated by mutations), or of a search with
 * `query` (`useBridgeQuery('search')`), and holds the page and the sort. Sorting returns to
 * page 1, and so does a new `q` or new filters; another endpoint, page size or instance is
 * another list and starts over (on the query's page and sort, else page 1, unsorted).
 * `totalPages` is only there when the server gives a total.
 *
 * @example
 * function Products() {
 *   const table = useBridgeTableState<Product>({ endpoint: '/products', pageSize: 20 });
 *   return (
 *     <>
 *       <button onClick={() => table.toggleSort('price')}>Price {table.sort?.dir}</button>
 *       <ul>{table.rows.map((p) => <li key={p.id}>{p.name}</li>)}</ul>
 *       <button disabled={!table.hasNext} onClick={() => table.setPage(table.page + 1)}>Next</button>
 *     </>
 *   );
 * }
 *
 * @example
 * // A search whose text, filters, page and sort live in the builder (and so, in the URL).
 * const search = useSearchQueryBuilder({ limit: 20 });
 * const table = useBridgeTableState<Product>({
 *   endpoint: '/products',
 *   query: search.query,
 *   onPageChange: search.setPage,
 *   onSortChange: search.setOrderBy,
 * });
 */
export function useBridgeTableState<T>({
  endpoint,
  pageSize = 10,
  instanceId,
  query,
  onPageChange,
  onSortChange,
  swrConfig,
  liveNewRows = false,
}: UseBridgeTableStateOptions<T>): UseBridgeTableStateResult<T> {
  if (query !== undefined && (query === null || typeof query !== 'object')) {
    throw new TypeError(`useBridgeTableState(): query must be a SearchQuery object, got ${query}`);
  }
  const limit = query?.limit ?? pageSize;
  if (!Number.isInteger(limit) || limit < 1) {
    const name = query?.limit === undefined ? 'pageSize' : 'query.limit';
    throw new RangeError(`useBridgeTableState(): ${name} must be an integer >= 1, got ${limit}`);
  }
  const listId = `${instanceId ?? ''}\u0000${endpoint}\u0000${limit}`;
  const [stored, setView] = useState<View | null>(null);
  const view = deriveView(stored, listId, query);
  // What the list or the query changed is kept at once (React renders again before committing).
  if (view !== stored) setView(view);
  const { page, sort } = view;
  // The setters read the view of the last commit, plus what earlier calls of the same event
  // changed (toggleSort, then setPage: both count).
  const latest = useRef(view);
  useLayoutEffect(() => {
    latest.current = view;
  });
  const change = (next: Pick<View, 'page'> & Partial<Pick<View, 'sort'>>) => {
    latest.current = { ...latest.current, ...next };
    setView(latest.current);
  };
  const changeSort = (next: BridgeSort | null) => {
    const from = latest.current.page;
    change({ page: 1, sort: next });
    onSortChange?.(next?.key ?? null, next?.dir);
    if (from !== 1) onPageChange?.(1);
  };

  // `T` is this hook's own type parameter: TypeScript cannot tell that it was given (once a
  // document is registered, the untyped form wants that), hence the cast.
  const service = useBridgeApi<T>(
    useMemo(() => ({ endpoint: endpoint as never }), [endpoint]),
    instanceId,
  );
  const searching = query !== undefined;
  const q = query?.q ?? '';
  const filters = query?.filters;
  const params = useMemo(
    () => ({
      ...(searching && { q, ...(filters && { filters }) }),
      page,
      limit,
      ...sortParams(sort),
    }),
    [searching, q, filters, page, limit, sort],
  );
  // One hook call for both: a search's params are a list's plus `q` and `filters`.
  const type = searching ? 'search' : 'list';
  const list = useBridgeQuery(service, type as 'search', params as SearchParams, {
    keepPreviousData: true,
    ...swrConfig,
  });
  const { data, meta, isLoading, error, refetch } = list;
  // The list's key, as useBridgeQuery made it: the live module counts new rows for it.
  const instance = useServiceInstanceId('useBridgeTableState', service);
  const shown =
    swrConfig?.enabled === false
      ? null
      : unstable_serialize(
          bridgeQueryKey(instance, service.endpoint, type, params, service.dialect),
        );
  const newRows = useLiveNewRows(instance, shown, liveNewRows, list);

  const totalPages = meta?.total === undefined ? undefined : pageCount(meta.total, meta.limit);
  return {
    rows: data,
    meta,
    isLoading,
    error,
    refetch,
    page,
    currentPage: meta?.page ?? page,
    // Unknown when the backend gives no total: never invented from the rows.
    ...(totalPages !== undefined && { totalPages }),
    hasPrevious: page > 1,
    hasNext: meta?.hasMore ?? false,
    sort,
    setPage(next) {
      if (!Number.isInteger(next) || next < 1) {
        throw new RangeError(`setPage(): page must be an integer >= 1, got ${next}`);
      }
      change({ page: next });
      onPageChange?.(next);
    },
    toggleSort(key) {
      changeSort(nextSort(latest.current.sort, key));
    },
    setSort: changeSort,
    ...(newRows && { newRows }),
  };
}
