/**
 * Where the offline queue keeps its writes: a small interface with two implementations, chosen
 * by platform unless `OfflineQueueOptions.storage` says otherwise. In a browser, IndexedDB
 * (`indexedDbStore`): one transaction per change, shared by the tabs, durable when it commits.
 * Elsewhere (React Native, Node) the key-value storage (`keyValueStore`: AsyncStorage, the
 * client's storage adapter), changed under a lock (`exclusive`). Every change resolves once it is
 * stored, and rejects when storage refuses it: the queue says `QUEUED` only after that.
 */
import type { StorageAdapter } from '../contract/http';
import { indexedDbStore } from './indexedDbStore';
import { keyValueStore } from './keyValueStore';
import type { QueuedMethod } from './queueTypes';

/** Which list of the queue state a write is in. */
export type WriteStatus = 'pending' | 'failed' | 'conflict' | 'unknown' | 'expired';

/** The server's record a write conflicts with. */
export interface TheirVersion {
  /** The server's record now; `null` when someone deleted it. */
  readonly record: unknown;
  /** Its `ETag`, when the server sent one. */
  readonly etag?: string;
}

/** A queued write with everything the queue needs to send it again. */
export interface StoredWrite {
  /** Its id: the `Idempotency-Key` of its first try. What the UI and the actions name it by. */
  readonly id: string;
  /** The `Idempotency-Key` its next try carries (a new one after a conflict was settled). */
  readonly key: string;
  /** Its place in the queue, given by the store: oldest first. */
  readonly seq: number;
  readonly method: QueuedMethod;
  readonly endpoint: string;
  readonly body: unknown;
  /** Its own headers (no credential, no `If-Match`; see `keptHeaders`). */
  readonly headers: Record<string, string>;
  readonly queuedAt: number;
  readonly attempts: number;
  readonly error?: string;
  /** The user who made it (`null`: nobody was signed in); it is sent only under their session. */
  readonly userId: string | null;
  readonly status: WriteStatus;
  /** The version of the record it was made on (`If-Match`), when the client knew one. */
  readonly ifMatch?: string;
  /** The record as the user last saw it, at that version. */
  readonly base?: unknown;
  /** In `conflict`: the server's version. */
  readonly theirs?: TheirVersion;
}

/** A write before the store gave it its place. */
export type NewWrite = Omit<StoredWrite, 'seq'>;

/** The writes of one queue, kept on the device. */
export interface WriteStore {
  /** Every kept write, of every user, oldest first. Rejects when storage cannot be read. */
  list(): Promise<StoredWrite[]>;
  /** Keeps a new write last; resolves it with its place once stored, rejects when refused. */
  add(write: NewWrite): Promise<StoredWrite>;
  /** Replaces a kept write (by `seq`); `false` when it is gone (another tab removed it). */
  update(write: StoredWrite): Promise<boolean>;
  /** Removes a write by id (nothing when it is gone). */
  remove(id: string): Promise<void>;
  /** Lets go of what the store opened (an IndexedDB connection). */
  close(): void;
}

/** What `openWriteStore` chooses from. */
export interface WriteStoreChoice {
  /** The app's storage for the queue (`OfflineQueueOptions.storage`): a key-value store on it. */
  storage: StorageAdapter | undefined;
  /** The client's storage: the key-value store where there is no IndexedDB. */
  fallback: StorageAdapter | undefined;
  /** The database name (IndexedDB) or storage key (key-value) of this queue. */
  name: string;
  /** The lock a key-value store changes under. */
  lock: string;
}

/**
 * The store of one queue: on `storage` when the app gave one, else IndexedDB where the platform
 * has it, else the client's key-value storage; `undefined` when there is none (Node without a
 * storage adapter): writes are then sent as without the queue.
 *
 * @example
 * const store = openWriteStore({ storage: undefined, fallback: client.getStorage(), name: 'bridgekit_offline_queue', lock });
 */
export function openWriteStore(choice: WriteStoreChoice): WriteStore | undefined {
  const { storage, fallback, name, lock } = choice;
  if (storage) return keyValueStore(storage, name, lock);
  if (!hasIndexedDb()) return fallback && keyValueStore(fallback, name, lock);
  const store = indexedDbStore(name);
  return fallback ? adopting(store, keyValueStore(fallback, name, lock)) : store;
}

/**
 * `store`, which first takes over the writes an earlier version kept in key-value storage
 * (`localStorage`) under the same name, once: each is removed there only once `store` holds it
 * (added now, or by another tab: its id is taken), so none is lost on the way.
 */
function adopting(store: WriteStore, earlier: WriteStore): WriteStore {
  let adopted: Promise<void> | undefined;
  const adopt = async () => {
    for (const { seq: _seq, ...write } of await earlier.list()) {
      const held = await store.add(write).then(
        () => true,
        (error: unknown) => (error as { name?: unknown } | null)?.name === 'ConstraintError',
      );
      if (held) await earlier.remove(write.id);
    }
  };
  return {
    ...store,
    async list() {
      adopted ??= adopt().catch(() => {});
      await adopted;
      return store.list();
    },
  };
}

const hasIndexedDb = () =>
  typeof (globalThis as { indexedDB?: unknown }).indexedDB === 'object' &&
  (globalThis as { indexedDB?: unknown }).indexedDB !== null;
