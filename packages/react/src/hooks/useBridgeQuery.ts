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
import { useCallback } from 'react';
import useSWR, { type SWRConfiguration } from 'swr';
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
  const { enabled = true, ...config } = swrConfig ?? {};
  const key =
    params === null || !enabled
      ? null
      : bridgeQueryKey(instanceId, service.endpoint, type, params ?? {}, service.dialect);
  const swr = useSWR(
    key,
    ([, , , , p]: readonly unknown[]): Promise<unknown> =>
      type === 'get'
        ? service.getById((p as GetQueryParams).id, (p as GetQueryParams).params)
        : type === 'search'
          ? service.search(p as SearchParams)
          : service.getList(p as QueryParams),
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
    error: error == null ? null : toError(error),
    isLoading,
    get isValidating() {
      return swr.isValidating;
    },
    refetch,
  } as UseBridgeListResult<T> | UseBridgeGetResult<T>;
}
