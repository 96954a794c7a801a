import type { StorageAdapter } from '@bridgekit/core';
import {
  BridgeProvider as HooksBridgeProvider,
  type BridgeProviderProps as HooksBridgeProviderProps,
} from '@bridgekit/react/hooks';
import type { ReactNode } from 'react';
import { createAsyncStorageAdapter } from './createAsyncStorageAdapter';

/**
 * Props of the React Native `BridgeProvider`: those of `@bridgekit/react`'s provider
 * (`config` | `client` | `instances` + `defaultInstance`, `authPaths`, `userStorageKey`,
 * `transformConfig`, `swr`). An instance described by a config without `storage` gets
 * AsyncStorage.
 *
 * @example
 * const props: BridgeProviderProps = { config: { baseUrl: 'https://api.example.com/api' } };
 */
export type BridgeProviderProps = HooksBridgeProviderProps;

let defaultStorage: StorageAdapter | undefined;

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
 * `client` keeps the storage it was created with.
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
export function BridgeProvider(props: BridgeProviderProps): ReactNode {
  const { transformConfig } = props;
  // The app's own transform first, so a config it builds without storage still gets the default.
  const withStorage: BridgeProviderProps['transformConfig'] = (config, id) => {
    const mapped = transformConfig ? transformConfig(config, id) : config;
    return mapped.storage === undefined ? { ...mapped, storage: asyncStorage() } : mapped;
  };
  return <HooksBridgeProvider {...props} transformConfig={withStorage} />;
}
