import {
  type BridgeApiService,
  type PaginatedResponse,
  type PaginationMeta,
  type QueryParams,
  toError,
} from '@bridgekit/core';
import { useCallback, useMemo, useRef, useState } from 'react';
// SWR's main entry only, never a subpath such as `swr/infinite`: Metro resolves `swr/<subpath>`
// through SWR's stub folders to its CommonJS build, a second SWR beside the ES build of `swr`.
import useSWR, { type SWRConfiguration, unstable_serialize, useSWRConfig } from 'swr';
import { useServiceInstanceId } from './internal/serviceRegistry';

/**
 * The SWR key of an infinite list, whose data is its loaded pages:
 * `['bridgekit', instanceId, endpoint, 'infinite', params]`, then the id of the entity's own
 * dialect when it has one (`service.dialect`). A plain Bridgekit key: `invalidateBridgeQueries`
 * and SWR's key filters reach it as they reach every query.
 */
export type BridgeInfiniteKey =
  | readonly ['bridgekit', string, string, 'infinite', QueryParams]
  | readonly ['bridgekit', string, string, 'infinite', QueryParams, string];

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

/** The pages `1..count` of a list, in order, stopping after one with no next page. */
async function loadPages<T>(
  service: BridgeApiService<T>,
  params: QueryParams,
  count: number,
): Promise<PaginatedResponse<T>[]> {
  const pages: PaginatedResponse<T>[] = [];
  for (let page = 1; page <= count; page++) {
    const loaded = await service.getList({ ...params, page });
    pages.push(loaded);
    if (!loaded.meta?.hasMore) break;
  }
  return pages;
}

/**
 * Page after page of a list, for infinite scroll, on one SWR key
 * (`['bridgekit', instanceId, endpoint, 'infinite', params]`) whose data is the loaded pages.
 * Page `n` (1-based) is fetched with `service.getList({ ...params, page: n })`; `params.limit`
 * is the page size (`params.page` is ignored). `loadMore` sends one request, for the next page,
 * and none after a page whose `meta.hasMore` is false; a revalidation (`refresh()`, a focus, a
 * reconnect, a mutation of the same instance and endpoint: `useBridgeMutation`,
 * `useBridgeCrud`, `BridgeForm`) reloads every loaded page, and a sign-out drops them. Pass
 * `null` as params to wait. `swrConfig` goes to SWR as is.
 *
 * @example
 * const products = useBridgeApi<Product>({ endpoint: '/products' });
 * const { items, hasMore, isLoadingMore, loadMore, refresh } = useBridgeInfiniteQuery(products, { limit: 20 });
 * <FlatList data={items} onEndReached={loadMore} refreshing={false} onRefresh={refresh} … />
 */
export function useBridgeInfiniteQuery<T>(
  service: BridgeApiService<T>,
  params?: QueryParams | null,
  swrConfig?: SWRConfiguration<PaginatedResponse<T>[]>,
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
  const key = useMemo((): BridgeInfiniteKey | null => {
    if (waiting) return null;
    const list = ['bridgekit', instanceId, endpoint, 'infinite', stableParams] as const;
    return dialect === undefined ? list : [...list, dialect];
  }, [waiting, instanceId, endpoint, stableParams, dialect]);

  // The pages a key holds now, from the cache (not the rendered data, which may be another
  // key's with `keepPreviousData`): a revalidation reloads that many.
  const { cache } = useSWRConfig();
  const held = (of: BridgeInfiniteKey): PaginatedResponse<T>[] =>
    (cache.get(unstable_serialize(of))?.data as PaginatedResponse<T>[] | undefined) ?? EMPTY_PAGES;
  // `loadMore` revalidates the key with `growing` set: the fetch then adds the next page to
  // the pages held instead of loading them all again.
  const growing = useRef(false);
  const swr = useSWR<PaginatedResponse<T>[], unknown, BridgeInfiniteKey | null>(
    key,
    async (of: BridgeInfiniteKey) => {
      const grow = growing.current;
      growing.current = false;
      const pages = held(of);
      if (!grow) return loadPages(service, of[4], Math.max(1, pages.length));
      const next = await service.getList({ ...of[4], page: pages.length + 1 });
      return [...pages, next];
    },
    swrConfig,
  );
  const { mutate } = swr;
  const pages = swr.data ?? EMPTY_PAGES;
  const last = pages.length > 0 ? pages[pages.length - 1] : undefined;
  const meta = last?.meta ?? null;
  const hasMore = meta?.hasMore === true;
  const isLoading = swr.isLoading;

  const [isLoadingMore, setLoadingMore] = useState(false);
  const [isRefreshing, setRefreshing] = useState(false);
  // Synchronous guards: FlatList may call onEndReached twice before a re-render.
  const inFlight = useRef(false);
  const latest = useRef({ isLoading, hasMore, isRefreshing });
  latest.current = { isLoading, hasMore, isRefreshing };

  const loadMore = useCallback(() => {
    const now = latest.current;
    if (inFlight.current || now.isLoading || now.isRefreshing || !now.hasMore) return;
    inFlight.current = true;
    growing.current = true;
    setLoadingMore(true);
    // The fetch starts inside mutate() and takes `growing` back; if SWR started none (a paused
    // SWR), no later revalidation must grow the list.
    const grown = mutate();
    growing.current = false;
    const done = () => {
      inFlight.current = false;
      setLoadingMore(false);
    };
    grown.then(done, done);
  }, [mutate]);

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
