import { describe, expect, jest, test } from '@jest/globals';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { createAsyncStorageAdapter } from '../src/createAsyncStorageAdapter';
import { createSecureStoreAdapter, toSecureStoreKey } from '../src/createSecureStoreAdapter';

/** An in-memory object with the shape of `expo-secure-store`, enforcing its key rule. */
function memorySecureStore() {
  const items = new Map<string, string>();
  const check = (key: string) => {
    if (!/^[\w.-]+$/.test(key)) throw new Error(`Invalid key provided to SecureStore: ${key}`);
  };
  return {
    items,
    getItemAsync: jest.fn(async (key: string, _options?: unknown) => {
      check(key);
      return items.get(key) ?? null;
    }),
    setItemAsync: jest.fn(async (key: string, value: string, _options?: unknown) => {
      check(key);
      items.set(key, value);
    }),
    deleteItemAsync: jest.fn(async (key: string, _options?: unknown) => {
      check(key);
      items.delete(key);
    }),
  };
}

describe('createAsyncStorageAdapter', () => {
  test('reads and writes the shared AsyncStorage by default', async () => {
    const storage = createAsyncStorageAdapter();
    await storage.setItem('client_session_id', 'abc');
    expect(await AsyncStorage.getItem('client_session_id')).toBe('abc');
    expect(await storage.getItem('client_session_id')).toBe('abc');
    await storage.removeItem('client_session_id');
    expect(await AsyncStorage.getItem('client_session_id')).toBeNull();
  });

  test('rejects something that is not a storage with a TypeError naming the argument', () => {
    expect(() => createAsyncStorageAdapter({} as never)).toThrow(TypeError);
    expect(() => createAsyncStorageAdapter({} as never)).toThrow(/storage/);
  });
});

describe('createSecureStoreAdapter', () => {
  test('stores values under keys the secure store accepts', async () => {
    const secure = memorySecureStore();
    const storage = createSecureStoreAdapter(secure);
    await storage.setItem('bridgekit:user', '{"id":"1"}');
    expect(secure.items.get('bridgekit_user')).toBe('{"id":"1"}');
    expect(await storage.getItem('bridgekit:user')).toBe('{"id":"1"}');
    await storage.removeItem('bridgekit:user');
    expect(secure.items.size).toBe(0);
    expect(await storage.getItem('missing key')).toBeNull();
  });

  test('keeps the session keys as they are and passes options through', async () => {
    const secure = memorySecureStore();
    const options = { keychainService: 'bridgekit' };
    const storage = createSecureStoreAdapter(secure, { secureStoreOptions: options });
    await storage.setItem('client_session_id', 's1');
    expect(secure.setItemAsync).toHaveBeenCalledWith('client_session_id', 's1', options);
    expect(await storage.getItem('client_session_id')).toBe('s1');
    expect(secure.getItemAsync).toHaveBeenLastCalledWith('client_session_id', options);
  });

  test('sanitizes every character outside letters, digits, . - _', () => {
    expect(toSecureStoreKey('a b/c:d@e.f-g_h')).toBe('a_b_c_d_e.f-g_h');
    expect(() => toSecureStoreKey('')).toThrow(TypeError);
  });

  test('rejects an object that is not the expo-secure-store module', () => {
    expect(() => createSecureStoreAdapter({ getItemAsync() {} } as never)).toThrow(/secureStore/);
  });
});
