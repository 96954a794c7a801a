/**
 * The session resolution chain (docs/guide/auth.md, "Where the session comes from"): in-memory
 * value, then the app's `getSessionId`, then storage keys in order.
 */
import { SESSION_STORAGE_KEYS } from './storage';
import type { StorageAdapter } from '../contract/http';
import type { SessionStore } from '../contract/sessionModule';

export type { SessionStore } from '../contract/sessionModule';

/** Inputs of `createSessionStore`. */
export interface SessionStoreOptions {
  sessionId?: string | undefined;
  getSessionId?: (() => Promise<string | null> | string | null) | undefined;
  storage?: StorageAdapter | undefined;
  sessionKeys?: readonly string[] | undefined;
  /** Written before the built-in keys (`client_session_id`…). */
  storageKeyPrefix?: string | undefined;
}

const usable = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * Creates the session store of one client.
 *
 * @example
 * const session = createSessionStore({ storage: new MemoryStorage() });
 * session.set('abc');
 * await session.resolve(); // 'abc'
 */
export function createSessionStore(options: SessionStoreOptions): SessionStore {
  let memory: string | null = usable(options.sessionId) ? options.sessionId : null;
  const { getSessionId, storage } = options;
  const prefix = options.storageKeyPrefix ?? '';
  const own = SESSION_STORAGE_KEYS.map((key) => prefix + key);
  const keys = [...own, ...(options.sessionKeys ?? [])];
  // Storage writes run in order, and reads wait for them, so clearSession() followed at once
  // by a request or hasSession() never sees the old value.
  let queue: Promise<void> = Promise.resolve();

  const enqueue = (op: (target: StorageAdapter) => Promise<void> | void) => {
    if (storage === undefined) return;
    queue = queue
      .then(() => op(storage))
      .catch(() => {
        // A failing storage must never surface as an unhandled rejection; memory still holds.
      });
  };

  const fromStorage = async (): Promise<string | null> => {
    await queue;
    for (const key of keys) {
      try {
        const value = await storage?.getItem(key);
        if (usable(value)) return value;
      } catch {
        // An unreadable key is the same as a missing one.
      }
    }
    return null;
  };

  const afterCallback = async (value: Promise<string | null> | string | null) => {
    const id = await value;
    return usable(id) ? id : fromStorage();
  };

  return {
    resolve() {
      if (memory !== null) return memory;
      if (getSessionId !== undefined) return afterCallback(getSessionId());
      // Synchronous when there is nothing to read: the request need not wait a microtask.
      return storage === undefined ? null : fromStorage();
    },
    set(id) {
      memory = id;
      enqueue((target) => target.setItem(own[0]!, id));
    },
    clear() {
      memory = null;
      enqueue(async (target) => {
        await Promise.allSettled(
          keys.map((key) => Promise.resolve().then(() => target.removeItem(key))),
        );
      });
    },
  };
}
