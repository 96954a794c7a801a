import type { Cache, ScopedMutator } from 'swr';
import { isBridgeQueryKey } from './bridgeQueryKey';

/** The SWR cache and its mutator, as `useSWRConfig()` returns them. */
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

/**
 * A list that keeps its data outside SWR's plain keys (such as an `swr/infinite` list, whose
 * pages SWR's key filters never reach) and refreshes itself when its queries are invalidated.
 *
 * @example
 * const listener: BridgeInvalidationListener = {
 *   instanceId: 'default',
 *   endpoint: '/products',
 *   invalidate: (revalidate) => (revalidate ? reload() : clear()),
 * };
 */
export interface BridgeInvalidationListener {
  instanceId: string;
  endpoint: string;
  /** Refetches (`revalidate: true`) or drops (`false`) the list's data; may return a promise. */
  invalidate(revalidate: boolean): unknown;
}

const listenersByCache = new WeakMap<Cache, Set<BridgeInvalidationListener>>();

function endpointMatches(target: InvalidateBridgeQueriesTarget['endpoint'], endpoint: unknown) {
  if (target === undefined) return true;
  if (typeof target === 'function') return typeof endpoint === 'string' && target(endpoint);
  return endpoint === target;
}

/**
 * Registers a list that {@link invalidateBridgeQueries} refreshes along with the plain SWR
 * keys of the same cache, instance and endpoint. Returns the function that unregisters it.
 * `useBridgeInfiniteQuery` uses it so that mutations refresh infinite lists too.
 *
 * @example
 * const { cache } = useSWRConfig();
 * useEffect(
 *   () => onBridgeInvalidate(cache, { instanceId, endpoint, invalidate: () => mutate() }),
 *   [cache, instanceId, endpoint, mutate],
 * );
 */
export function onBridgeInvalidate(cache: Cache, listener: BridgeInvalidationListener): () => void {
  let listeners = listenersByCache.get(cache);
  if (!listeners) {
    listeners = new Set();
    listenersByCache.set(cache, listeners);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Invalidates the cached queries of an instance (and endpoint): every SWR key
 * `['bridgekit', instanceId, endpoint, …]` in the scope's cache, and every list registered
 * with {@link onBridgeInvalidate} there (infinite lists). Every path that changes data on the
 * server (`useBridgeMutation`, `useBridgeCrud`, `BridgeForm`, `useBridgeFormSubmit`) and the
 * sign-in/sign-out of `useAuth` go through here. Resolves when the refetches are done.
 *
 * @example
 * const swr = useSWRConfig();
 * // A websocket said products changed: refresh every products query and list.
 * await invalidateBridgeQueries(swr, { instanceId: 'default', endpoint: '/products' });
 */
export async function invalidateBridgeQueries(
  scope: BridgeCacheScope,
  target: InvalidateBridgeQueriesTarget,
): Promise<void> {
  const { instanceId, endpoint, revalidate = true } = target;
  const keys = (key: unknown) =>
    isBridgeQueryKey(key, instanceId) && endpointMatches(endpoint, (key as unknown[])[2]);
  const lists = [...(listenersByCache.get(scope.cache) ?? [])].filter(
    (listener) =>
      listener.instanceId === instanceId && endpointMatches(endpoint, listener.endpoint),
  );
  await Promise.all([
    revalidate ? scope.mutate(keys) : scope.mutate(keys, undefined, { revalidate: false }),
    // A list's own failure shows in its `error`; it must not fail the mutation.
    ...lists.map((listener) =>
      new Promise((resolve) => resolve(listener.invalidate(revalidate))).catch(() => {}),
    ),
  ]);
}
