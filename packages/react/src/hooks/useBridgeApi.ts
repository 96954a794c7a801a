import type { BridgeApiService, EntityConfig } from '@bridgekit/core';
import { useBridgeApiFor } from './internal/useBridgeApiFor';
import type {
  RegisteredEndpoint,
  RegisteredItem,
  RegisteredMatch,
  UncheckedDefault,
  UncheckedEndpoint,
} from './register';

/**
 * The CRUD + search service of one entity on an instance. The same object is returned on
 * every render (and to every component) for the same instance and config, even when the
 * config object is recreated inline.
 *
 * @example
 * interface Product { id: string; name: string; price: number }
 * const products = useBridgeApi<Product>({ endpoint: '/products' });
 * const { data } = useBridgeQuery(products, 'list', { page: 1, limit: 20 });
 *
 * @example
 * // With a registered OpenAPI document (`Register`), the item type comes from the endpoint:
 * const pets = useBridgeApi({ endpoint: '/pets' }); // BridgeApiService<Pet>
 */
export function useBridgeApi<const E extends RegisteredEndpoint>(
  config: EntityConfig & { endpoint: E } & RegisteredMatch<E>,
  instanceId?: string,
): BridgeApiService<RegisteredItem<E>>;
export function useBridgeApi<T = UncheckedDefault>(
  config: EntityConfig & { endpoint: UncheckedEndpoint<T> },
  instanceId?: string,
): BridgeApiService<T>;
export function useBridgeApi<T = any>(
  config: EntityConfig,
  instanceId?: string,
): BridgeApiService<T> {
  return useBridgeApiFor<T>('useBridgeApi', config, instanceId);
}
