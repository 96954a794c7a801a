/**
 * Session storage adapters: an in-memory one, a guarded `localStorage` one, and the
 * platform default the client uses when `config.storage` is not given.
 */
import type { StorageAdapter } from '../contract/http';

/**
 * Storage keys searched for a session, in this order (`config.sessionKeys` extends the list).
 * `setSessionId` writes the first one.
 *
 * @example
 * await storage.getItem(SESSION_STORAGE_KEYS[0]); // 'client_session_id'
 */
export const SESSION_STORAGE_KEYS = ['client_session_id', 'session_id', 'sessionId'] as const;

/**
 * A `StorageAdapter` that keeps values in a `Map`: for Node, tests, and servers.
 *
 * @example
 * const client = createClient('https://api.example.com', {
 *   storage: new MemoryStorage({ client_session_id: 'abc' }),
 * });
 */
export class MemoryStorage implements StorageAdapter {
  readonly #items = new Map<string, string>();

  /** @param initial entries to start with */
  constructor(initial?: Record<string, string>) {
    if (initial !== undefined) {
      if (typeof initial !== 'object' || initial === null) {
        throw new TypeError('MemoryStorage: initial must be an object of strings');
      }
      for (const [key, value] of Object.entries(initial)) this.#items.set(key, String(value));
    }
  }

  async getItem(key: string): Promise<string | null> {
    return this.#items.get(key) ?? null;
  }

  async setItem(key: string, value: string): Promise<void> {
    this.#items.set(key, String(value));
  }

  async removeItem(key: string): Promise<void> {
    this.#items.delete(key);
  }
}

/** The part of the Web Storage API the adapter uses. */
export type WebStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function findLocalStorage(): WebStorageLike | undefined {
  try {
    // Only a real browser window: Node 22+ has an experimental global `localStorage`,
    // and Node gets no automatic storage (docs/guide/auth.md, "Storage").
    if (typeof window === 'undefined' || typeof document === 'undefined') return undefined;
    return window.localStorage ?? undefined;
  } catch {
    // Sandboxed iframes and some privacy modes throw a SecurityError on access.
    return undefined;
  }
}

/**
 * A `StorageAdapter` over `localStorage` (or any Web Storage). Every operation is guarded:
 * private mode, a full quota, SSR and sandboxed frames never throw, they read as `null`
 * and writes are dropped.
 *
 * @example
 * const client = createClient('/api', { storage: new LocalStorageAdapter() });
 * const perTab = new LocalStorageAdapter(window.sessionStorage);
 */
export class LocalStorageAdapter implements StorageAdapter {
  readonly #storage: WebStorageLike | undefined;

  /** @param storage the Web Storage to use; @default window.localStorage, looked up on each call */
  constructor(storage?: WebStorageLike) {
    this.#storage = storage;
  }

  #target(): WebStorageLike | undefined {
    return this.#storage ?? findLocalStorage();
  }

  async getItem(key: string): Promise<string | null> {
    try {
      return this.#target()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  async setItem(key: string, value: string): Promise<void> {
    try {
      this.#target()?.setItem(key, value);
    } catch {
      // Quota exceeded or storage disabled: the in-memory session still works.
    }
  }

  async removeItem(key: string): Promise<void> {
    try {
      this.#target()?.removeItem(key);
    } catch {
      // Storage disabled: nothing to remove.
    }
  }
}

/**
 * The storage a client uses when `config.storage` is not given: a guarded `localStorage`
 * adapter in a browser, `undefined` in Node, Bun and Deno (supply the session yourself).
 * React Native's package supplies AsyncStorage instead.
 *
 * @example
 * const storage = getDefaultStorage(); // LocalStorageAdapter in a browser, else undefined
 */
export function getDefaultStorage(): StorageAdapter | undefined {
  return findLocalStorage() ? new LocalStorageAdapter() : undefined;
}
