import type { StorageAdapter } from '@bridgekit/core';
import {
  BridgeProvider as HooksBridgeProvider,
  type BridgeProviderProps as HooksBridgeProviderProps,
} from '@bridgekit/react/hooks';
import { type ReactNode, useState } from 'react';
import { createAsyncStorageAdapter } from './createAsyncStorageAdapter';

/**
 * Props of the React Native `BridgeProvider`: those of `@bridgekit/react`'s provider
 * (`config` | `client` | `instances` + `defaultInstance`, `authPaths`, `userStorageKey`, `swr`).
 * An instance described by a config without `storage` gets AsyncStorage.
 */
export type BridgeProviderProps = HooksBridgeProviderProps;

let defaultStorage: StorageAdapter | undefined;

/** The AsyncStorage adapter shared by every provider that was not given a storage. */
function asyncStorage(): StorageAdapter {
  defaultStorage ??= createAsyncStorageAdapter();
  return defaultStorage;
}

function withStorage<C extends object>(config: C): C {
  if ('client' in config && (config as { client?: unknown }).client) return config;
  if ((config as { storage?: unknown }).storage !== undefined) return config;
  return { ...config, storage: asyncStorage() };
}

function withDefaultStorage(props: BridgeProviderProps): BridgeProviderProps {
  if (props.config) return { ...props, config: withStorage(props.config) };
  if (props.instances && typeof props.instances === 'object') {
    const instances: NonNullable<BridgeProviderProps['instances']> = {};
    for (const [id, input] of Object.entries(props.instances)) {
      instances[id] = input && typeof input === 'object' ? withStorage(input) : input;
    }
    return { ...props, instances };
  }
  return props;
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
  // Like the wrapped provider, the configuration is read once, on first render.
  const [resolved] = useState(() => withDefaultStorage(props));
  return <HooksBridgeProvider {...resolved}>{props.children}</HooksBridgeProvider>;
}
