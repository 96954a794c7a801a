import type { BridgeApiService, EntityConfig } from '@bridgekit/core';
import { useBridgeApiFor } from './internal/useBridgeApiFor';

/**
 * The CRUD + search service of one entity on an instance. The same object is returned on
 * every render (and to every component) for the same instance and config, even when the
 * config object is recreated inline.
 *
 * @example
 * interface Product { id: string; name: string; price: number }
 * const products = useBridgeApi<Product>({ endpoint: '/products' });
 * const { data } = useBridgeQuery(products, 'list', { page: 1, limit: 20 });
 */
export function useBridgeApi<T = any>(
  config: EntityConfig,
  instanceId?: string,
): BridgeApiService<T> {
  return useBridgeApiFor<T>('useBridgeApi', config, instanceId);
}
