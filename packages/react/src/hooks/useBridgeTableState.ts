import type { PaginatedResponse, PaginationMeta } from '@bridgekit/core';
import { useMemo, useState } from 'react';
import { type BridgeSort, nextSort, sortParams } from './bridgeSort';
import { useBridgeApi } from './useBridgeApi';
import { type BridgeQueryConfig, useBridgeQuery } from './useBridgeQuery';

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
   * Rows per page (`limit`).
   * @default 10
   */
  pageSize?: number;
  /**
   * The provider instance whose client fetches the rows.
   * @default the provider's default instance
   */
  instanceId?: string;
  /**
   * SWR options of the list query (and `enabled`), merged over the table's own.
   * @default { keepPreviousData: true } (the current page stays while the next one loads)
   */
  swrConfig?: BridgeQueryConfig<PaginatedResponse<T>>;
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
  /** `true` while a page loads with nothing to show yet. */
  isLoading: boolean;
  /** The list's error (a `BridgeApiError` for server failures), or `null`. */
  error: Error | null;
  /** Fetches the page again. */
  refetch(): Promise<void>;
  /** The page asked for (1-based). */
  page: number;
  /** The page of the rows shown: `meta.page` once loaded (the previous page while the next one loads). */
  currentPage: number;
  /** `ceil(total / limit)` (at least 1); absent while the server has not given a total. */
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
}

interface View {
  listId: string;
  page: number;
  sort: BridgeSort | null;
}

/** The sort of `view` if it is of list `listId` (another list starts unsorted). */
function sortOf(view: View, listId: string): BridgeSort | null {
  return view.listId === listId ? view.sort : null;
}

/**
 * The state behind `BridgeTable`, without its markup, to drive any table (your own, TanStack
 * Table, MUI DataGrid...): fetches one page of a list endpoint through `useBridgeApi` +
 * `useBridgeQuery('list')` (shared cache, revalidated by mutations), and holds the page and the
 * sort. Sorting returns to page 1; another endpoint, page size or instance is another list and
 * starts on page 1, unsorted. `totalPages` is only there when the server gives a total.
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
 */
export function useBridgeTableState<T>({
  endpoint,
  pageSize = 10,
  instanceId,
  swrConfig,
}: UseBridgeTableStateOptions<T>): UseBridgeTableStateResult<T> {
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw new RangeError(
      `useBridgeTableState(): pageSize must be an integer >= 1, got ${pageSize}`,
    );
  }
  const listId = `${instanceId ?? ''}\u0000${endpoint}\u0000${pageSize}`;
  const [view, setView] = useState<View>({ listId, page: 1, sort: null });
  const { page, sort } = view.listId === listId ? view : { page: 1, sort: null };

  // `T` is this hook's own type parameter: TypeScript cannot tell that it was given (once a
  // document is registered, the untyped form wants that), hence the cast.
  const service = useBridgeApi<T>(
    useMemo(() => ({ endpoint: endpoint as never }), [endpoint]),
    instanceId,
  );
  const params = useMemo(
    () => ({ page, limit: pageSize, ...sortParams(sort) }),
    [page, pageSize, sort],
  );
  const { data, meta, isLoading, error, refetch } = useBridgeQuery(service, 'list', params, {
    keepPreviousData: true,
    ...swrConfig,
  });

  return {
    rows: data,
    meta,
    isLoading,
    error,
    refetch,
    page,
    currentPage: meta?.page ?? page,
    // Unknown when the backend gives no total: never invented from the rows.
    ...(meta?.total !== undefined && {
      totalPages: Math.max(1, Math.ceil(meta.total / Math.max(1, meta.limit))),
    }),
    hasPrevious: page > 1,
    hasNext: meta?.hasMore ?? false,
    sort,
    setPage(next) {
      if (!Number.isInteger(next) || next < 1) {
        throw new RangeError(`setPage(): page must be an integer >= 1, got ${next}`);
      }
      // Updaters, so several calls in one event (toggleSort, then setPage) all count.
      setView((current) => ({ listId, page: next, sort: sortOf(current, listId) }));
    },
    toggleSort(key) {
      setView((current) => ({ listId, page: 1, sort: nextSort(sortOf(current, listId), key) }));
    },
    setSort(next) {
      setView({ listId, page: 1, sort: next });
    },
  };
}
