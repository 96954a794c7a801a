import type { StorageAdapter } from '@bridgekit/core';

/** The functions of `expo-secure-store` the adapter calls (pass the module itself). */
export interface SecureStoreLike {
  getItemAsync(key: string, options?: any): Promise<string | null>;
  setItemAsync(key: string, value: string, options?: any): Promise<void>;
  deleteItemAsync(key: string, options?: any): Promise<void>;
}

/** Options of {@link createSecureStoreAdapter}. */
export interface SecureStoreAdapterOptions {
  /**
   * Passed to every `expo-secure-store` call (`keychainService`, `keychainAccessible`...).
   * @default undefined
   */
  secureStoreOptions?: Record<string, unknown>;
}

// expo-secure-store accepts only these characters in keys and throws on anything else.
const UNSAFE_KEY_CHARS = /[^A-Za-z0-9._-]/g;

/**
 * Turns a storage key into one `expo-secure-store` accepts: characters other than letters,
 * digits, `.`, `-` and `_` become `_`.
 *
 * @example
 * toSecureStoreKey('bridgekit:user') // 'bridgekit_user'
 */
export function toSecureStoreKey(key: string): string {
  if (typeof key !== 'string' || key === '') {
    throw new TypeError('toSecureStoreKey: key must be a non-empty string');
  }
  return key.replace(UNSAFE_KEY_CHARS, '_');
}

/**
 * A `StorageAdapter` over `expo-secure-store`, for apps that want the session in the iOS
 * keychain / Android keystore instead of AsyncStorage. The module is passed in, so this
 * package does not depend on Expo.
 *
 * @param secureStore The `expo-secure-store` module (`import * as SecureStore from 'expo-secure-store'`).
 *
 * @example
 * import * as SecureStore from 'expo-secure-store';
 * import { BridgeProvider, createSecureStoreAdapter } from '@bridgekit/react-native';
 *
 * <BridgeProvider config={{ baseUrl: API_URL, storage: createSecureStoreAdapter(SecureStore) }}>
 *   <App />
 * </BridgeProvider>
 */
export function createSecureStoreAdapter(
  secureStore: SecureStoreLike,
  options: SecureStoreAdapterOptions = {},
): StorageAdapter {
  if (
    typeof secureStore !== 'object' ||
    secureStore === null ||
    typeof secureStore.getItemAsync !== 'function' ||
    typeof secureStore.setItemAsync !== 'function' ||
    typeof secureStore.deleteItemAsync !== 'function'
  ) {
    throw new TypeError(
      'createSecureStoreAdapter: secureStore must be the expo-secure-store module (getItemAsync, setItemAsync, deleteItemAsync)',
    );
  }
  const { secureStoreOptions } = options;
  return {
    getItem: (key) => secureStore.getItemAsync(toSecureStoreKey(key), secureStoreOptions),
    setItem: (key, value) =>
      secureStore.setItemAsync(toSecureStoreKey(key), value, secureStoreOptions),
    removeItem: (key) => secureStore.deleteItemAsync(toSecureStoreKey(key), secureStoreOptions),
  };
}
