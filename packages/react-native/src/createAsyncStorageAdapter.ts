import type { StorageAdapter } from '@bridgekit/core';
import AsyncStorage from '@react-native-async-storage/async-storage';

/** The part of AsyncStorage (or any compatible store) the adapter uses. */
export interface AsyncStorageLike {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/**
 * A `StorageAdapter` over `@react-native-async-storage/async-storage`: the default storage of
 * this package's `BridgeProvider`, so a session saved by `login` is found again after the app
 * restarts (keys `client_session_id`, `session_id`, `sessionId`).
 *
 * @param storage The AsyncStorage instance to use.
 * @default storage the package's default export (the app's shared AsyncStorage)
 *
 * @example
 * import { createClient } from '@bridgekit/core';
 * import { createAsyncStorageAdapter } from '@bridgekit/react-native';
 * const client = createClient('https://api.example.com/api', {
 *   storage: createAsyncStorageAdapter(),
 * });
 */
export function createAsyncStorageAdapter(
  storage: AsyncStorageLike = AsyncStorage,
): StorageAdapter {
  if (
    typeof storage !== 'object' ||
    storage === null ||
    typeof storage.getItem !== 'function' ||
    typeof storage.setItem !== 'function' ||
    typeof storage.removeItem !== 'function'
  ) {
    throw new TypeError(
      'createAsyncStorageAdapter: storage must have getItem, setItem and removeItem functions',
    );
  }
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
  };
}
