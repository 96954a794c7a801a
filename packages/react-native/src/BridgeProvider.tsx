import type { StorageAdapter } from '@bridgekit/core';
import {
  BridgeProvider as HooksBridgeProvider,
  type BridgeProviderProps as HooksBridgeProviderProps,
} from '@bridgekit/react/hooks';
import { type ReactNode, useState } from 'react';
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

/** The props whose lifecycle modules default to `refreshTokenStorage`. */
function withRefreshTokenStorage(
  props: HooksBridgeProviderProps,
  refreshTokenStorage: StorageAdapter,
): HooksBridgeProviderProps {
  type Module = NonNullable<HooksBridgeProviderProps['lifecycle']>;
  const keep = (module: Module | undefined): Module | undefined =>
    module && ((auth, defaults) => module(auth, { refreshTokenStorage, ...defaults }));
  const { config, client, instances } = props;
  if (instances) {
    const mapped: NonNullable<HooksBridgeProviderProps['instances']> = {};
    for (const [id, instance] of Object.entries(instances)) {
      mapped[id] = { ...instance, lifecycle: keep(instance.lifecycle) };
    }
    return { ...props, instances: mapped };
  }
  if (config) return { ...props, config: { ...config, lifecycle: keep(config.lifecycle) } };
  return client ? { ...props, lifecycle: keep(props.lifecycle) } : props;
}

/** The AsyncStorage adapter shared by every provider that was not given a storage. */
function asyncStorage(): StorageAdapter {
  defaultStorage ??= createAsyncStorageAdapter();
  return defaultStorage;
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
  const given = secure ? withRefreshTokenStorage(props, secure) : props;
  const { transformConfig } = given;
  // The app's own transform first, so a config it builds without storage still gets the default.
  const withStorage: BridgeProviderProps['transformConfig'] = (config, id) => {
    const mapped = transformConfig ? transformConfig(config, id) : config;
    return mapped.storage === undefined ? { ...mapped, storage: asyncStorage() } : mapped;
  };
  return <HooksBridgeProvider {...given} transformConfig={withStorage} />;
}
