// Whatever the React Native provider and its modules open closes when it unmounts: remounted 20
// times (StrictMode's double mount included), it leaves no AppState or NetInfo subscription,
// no timer of the lifecycle, and a client the app keeps ends with no middleware or listener.
import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { createClient, MemoryStorage } from '@bridgekit/core';
import { authLifecycle } from '@bridgekit/core/auth';
import NetInfo from '@react-native-community/netinfo';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { act, render, waitFor } from '@testing-library/react-native';
import { type ReactNode, StrictMode } from 'react';
import { AppState } from 'react-native';
import { BridgeProvider, type UseAuthResult, useAuth } from '../src/index';
import {
  liveRegistrations,
  type OpenHandles,
  trackOpenHandles,
} from '../../../test-utils/openHandles';
import { serverUrl } from './helpers';

let handles: OpenHandles;
const live = { appState: 0, netInfo: 0 };

beforeEach(async () => {
  await AsyncStorage.clear();
  live.appState = 0;
  live.netInfo = 0;
  // Each subscription is counted until its own remover runs (the mocks share one remover).
  jest.spyOn(AppState, 'addEventListener').mockImplementation(() => {
    live.appState++;
    let removed = false;
    return {
      remove: () => {
        if (!removed) live.appState--;
        removed = true;
      },
    } as never;
  });
  jest.spyOn(NetInfo, 'addEventListener').mockImplementation(() => {
    live.netInfo++;
    let removed = false;
    return () => {
      if (!removed) live.netInfo--;
      removed = true;
    };
  });
  handles = trackOpenHandles();
});
afterEach(() => {
  handles.restore();
  jest.restoreAllMocks();
});

let auth: UseAuthResult | undefined;
function Probe() {
  auth = useAuth();
  return null;
}

const swr = { provider: () => new Map(), dedupingInterval: 0, loadingTimeout: 0 };

/** Mounts `provider` in StrictMode, signed in, and unmounts it, 20 times. */
async function remount20(provider: () => ReactNode, whileMounted: () => void) {
  for (let round = 0; round < 20; round++) {
    const view = render(<StrictMode>{provider()}</StrictMode>);
    await waitFor(() => expect(auth?.isLoading).toBe(false));
    if (round === 0) {
      await act(async () => {
        await auth!.login({ email: 'admin@example.com', password: 'admin123' });
      });
    }
    await waitFor(() => expect(auth?.isAuthenticated).toBe(true));
    whileMounted();
    view.unmount();
    await waitFor(() => {
      expect(live).toEqual({ appState: 0, netInfo: 0 });
      expect(handles.count().timers).toBe(0);
    });
  }
}

describe('the React Native provider closes what it opened when it unmounts', () => {
  test('20 StrictMode remounts: one AppState and one NetInfo subscription while mounted, none after', async () => {
    const config = {
      baseUrl: serverUrl(),
      lifecycle: authLifecycle({ validateInterval: 1000 }),
    };
    await remount20(
      () => (
        <BridgeProvider config={config} swr={swr}>
          <Probe />
        </BridgeProvider>
      ),
      () => {
        expect(live).toEqual({ appState: 1, netInfo: 1 });
        expect(handles.count().timers).toBeGreaterThanOrEqual(1);
      },
    );
  }, 60_000);

  test('a client the app keeps: no middleware or listener accumulates, none is left after', async () => {
    const client = createClient(serverUrl(), { storage: new MemoryStorage() });
    const registrations = liveRegistrations(client);
    const lifecycle = authLifecycle({ validateInterval: 1000 });
    await remount20(
      () => (
        <BridgeProvider client={client} lifecycle={lifecycle} swr={swr}>
          <Probe />
        </BridgeProvider>
      ),
      () => expect(registrations()).toEqual({ use: 1, onSessionRejected: 1 }),
    );
    expect(registrations()).toEqual({ use: 0, onSessionRejected: 0 });
  }, 60_000);
});
