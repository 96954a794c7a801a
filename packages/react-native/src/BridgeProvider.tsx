import type { StorageAdapter } from '@bridgekit/core';
import NetInfo from '@react-native-community/netinfo';
import {
  BridgeProvider as HooksBridgeProvider,
  type BridgeProviderProps as HooksBridgeProviderProps,
  type ModuleDefaults,
  withModuleDefaults,
} from '@bridgekit/react/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { AppState, type AppStateStatus } from 'react-native';
import type { SWRConfiguration } from 'swr';
import { isReachable, netInfoConnectivity } from './connectivity';
import { createAsyncStorageAdapter } from './createAsyncStorageAdapter';
import { createSecureStoreAdapter, type SecureStoreLike } from './createSecureStoreAdapter';

/**
 * Props of the React Native `BridgeProvider`: those of `@bridgekit/react`'s provider
 * (`config` | `client` | `instances` + `defaultInstance`, `authPaths`, `userStorageKey`,
 * `transformConfig`, `swr`, the `lifecycle` module) plus `secureStore`. An instance
 * described by a config without `storage` gets AsyncStorage.
 *
 * @example
 * const props: BridgeProviderProps = { config: { baseUrl: 'https://api.example.com/api' } };
 */
export interface BridgeProviderProps extends HooksBridgeProviderProps {
  /**
   * An `expo-secure-store`-like module (`import * as SecureStore from 'expo-secure-store'`):
   * every instance with the auth lifecycle module keeps its refresh token there (iOS
   * keychain, Android keystore), through `createSecureStoreAdapter`, unless its
   * `authLifecycle({ refreshTokenStorage })` sets one itself.
   * @default undefined (the refresh token is kept in the instance's storage: AsyncStorage)
   */
  secureStore?: SecureStoreLike;
}

let defaultStorage: StorageAdapter | undefined;

/**
 * The native defaults of the modules: offline queues and live modules see the device's network
 * through NetInfo and AppState; with a secure store, lifecycles keep their refresh token there.
 */
function nativeDefaults(secure: StorageAdapter | undefined): ModuleDefaults {
  return {
    lifecycle: (lifecycle) =>
      secure && lifecycle
        ? (auth, defaults) => lifecycle(auth, { refreshTokenStorage: secure, ...defaults })
        : lifecycle,
    offline: (offline) =>
      offline && ((host) => offline({ connectivity: netInfoConnectivity(), ...host })),
    live: (live) => live && ((host) => live({ connectivity: netInfoConnectivity(), ...host })),
  };
}

/** The AsyncStorage adapter shared by every provider that was not given a storage. */
function asyncStorage(): StorageAdapter {
  defaultStorage ??= createAsyncStorageAdapter();
  return defaultStorage;
}

/** SWR's options for React Native's events, and what closes the subscriptions they made. */
interface NativeEvents {
  swr: SWRConfiguration & Required<Pick<SWRConfiguration, 'provider'>>;
  /** Ends every subscription still open. */
  close(): void;
}

/**
 * SWR's focus and reconnect events for React Native. SWR listens on `window` (focus,
 * visibilitychange, online), which React Native never fires: here the app coming back to the
 * foreground (AppState `background`/`inactive` -> `active`) is a focus, and NetInfo going from
 * offline to online is a reconnect. SWR subscribes through `initFocus` / `initReconnect` when
 * the provider mounts and calls what they return when it unmounts, but only for its first
 * subscription: under StrictMode it subscribes again and keeps that one, so the provider ends
 * what is left with `close()` when it unmounts. These are options of a cache provider, so the
 * SWR config gets one (`() => new Map()`) unless the app gives its own.
 */
function nativeEvents(): NativeEvents {
  let online = true;
  const open = new Set<() => void>();
  // Removes a subscription once, whoever asks first (SWR or `close`).
  const tracked = (remove: () => void) => {
    const release = () => {
      if (open.delete(release)) remove();
    };
    open.add(release);
    return release;
  };
  const swr: NativeEvents['swr'] = {
    provider: () => new Map(),
    isOnline: () => online,
    isVisible: () => AppState.currentState !== 'background',
    initFocus(revalidate) {
      let previous: AppStateStatus | undefined = AppState.currentState;
      const subscription = AppState.addEventListener('change', (next) => {
        if (next === 'active' && (previous === 'background' || previous === 'inactive')) {
          revalidate();
        }
        previous = next;
      });
      return tracked(() => subscription.remove());
    },
    initReconnect(revalidate) {
      const unsubscribe = NetInfo.addEventListener((state) => {
        const wasOnline = online;
        online = isReachable(state);
        if (online && !wasOnline) revalidate();
      });
      return tracked(unsubscribe);
    },
  };
  return {
    swr,
    close() {
      for (const release of [...open]) release();
    },
  };
}

/**
 * Makes one or several APIs available to the hooks and components below it. Same props as
 * `@bridgekit/react`'s provider; the only difference is the default storage: instances built
 * from a `config` keep their session (and signed-in user) in
 * `@react-native-async-storage/async-storage`, so a restarted app is still signed in. Pass
 * `storage` (e.g. `createSecureStoreAdapter(SecureStore)`) to choose another; a ready
 * `client` keeps the storage it was created with. With `secureStore`, refresh tokens go to
 * the keychain / keystore while the rest stays in AsyncStorage.
 *
 * @example
 * export default function App() {
 *   return (
 *     <BridgeProvider config={{ baseUrl: 'https://api.example.com/api', timeout: 10_000 }}>
 *       <Navigation />
 *     </BridgeProvider>
 *   );
 * }
 */
export function BridgeProvider({ secureStore, ...props }: BridgeProviderProps): ReactNode {
  // Checked (TypeError) and made once, like the instances the provider reads on first render.
  const [secure] = useState(() => secureStore && createSecureStoreAdapter(secureStore));
  // SWR reads the cache provider (and its focus / reconnect wiring) once, on mount.
  const [events] = useState(nativeEvents);
  // A StrictMode remount runs every cleanup before any effect runs again: SWR subscribes anew
  // after this close, which ends only what was left.
  useEffect(() => events.close, [events]);
  const given = withModuleDefaults(props, nativeDefaults(secure));
  // The app's own SWR options win; its `provider` too, still wired to AppState and NetInfo
  // unless it passes its own `initFocus` / `initReconnect`.
  const swr: SWRConfiguration = { ...events.swr, ...given.swr };
  if (swr.provider === undefined) swr.provider = events.swr.provider;
  const { transformConfig } = given;
  // The app's own transform first, so a config it builds without storage still gets the default.
  const withStorage: BridgeProviderProps['transformConfig'] = (config, id) => {
    const mapped = transformConfig ? transformConfig(config, id) : config;
    return mapped.storage === undefined ? { ...mapped, storage: asyncStorage() } : mapped;
  };
  return <HooksBridgeProvider {...given} swr={swr} transformConfig={withStorage} />;
}
