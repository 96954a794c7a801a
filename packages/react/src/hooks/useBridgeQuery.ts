import type {
  BridgeApiService,
  PaginatedResponse,
  PaginationMeta,
  QueryParams,
  SearchParams,
} from '@bridgekit/core';
import { useCallback, useContext } from 'react';
import useSWR, { type SWRConfiguration } from 'swr';
import { BridgeContext } from './BridgeContext';
import { type BridgeQueryType, bridgeQueryKey, instanceIdOf } from './bridgeQueryKey';

/** Params of a `'get'` query. */
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

/** What `useBridgeQuery` returns for `'list'` and `'search'`. */
export interface UseBridgeListResult<T> extends QueryResultBase {
  /** The rows of the page; `[]` until loaded. */
  data: T[];
  /** Pagination of the page; `null` until loaded. */
  meta: PaginationMeta | null;
}

/** What `useBridgeQuery` returns for `'get'`. */
export interface UseBridgeGetResult<T> extends QueryResultBase {
  /** The record; `null` until loaded. */
  data: T | null;
  meta: null;
}

const EMPTY: never[] = [];

function toError(error: unknown): Error | null {
  if (error === undefined || error === null) return null;
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Reads through a service with SWR: cached, deduplicated (N components on one key -> one
 * request) and revalidated by mutations. The SWR key is
 * `['bridgekit', instanceId, endpoint, type, params]`; pass `null` as params to wait
 * (conditional fetching). `swrConfig` goes to SWR as is (`refreshInterval`,
 * `keepPreviousData`, `fallbackData`...).
 *
 * One fetch renders a consumer at most twice (loading, then data). `isValidating` is a getter:
 * only components that read it re-render when a background revalidation starts and ends.
 *
 * @example
 * const products = useBridgeApi<Product>({ endpoint: '/products' });
 * const { data, meta, isLoading, error } = useBridgeQuery(products, 'list', { page, limit: 20 });
 * const { data: product } = useBridgeQuery(products, 'get', { id });
 * const { data: found } = useBridgeQuery(products, 'search', { q: 'lamp', filters: { price: { operator: 'gte', value: 10 } } });
 */
export function useBridgeQuery<T>(
  service: BridgeApiService<T>,
  type: 'list',
  params?: QueryParams | null,
  swrConfig?: SWRConfiguration<PaginatedResponse<T>>,
): UseBridgeListResult<T>;
export function useBridgeQuery<T>(
  service: BridgeApiService<T>,
  type: 'search',
  params: SearchParams | null,
  swrConfig?: SWRConfiguration<PaginatedResponse<T>>,
): UseBridgeListResult<T>;
export function useBridgeQuery<T>(
  service: BridgeApiService<T>,
  type: 'get',
  params: GetQueryParams | null,
  swrConfig?: SWRConfiguration<T>,
): UseBridgeGetResult<T>;
export function useBridgeQuery<T>(
  service: BridgeApiService<T>,
  type: BridgeQueryType,
  params?: QueryParams | SearchParams | GetQueryParams | null,
  swrConfig?: SWRConfiguration,
): UseBridgeListResult<T> | UseBridgeGetResult<T> {
  if (type !== 'list' && type !== 'get' && type !== 'search') {
    throw new TypeError(
      `useBridgeQuery(): type must be 'list', 'get' or 'search', got ${String(type)}`,
    );
  }
  const instanceId = instanceIdOf('useBridgeQuery', service, useContext(BridgeContext));
  const key =
    params === null ? null : bridgeQueryKey(instanceId, service.endpoint, type, params ?? {});
  const swr = useSWR(
    key,
    ([, , , , p]: readonly unknown[]): Promise<unknown> => {
      if (type === 'get') {
        const { id, params: getParams } = p as GetQueryParams;
        return service.getById(id, getParams);
      }
      return type === 'search'
        ? service.search(p as SearchParams)
        : service.getList(p as QueryParams);
    },
    swrConfig as SWRConfiguration,
  );
  // data, error and isLoading are read here so that a render follows each of their changes;
  // isValidating stays a getter: reading it opts into the extra renders of revalidations.
  const { data, error, isLoading, mutate } = swr;
  const refetch = useCallback(async () => {
    await mutate();
  }, [mutate]);
  const base = {
    error: toError(error),
    isLoading,
    get isValidating() {
      return swr.isValidating;
    },
    refetch,
  };
  if (type === 'get') {
    return Object.assign(base, { data: (data as T | undefined) ?? null, meta: null });
  }
  const page = data as PaginatedResponse<T> | undefined;
  return Object.assign(base, { data: page?.data ?? EMPTY, meta: page?.meta ?? null });
}
