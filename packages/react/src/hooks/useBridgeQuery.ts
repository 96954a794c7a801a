import {
  type BridgeApiService,
  type BridgeQueryType,
  bridgeQueryKey,
  type PaginatedResponse,
  type PaginationMeta,
  type QueryParams,
  type SearchParams,
  toError,
} from '@bridgekit/core';
import { useCallback, useEffect } from 'react';
import useSWR, { type SWRConfiguration, unstable_serialize, useSWRConfig } from 'swr';
import { isAbandoned, readKey, showKey } from './internal/abortableReads';
import { reportCache } from './internal/cacheEvents';
import { useLiveQuery } from './internal/liveQuery';
import { oneOf } from './internal/oneOf';
import { useServiceInstanceId } from './internal/serviceRegistry';

/**
 * SWR's options for one query (`refreshInterval`, `keepPreviousData`, `fallbackData`…), plus
 * `enabled`, SWR's conditional fetching spelled as an option.
 *
 * @example
 * const { isAuthenticated } = useAuth();
 * const { data } = useBridgeQuery(products, 'list', { limit: 20 }, { enabled: isAuthenticated });
 */
export type BridgeQueryConfig<Data = unknown> = SWRConfiguration<Data> & {
  /**
   * `false` waits: no request is sent and the result stays empty (`isLoading` false), as with
   * `null` params. Turning it `true` fetches.
   * @default true
   */
  enabled?: boolean;
  /**
   * Whether this query follows the instance's live module (`live: live()` in its config):
   * patched or asked again when someone else changes what it shows. `false` keeps it as it
   * was fetched (a form being edited); `true` is needed only with `live({ queries: 'opt-in' })`.
   * @default the live module's `queries` option ('all': it follows)
   */
  live?: boolean;
};

/**
 * Params of a `'get'` query.
 *
 * @example
 * const params: GetQueryParams = { id: '7' };
 */
export interface GetQueryParams {
  id: string;
  params?: QueryParams;
}

interface QueryResultBase {
  /** The query's last error (a `BridgeApiError` for server failures), or `null`. */
  error: Error | null;
  /** `true` while the first load runs (no data yet). */
  isLoading: boolean;
  /** `true` while any request (first load or revalidation) runs. */
  isValidating: boolean;
  /** Fetches again (deduplicated with identical queries in flight). */
  refetch(): Promise<void>;
}

/**
 * What `useBridgeQuery` returns for `'list'` and `'search'`.
 *
 * @example
 * const { data, meta, isLoading }: UseBridgeListResult<Product> = useBridgeQuery(products, 'list', {});
 */
export interface UseBridgeListResult<T> extends QueryResultBase {
  /** The rows of the page; `[]` until loaded. */
  data: T[];
  /** Pagination of the page; `null` until loaded. */
  meta: PaginationMeta | null;
}

/**
 * What `useBridgeQuery` returns for `'get'`.
 *
 * @example
 * const { data: product }: UseBridgeGetResult<Product> = useBridgeQuery(products, 'get', { id });
 */
export interface UseBridgeGetResult<T> extends QueryResultBase {
  /** The record; `null` until loaded. */
  data: T | null;
  meta: null;
}

const EMPTY: never[] = [];

/**
 * Reads through a service with SWR: cached, deduplicated (N components on one key -> one
 * request) and revalidated by mutations. The SWR key is
 * `['bridgekit', instanceId, endpoint, type, params]`. To wait (for sign-in, for an id), pass
 * `null` as params or `{ enabled: false }` in `swrConfig`: SWR's conditional fetching. The rest
 * of `swrConfig` goes to SWR as is (`refreshInterval`, `keepPreviousData`, `fallbackData`...).
 *
 * One fetch renders a consumer at most twice (loading, then data). `isValidating` is a getter:
 * only components that read it re-render when a background revalidation starts and ends.
 *
 * A request nobody waits for any more is aborted (the service's `signal`): when the params
 * change (another page, another search) or the component unmounts, and no other component
 * shows the same key. Its late answer never shows, and its abort is no `error`.
 *
 * @example
 * const products = useBridgeApi<Product>({ endpoint: '/products' });
 * const { data, meta, isLoading, error } = useBridgeQuery(products, 'list', { page, limit: 20 });
 * const { data: product } = useBridgeQuery(products, 'get', id ? { id } : null); // waits for an id
 * const { data: found } = useBridgeQuery(products, 'search', { q: 'lamp', filters: { price: { operator: 'gte', value: 10 } } });
 */
