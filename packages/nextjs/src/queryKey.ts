/** The query types of `useBridgeQuery`. */
export type BridgeQueryType = 'list' | 'get' | 'search';

/** An SWR key as the Bridgekit hooks build it. */
export type BridgeQueryKey = readonly ['bridgekit', string, string, BridgeQueryType, unknown];

/**
 * The SWR key the Bridgekit hooks use for one query: `['bridgekit', instanceId, endpoint,
 * type, params]`. Server prefetching builds the same key so the client finds the data.
 *
 * @example
 * bridgeQueryKey('default', '/products', 'list', { page: 1, limit: 10 })
 */
export function bridgeQueryKey(
  instanceId: string,
  endpoint: string,
  type: BridgeQueryType,
  params: unknown,
): BridgeQueryKey {
  if (typeof instanceId !== 'string' || instanceId === '') {
    throw new TypeError('bridgeQueryKey: instanceId must be a non-empty string');
  }
  if (typeof endpoint !== 'string' || endpoint === '') {
    throw new TypeError('bridgeQueryKey: endpoint must be a non-empty string');
  }
  return ['bridgekit', instanceId, endpoint, type, params];
}
