// Lists that keep their data outside SWR's plain keys (an `swr/infinite` list, whose pages SWR's
// key filters never reach) register here, per SWR cache, so `invalidateBridgeQueries` refreshes
// them along with the plain keys. Internal: not exported by any entry.
import type { Cache } from 'swr';

/** A list that refreshes itself when the queries of its instance and endpoint are invalidated. */
export interface BridgeInvalidationListener {
  instanceId: string;
  endpoint: string;
  /** Refetches (`revalidate: true`) or drops (`false`) the list's data; may return a promise. */
  invalidate(revalidate: boolean): unknown;
}

const listenersByCache = new WeakMap<Cache, Set<BridgeInvalidationListener>>();

/** Registers `listener` with `cache`; returns the function that unregisters it. */
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

/** The listeners registered with `cache`. */
export function invalidationListeners(cache: Cache): readonly BridgeInvalidationListener[] {
  return [...(listenersByCache.get(cache) ?? [])];
}
