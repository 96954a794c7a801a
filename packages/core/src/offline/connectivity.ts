/**
 * Whether the platform says it is online, and when that changes. The browser's is here
 * (`navigator.onLine` and the window's `online`/`offline` events); React Native's provider
 * passes one over NetInfo and AppState.
 */

/**
 * A platform's view of the network, as the offline queue reads it.
 *
 * @example
 * const always: Connectivity = { isOnline: () => true, subscribe: () => () => {} };
 */
export interface Connectivity {
  /** Whether the platform says it is online now (unknown counts as online). */
  isOnline(): boolean;
  /**
   * Calls `listener` with the new state when it changes, and with `true` when the app comes
   * back to the foreground online (a chance to send what waits). Returns the unsubscribe.
   */
  subscribe(listener: (online: boolean) => void): () => void;
}

/**
 * The browser's connectivity: `navigator.onLine` and the window's `online`/`offline` events.
 * Where there is no window (a server, a test in Node) it is always online and never changes.
 *
 * @example
 * const net = browserConnectivity();
 * const stop = net.subscribe((online) => console.log(online ? 'back online' : 'offline'));
 */
export function browserConnectivity(): Connectivity {
  const target = typeof window === 'undefined' ? undefined : window;
  return {
    isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
    subscribe(listener) {
      if (typeof target?.addEventListener !== 'function') return () => {};
      const online = () => listener(true);
      const offline = () => listener(false);
      target.addEventListener('online', online);
      target.addEventListener('offline', offline);
      return () => {
        target.removeEventListener('online', online);
        target.removeEventListener('offline', offline);
      };
    },
  };
}