export function useBridgeQuery<T>(
  service: BridgeApiService<T>,
  type: 'list',
  params?: QueryParams | null,
  swrConfig?: BridgeQueryConfig<PaginatedResponse<T>>,
): UseBridgeListResult<T>;
export function useBridgeQuery<T>(
  service: BridgeApiService<T>,
  type: 'search',
  params: SearchParams | null,
  swrConfig?: BridgeQueryConfig<PaginatedResponse<T>>,
): UseBridgeListResult<T>;
export function useBridgeQuery<T>(
  service: BridgeApiService<T>,
  type: 'get',
  params: GetQueryParams | null,
  swrConfig?: BridgeQueryConfig<T>,
): UseBridgeGetResult<T>;
export function useBridgeQuery<T>(
  service: BridgeApiService<T>,
  type: BridgeQueryType,
  params?: QueryParams | SearchParams | GetQueryParams | null,
  swrConfig?: BridgeQueryConfig<any>,
): UseBridgeListResult<T> | UseBridgeGetResult<T> {
  oneOf('useBridgeQuery(): type', type, ['list', 'get', 'search']);
  const instanceId = useServiceInstanceId('useBridgeQuery', service);
  const { enabled = true, live, ...config } = swrConfig ?? {};
  const key =
    params === null || !enabled
      ? null
      : bridgeQueryKey(instanceId, service.endpoint, type, params ?? {}, service.dialect);
  const { cache } = useSWRConfig();
  const shown = key === null ? null : unstable_serialize(key);
  // This hook shows `shown` until the key changes or it unmounts: then, if no other hook shows
  // that key, its request in flight is aborted.
  useEffect(() => (shown === null ? undefined : showKey(cache, shown)), [cache, shown]);
  useLiveQuery('useBridgeQuery', instanceId, shown, live);
  const swr = useSWR(
    key,
    async (args: readonly unknown[]): Promise<unknown> => {
      const serialized = unstable_serialize(args);
      const had = cache.get(serialized)?.data !== undefined;
      const data = await readKey<unknown>(cache, serialized, (signal) => {
        const p = args[4];
        if (type === 'get') {
          const { id, params: getParams } = p as GetQueryParams;
          return service.getById(id, getParams, { signal });
        }
        if (type === 'search') return service.search(p as SearchParams, { signal });
        return service.getList(p as QueryParams, { signal });
      });
      reportCache(service.client, had ? 'revalidated' : 'fetched', instanceId, args);
      return data;
    },
    config as SWRConfiguration,
  );
  // data, error and isLoading are read here so that a render follows each of their changes;
  // isValidating stays a getter: reading it opts into the extra renders of revalidations.
  const { data, error, isLoading, mutate } = swr;
  const refetch = useCallback(async () => {
    await mutate();
  }, [mutate]);
  const page = data as PaginatedResponse<T> | undefined;
  return {
    ...(type === 'get'
      ? { data: (data as T | undefined) ?? null, meta: null }
      : { data: page?.data ?? EMPTY, meta: page?.meta ?? null }),
    // A request aborted because no hook showed its key any more is nobody's failure.
    error: error == null || isAbandoned(error) ? null : toError(error),
    isLoading,
    get isValidating() {
      return swr.isValidating;
    },
    refetch,
  } as UseBridgeListResult<T> | UseBridgeGetResult<T>;
}
