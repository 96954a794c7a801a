/**
 * The cache key format shared by every framework package, so that data prefetched on a server
 * (`@bridgekit/nextjs/server`) lands where the hooks look, and mutations find every query.
 */

/** The query types of `useBridgeQuery`. */
export type BridgeQueryType = 'list' | 'get' | 'search';

/** An SWR key of Bridgekit: `['bridgekit', instanceId, endpoint, type, params]`. */
export type BridgeQueryKey = readonly ['bridgekit', string, string, string, unknown];

/**
 * The SWR key of a query. Other packages (infinite lists, server prefetch) build their keys
 * here so that mutations find them. Called on every render: it checks nothing.
 *
 * @example
 * bridgeQueryKey('default', '/products', 'list', { page: 1 })
 * // ['bridgekit', 'default', '/products', 'list', { page: 1 }]
 */
export function bridgeQueryKey(
  instanceId: string,
  endpoint: string,
  type: string,
  params: unknown,
): BridgeQueryKey {
  return ['bridgekit', instanceId, endpoint, type, params];
}
