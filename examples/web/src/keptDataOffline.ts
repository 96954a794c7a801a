import { useSyncExternalStore } from 'react';
import { type Middleware, type SWRResponse, unstable_serialize, useSWRConfig } from 'swr';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const isOnline = () => navigator.onLine;
const onServer = () => true;

/**
 * An SWR middleware (the provider's `swr={{ use: [keptDataOffline] }}`): offline, a query whose
 * data this device keeps shows that data without an error, since asking again can only fail
 * and the offline banner already says why nothing is fresh. A query with nothing kept (a page
 * never loaded) still fails, with its message and Retry; online, nothing changes.
 *
 * @example
 * <BridgeProvider config={config} swr={{ use: [keptDataOffline] }}>…</BridgeProvider>
 */
export const keptDataOffline: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const swr = useSWRNext(key, fetcher, config);
  const online = useSyncExternalStore(subscribe, isOnline, onServer);
  const { cache } = useSWRConfig();
  // The data kept for this very key: a table's previous page shown meanwhile does not count.
  if (online || cache.get(unstable_serialize(key))?.data === undefined) return swr;
  // Getters, as SWR's own answer has: a component re-renders only for what it reads.
  const kept: SWRResponse = {
    get data() {
      return swr.data;
    },
    get error() {
      return undefined;
    },
    get isValidating() {
      return swr.isValidating;
    },
    get isLoading() {
      return swr.isLoading;
    },
    mutate: swr.mutate,
  };
  return kept;
};
