/**
 * The cache key format shared by every framework package, so that data prefetched on a server
 * (`@bridgekit/nextjs/server`) lands where the hooks look, and mutations find every query.
 */

import type { Dialect } from '../contract/dialect';

/** The query types of `useBridgeQuery`. */
export type BridgeQueryType = 'list' | 'get' | 'search';

/**
 * An SWR key of Bridgekit: `['bridgekit', instanceId, endpoint, type, params]`, then the
 * `id` (else the name) of the entity's own dialect when it has one (`BridgeApiService.dialect`).
 */
export type BridgeQueryKey =
  | readonly ['bridgekit', string, string, string, unknown]
  | readonly ['bridgekit', string, string, string, unknown, string];

/**
 * The SWR key of a query. Other packages (infinite lists, server prefetch) build their keys
 * here so that mutations find them. Called on every render: it checks nothing.
 *
 * @example
 * bridgeQueryKey('default', '/products', 'list', { page: 1 })
 * // ['bridgekit', 'default', '/products', 'list', { page: 1 }]
 * bridgeQueryKey('default', '/products', 'list', { page: 1 }, strapi())
 * // ['bridgekit', 'default', '/products', 'list', { page: 1 }, 'Strapi 5{}']
 */
export function bridgeQueryKey(
  instanceId: string,
  endpoint: string,
  type: string,
  params: unknown,
  dialect?: Pick<Dialect, 'id' | 'name'>,
): BridgeQueryKey {
  // Without an entity dialect the key keeps five items, as server prefetches write it.
  return dialect === undefined
    ? ['bridgekit', instanceId, endpoint, type, params]
    : ['bridgekit', instanceId, endpoint, type, params, dialect.id ?? dialect.name];
}
