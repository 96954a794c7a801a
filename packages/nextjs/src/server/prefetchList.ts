import {
  bridgeQueryKey,
  type Client,
  createBridgeApiService,
  isBridgeApiError,
  type EntityConfig,
  type PaginatedResponse,
  type QueryParams,
} from '@bridgekit/core';
import { unstable_serialize } from 'swr';

/** SWR `fallback` data: serialized query key → cached value. */
export type BridgeFallback = Record<string, unknown>;

/** Options of {@link prefetchList}. */
export interface PrefetchListOptions {
  /** The client to fetch with, usually `await createServerClient(url)`. */
  client: Client;
  /** The entity endpoint, exactly as the client component passes it (e.g. `'/products'`). */
  endpoint: string;
  /** `customEndpoints`/`updateMethod`/`dialect` of the entity, as given to `useBridgeApi`. */
  entity?: Omit<EntityConfig, 'endpoint'>;
  /**
   * The list parameters, exactly as the client hook will ask for them (for `BridgeTable`
   * with `pageSize` 10: `{ page: 1, limit: 10 }`).
   * @default {}
   */
  params?: QueryParams;
  /**
   * The provider instance the client hook reads from.
   * @default 'default'
   */
  instanceId?: string;
  /**
   * Told why the fetch failed (a `BridgeApiError` for HTTP failures), e.g. to log it; the
   * result is `{}` either way.
   * @default undefined
   */
  onError?: (error: unknown) => void;
}

/**
 * Fetches one list page on the server and returns it as SWR `fallback` under the key the
 * client hooks use, so the first paint already has the rows (no loading state). A failed HTTP
 * fetch returns `{}`: the client then loads as usual and shows its own error.
 *
 * @example
 * // app/products/page.tsx (server component)
 * const client = await createServerClient(process.env.BRIDGEKIT_API_URL!);
 * const fallback = await prefetchList({ client, endpoint: '/products', params: { page: 1, limit: 10 } });
 * return <BridgeHydrate fallback={fallback}><ProductsTable /></BridgeHydrate>;
 */
export async function prefetchList<T = unknown>(
  options: PrefetchListOptions,
): Promise<BridgeFallback> {
  const {
    client,
    endpoint,
    entity,
    params = {},
    instanceId = 'default',
    onError,
  } = options ?? ({} as PrefetchListOptions);
  if (!client || typeof client.get !== 'function') {
    throw new TypeError('prefetchList: options.client must be a Bridgekit Client');
  }
  if (typeof instanceId !== 'string' || instanceId === '') {
    throw new TypeError('prefetchList: options.instanceId must be a non-empty string');
  }
  for (const name of ['page', 'limit'] as const) {
    const value = params[name];
    // Catches e.g. a constant imported from a 'use client' module (a reference, not a number).
    if (value !== undefined && (!Number.isInteger(value) || value < 1)) {
      throw new RangeError(
        `prefetchList: params.${name} must be an integer >= 1, got ${String(value)}`,
      );
    }
  }
  // An entity's own dialect ends the key, as in the hooks' keys.
  const key = bridgeQueryKey(instanceId, endpoint, 'list', params, entity?.dialect);
  const service = createBridgeApiService<T>(client, { ...entity, endpoint });
  let page: PaginatedResponse<T>;
  try {
    page = await service.getList(params);
  } catch (error) {
    // HTTP and network failures fall back to loading on the client; anything else is a bug.
    if (!isBridgeApiError(error)) throw error;
    onError?.(error);
    return {};
  }
  return { [unstable_serialize(key)]: page };
}
