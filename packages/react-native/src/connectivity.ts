import type { Connectivity } from '@bridgekit/core/offline';
import NetInfo, { type NetInfoState } from '@react-native-community/netinfo';
import { AppState, type AppStateStatus } from 'react-native';

/**
 * Online unless NetInfo says there is no connection or no internet (unknown counts as online).
 *
 * @example
 * isReachable({ isConnected: true, isInternetReachable: null }) // true
 */
export function isReachable(
  state: Pick<NetInfoState, 'isConnected' | 'isInternetReachable'>,
): boolean {
  return state.isConnected !== false && state.isInternetReachable !== false;
}

/**
 * The device's connectivity for the offline queue, from NetInfo (online as `isReachable` says)
 * and AppState: coming back to the foreground online is a chance to send what waits. What the
 * React Native `BridgeProvider` gives every instance's `offlineQueue()`.
 *
 * @example
 * const queue = offlineQueue()({ client, auth, connectivity: netInfoConnectivity() });
 */
export function netInfoConnectivity(): Connectivity {
  // Unknown until NetInfo answers, which counts as online.
  let online = true;
  return {
    isOnline: () => online,
    subscribe(listener) {
      const stopNetInfo = NetInfo.addEventListener((state) => {
        const next = isReachable(state);
        if (next === online) return;
        online = next;
        listener(next);
      });
      let previous: AppStateStatus | undefined = AppState.currentState;
      const subscription = AppState.addEventListener('change', (next) => {
        if (next === 'active' && previous !== 'active' && online) listener(true);
        previous = next;
      });
      return () => {
        stopNetInfo();
        subscription.remove();
      };
    },
  };
}
