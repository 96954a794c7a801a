import type { Client } from '@bridgekit/core';
import type { Cache, ScopedMutator } from 'swr';
import { reportCache } from './internal/cacheEvents';
import { isBridgeQueryKey } from './isBridgeQueryKey';

/**
 * The SWR cache and its mutator, as `useSWRConfig()` returns them.
 *
 * @example
 * const scope: BridgeCacheScope = useSWRConfig();
 */
export interface BridgeCacheScope {
  cache: Cache;
  mutate: ScopedMutator;
}

/**
 * Which cached queries to invalidate: those of one instance, optionally narrowed by endpoint.
 *
 * @example
 * const target: InvalidateBridgeQueriesTarget = { instanceId: 'default', endpoint: '/products' };
 */
export interface InvalidateBridgeQueriesTarget {
  /** The provider instance whose queries are concerned. */
  instanceId: string;
  /**
   * The endpoint of the queries (compared exactly), or a test on each cached endpoint.
   * @default every endpoint of the instance
   */
  endpoint?: string | ((endpoint: string) => boolean);
  /**
   * `true` refetches the queries; `false` drops their data without refetching (sign-out).
   * @default true
   */
  revalidate?: boolean;
}

function endpointMatches(target: InvalidateBridgeQueriesTarget['endpoint'], endpoint: unknown) {
  if (target === undefined) return true;
  if (typeof target === 'function') return typeof endpoint === 'string' && target(endpoint);
  return endpoint === target;
}

/**
 * Invalidates the cached queries of an instance (and endpoint): every SWR key
 * `['bridgekit', instanceId, endpoint, …]` in the scope's cache, the infinite lists of
 * `useBridgeInfiniteQuery` (every page they loaded) included. Every path that changes data on
 * the server (`useBridgeMutation`, `useBridgeCrud`, `BridgeForm`, `useBridgeFormSubmit`) and
 * the sign-in/sign-out of `useAuth` go through here. Resolves when the refetches are done; a
 * query's own failure shows in its `error` and does not reject.
 *
 * @example
 * const swr = useSWRConfig();
 * // A websocket said products changed: refresh every products query and list.
 * await invalidateBridgeQueries(swr, { instanceId: 'default', endpoint: '/products' });
 */
export function invalidateBridgeQueries(
  scope: BridgeCacheScope,
  target: InvalidateBridgeQueriesTarget,
): Promise<void> {
  return invalidateQueries(scope, target);
}

/** What the binding's own invalidations add to `invalidateBridgeQueries`. */
interface InvalidateOptions {
  /** Keys left out (their cache stays as it is): a delete skips the deleted record's own queries. */
  skip?: (key: readonly unknown[]) => boolean;
  /** The instance's client, whose observers hear of each key invalidated (`cache` events). */
  client?: Client;
}

/**
 * `invalidateBridgeQueries`, with the binding's options. Internal.
 *
 * @example
 * await invalidateQueries(scope, { instanceId, endpoint }, { client, skip: (key) => key[3] === 'get' });
 */
export async function invalidateQueries(
  scope: BridgeCacheScope,
  target: InvalidateBridgeQueriesTarget,
  { skip, client }: InvalidateOptions = {},
): Promise<void> {
  const { instanceId, endpoint, revalidate = true } = target;
  const keys = (key: unknown) => {
    const hit =
      isBridgeQueryKey(key, instanceId) &&
      endpointMatches(endpoint, (key as unknown[])[2]) &&
      !skip?.(key as unknown[]);
    if (hit) reportCache(client, 'invalidated', instanceId, key as unknown[]);
    return hit;
  };
  await (revalidate ? scope.mutate(keys) : scope.mutate(keys, undefined, { revalidate: false }));
}
