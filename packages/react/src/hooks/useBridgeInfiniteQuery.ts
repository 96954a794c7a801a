import {
  type BridgeApiService,
  type PaginatedResponse,
  type PaginationMeta,
  type QueryParams,
  toError,
} from '@bridgekit/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import useSWRInfinite, { type SWRInfiniteConfiguration } from 'swr/infinite';
import { useServiceInstanceId } from './internal/serviceRegistry';
import { onBridgeInvalidate } from './internal/invalidationListeners';

/**
 * The SWR key of one page: `['bridgekit', instanceId, endpoint, 'infinite', params, pageIndex]`,
 * then the id of the entity's own dialect when it has one (`service.dialect`).
 */
export type BridgeInfiniteKey =
  | readonly ['bridgekit', string, string, 'infinite', QueryParams, number]
  | readonly ['bridgekit', string, string, 'infinite', QueryParams, number, string];

/** What `useBridgeInfiniteQuery` returns. */
export interface UseBridgeInfiniteResult<T> {
  /** The rows of every loaded page, in order; `[]` until the first page arrives. */
  items: T[];
  /** The loaded pages as the service returned them. */
  pages: PaginatedResponse<T>[];
  /** Pagination of the last loaded page; `null` until the first page arrives. */
  meta: PaginationMeta | null;
  /** `true` while the first page loads (no data yet). */
  isLoading: boolean;
  /** `true` while a page after the first loads. */
  isLoadingMore: boolean;
  /** `true` while `refresh()` reloads the loaded pages. */
  isRefreshing: boolean;
  /** `true` when the server said a next page exists. */
  hasMore: boolean;
  /** The last error (a `BridgeApiError` for server failures), or `null`. */
  error: Error | null;
  /** Loads the next page. Does nothing while a page is in flight or when `hasMore` is false. */
  loadMore(): void;
  /** Reloads the loaded pages (pull-to-refresh). Resolves when done; never rejects. */
  refresh(): Promise<void>;
}

const EMPTY_PAGES: never[] = [];

/**
 * Page after page of a list, for infinite scroll, on SWR's `swr/infinite`. Page `n` (1-based)
 * is fetched with `service.getList({ ...params, page: n })`; `params.limit` is the page size
 * (`params.page` is ignored). Each page's SWR key is
 * `['bridgekit', instanceId, endpoint, 'infinite', params, pageIndex]`; no page is requested
 * after one whose `meta.hasMore` is false; `loadMore` sends one request, for the next page (not
 * the first page again, as SWR's `setSize` alone would). Pass `null` as params to wait.
 * `swrConfig` goes to SWR as is. Mutations of the same instance and endpoint (`useBridgeMutation`, `useBridgeCrud`,
 * `BridgeForm`) reload every loaded page, as `refresh()` does (SWR's key filters alone would
 * not reach an infinite list).
 *
 * @example
 * const products = useBridgeApi<Product>({ endpoint: '/products' });
 * const { items, hasMore, isLoadingMore, loadMore, refresh } = useBridgeInfiniteQuery(products, { limit: 20 });
 * <FlatList data={items} onEndReached={loadMore} refreshing={false} onRefresh={refresh} … />
 */
export function useBridgeInfiniteQuery<T>(
  service: BridgeApiService<T>,
  params?: QueryParams | null,
  swrConfig?: SWRInfiniteConfiguration<PaginatedResponse<T>>,
): UseBridgeInfiniteResult<T> {
  const instanceId = useServiceInstanceId('useBridgeInfiniteQuery', service);
  const endpoint = service.endpoint;
  const dialect = service.dialect && (service.dialect.id ?? service.dialect.name);
  const waiting = params === null;
  const { page: _ignored, ...pageParams } = params ?? {};
  // A stable text for the params, so an inline object does not restart the list.
  const paramsText = JSON.stringify(pageParams);
  // biome-ignore lint/correctness/useExhaustiveDependencies: paramsText stands for pageParams.
  const stableParams = useMemo(() => pageParams, [paramsText]);

  const getKey = useCallback(
    (pageIndex: number, previous: PaginatedResponse<T> | null): BridgeInfiniteKey | null => {
      if (waiting) return null;
      if (previous && !previous.meta?.hasMore) return null;
      const key = ['bridgekit', instanceId, endpoint, 'infinite', stableParams, pageIndex] as const;
      return dialect === undefined ? key : [...key, dialect];
    },
    [waiting, instanceId, endpoint, stableParams, dialect],
  );

  // SWR revalidates the first page whenever the list revalidates (`revalidateFirstPage`), which
  // is what a focus or reconnect should do, but it does so on `setSize` too: loading page n + 1
  // would fetch page 1 again. While `loadMore` grows the list, the loaded first page stands in
  // for that second request, so each page costs one.
  const pagesRef = useRef<PaginatedResponse<T>[]>(EMPTY_PAGES);
  const growing = useRef<QueryParams | null>(null);
  const swr = useSWRInfinite<PaginatedResponse<T>, unknown, typeof getKey>(
    getKey,
    ([, , , , p, pageIndex]: BridgeInfiniteKey) => {
      const first = pagesRef.current[0];
      if (pageIndex === 0 && growing.current === p && first !== undefined) {
        return Promise.resolve(first);
      }
      return service.getList({ ...p, page: pageIndex + 1 });
    },
    swrConfig,
  );
  const { size, setSize, mutate } = swr;

  // Mutations find plain SWR keys by filter, but SWR keeps infinite lists out of filters: the
  // list registers itself so that `invalidateBridgeQueries` reloads (or, on sign-out, drops)
  // every loaded page.
  const { cache } = useSWRConfig();
  const mutateRef = useRef(mutate);
  mutateRef.current = mutate;
  useEffect(
    () =>
      onBridgeInvalidate(cache, {
        instanceId,
        endpoint,
        invalidate: (revalidate) =>
          revalidate ? mutateRef.current() : mutateRef.current(undefined, { revalidate: false }),
      }),
    [cache, instanceId, endpoint],
  );
  const pages = swr.data ?? EMPTY_PAGES;
  pagesRef.current = pages;
  const last = pages.length > 0 ? pages[pages.length - 1] : undefined;
  const meta = last?.meta ?? null;
  const hasMore = meta?.hasMore === true;
  const isLoading = swr.isLoading;
  const isLoadingMore = !isLoading && size > pages.length && swr.error === undefined;

  const [isRefreshing, setRefreshing] = useState(false);
  // Synchronous guards: FlatList may call onEndReached twice before a re-render.
  const inFlight = useRef(false);
  const latest = useRef({ isLoading, isLoadingMore, hasMore, isRefreshing });
  latest.current = { isLoading, isLoadingMore, hasMore, isRefreshing };

  const loadMore = useCallback(() => {
    const now = latest.current;
    if (
      inFlight.current ||
      now.isLoading ||
      now.isLoadingMore ||
      now.isRefreshing ||
      !now.hasMore
    ) {
      return;
    }
    inFlight.current = true;
    growing.current = stableParams;
    const done = () => {
      inFlight.current = false;
      growing.current = null;
    };
    setSize((current) => current + 1).then(done, done);
  }, [setSize, stableParams]);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await mutate();
    } catch {
      // The error is in `error`; refresh itself never rejects.
    } finally {
      setRefreshing(false);
    }
  }, [mutate]);

  const items = useMemo(() => pages.flatMap((page) => page.data), [pages]);

  return {
    items,
    pages,
    meta,
    isLoading,
    isLoadingMore,
    isRefreshing,
    hasMore,
    error: swr.error == null ? null : toError(swr.error),
    loadMore,
    refresh,
  };
}
