/**
 * What the parts of one offline queue share (the middleware, the replay loop, the actions): the
 * host's client, auth and connectivity, the settings worked out once from the options, the state,
 * and the changes of the store. A change is stored first and shown after: the state holds a write
 * once the store committed it, and never shows fewer writes than the store holds. Other tabs hear
 * of each change on a `BroadcastChannel` and read the store again.
 */
import type { Client } from '../client/client';
import type { DialectCreates } from '../contract/dialect';
import type { AuthService } from '../services/authService';
import { browserConnectivity, type Connectivity } from './connectivity';
import { pathsOf, signedInUser } from './queuedRequest';
import { createQueueStore, type QueueStore } from './queueState';
import type { ConflictHandler, OfflineQueueHost, OfflineQueueOptions } from './queueTypes';
import type { RecordVersions } from './recordVersions';
import { type NewWrite, openWriteStore, type StoredWrite, type WriteStore } from './writeStore';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The options with their defaults, and what is worked out once from the host. */
export interface QueueSettings {
  readonly maxAttempts: number;
  readonly retryDelay: number;
  readonly maxAge: number;
  readonly onConflict: 'merge' | ConflictHandler | undefined;
  /** The client's base URL: endpoints are kept relative to it. */
  readonly base: string;
  /** The name of this queue's locks and channel (one per base URL and storage key). */
  readonly lock: string;
  /** Whether a URL is a sign-in or account request (never queued). */
  readonly isAccount: (url: string) => boolean;
  /** What the backend does with a repeated create (the client's dialect says). */
  readonly creates: DialectCreates;
}

/** The parts' shared view of one queue. */
export interface QueueContext {
  readonly client: Client;
  readonly auth: AuthService;
  readonly connectivity: Connectivity;
  readonly settings: QueueSettings;
  /** Where writes are kept; `undefined` where there is none (then nothing is queued). */
  readonly store: WriteStore | undefined;
  readonly state: QueueStore;
  /** The record versions module the queue turned on, if any. */
  versions: RecordVersions | undefined;
  /** The keys of writes being replayed, with their user: the middleware checks the user. */
  readonly replaying: Map<string, string | null>;
  /** Who is signed in now. */
  userId(): string | null;
  /** Stores a new write, then shows it; rejects when storage refused it. */
  keep(write: NewWrite): Promise<StoredWrite>;
  /**
   * Stores a changed write, then shows it (removes it from the state when another tab removed
   * it). When storage refuses the change, the stored write stays as it was and the state shows
   * the change.
   */
  update(write: StoredWrite): Promise<void>;
  /** Removes a write from the store, then from the state. */
  remove(id: string): Promise<void>;
  /**
   * Removes a write the server applied from the store, then moves it to the state's `applied`
   * with the `data` of the answer (`record`), where it stays until it is `settled`.
   */
  applied(write: StoredWrite, record: unknown): Promise<void>;
  /** Reads the store again into the state. */
  reload(): Promise<void>;
  /** Whether `userId` has writes waiting to be sent, as the store holds them now. */
  hasPending(userId: string | null): Promise<boolean>;
  /**
   * Holds the queue until `until` (the server's `Retry-After`): the later of two holds wins.
   * A hold heard here is told to the other tabs; one another tab told (`'told'`) is not told
   * back. Returns whether it holds longer now.
   */
  hold(until: number, from?: 'heard' | 'told'): boolean;
  /**
   * Tells other tabs what changed: the store (read it again), a write the server applied (with
   * its answer), or the server's wait (a hold). Set while the queue runs.
   */
  announce: (message?: TabMessage) => void;
}

/**
 * What a queue tells the other tabs: `'changed'` (read the store again), a write the server
 * applied with the `data` of its answer (show it as applied and read its queries again), or the
 * server's wait.
 */
export type TabMessage =
  | 'changed'
  | { readonly applied: StoredWrite; readonly record: unknown }
  | { readonly heldUntil: number };

/**
 * The context of a new queue, before it starts.
 *
 * @example
 * const context = createQueueContext(host, { maxAttempts: 5 });
 */
export function createQueueContext(
  host: OfflineQueueHost,
  options: OfflineQueueOptions,
): QueueContext {
  const { client, auth } = host;
  const connectivity = host.connectivity ?? browserConnectivity();
  const base = client.getBaseUrl();
  const name = `${client.getConfig().storageKeyPrefix ?? ''}bridgekit_offline_queue`;
  const lock = `bridgekit:offline:${base}:${name}`;
  const dialect = client.getConfig().dialect;
  const settings: QueueSettings = {
    maxAttempts: options.maxAttempts ?? 8,
    retryDelay: options.retryDelay ?? 1000,
    maxAge: options.maxAge ?? DAY_MS,
    onConflict: options.onConflict,
    base,
    lock,
    isAccount: pathsOf([...Object.values(auth.paths), ...(host.accountPaths ?? [])], base),
    // The default protocol honours the key; a dialect that does not say is taken at its worst.
    creates: dialect ? (dialect.creates ?? { repeat: 'none' }) : { repeat: 'idempotency-key' },
  };
  const store = openWriteStore({
    storage: options.storage,
    fallback: client.getStorage(),
    name,
    lock,
  });
  const userId = () => signedInUser(auth);
  const state = createQueueStore({
    writes: [],
    userId: userId(),
    online: connectivity.isOnline(),
    heldUntil: 0,
    applied: [],
  });

  // Bumped before and after each change of this tab reaches the store: a reading of the store
  // that overlapped one is read again, so the state never loses a write this tab just kept.
  let changes = 0;
  const storing = async <T>(work: () => Promise<T>): Promise<T> => {
    changes++;
    try {
      return await work();
    } finally {
      changes++;
    }
  };
  let reading: Promise<void> | undefined;
  let again = false;
  const readStore = async () => {
    if (!store) return;
    let seen: number;
    let writes: StoredWrite[];
    do {
      seen = changes;
      writes = await store.list().catch(() => [...state.model.writes]);
    } while (seen !== changes);
    state.dispatch({ type: 'loaded', writes });
  };
  // One reading at a time; a call during one reads once more after it.
  const reload = (): Promise<void> => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = readStore().finally(() => {
      reading = undefined;
      if (again) {
        again = false;
        void reload();
      }
    });
    return reading;
  };

  const context: QueueContext = {
    client,
    auth,
    connectivity,
    settings,
    store,
    state,
    versions: undefined,
    replaying: new Map(),
    userId,
    async keep(write) {
      if (!store) throw new Error('offlineQueue: this instance has no storage to keep writes in');
      const kept = await storing(() => store.add(write));
      state.dispatch({ type: 'kept', write: kept });
      context.announce();
      return kept;
    },
    async update(write) {
      let there = true;
      try {
        there = (await storing(async () => store?.update(write))) !== false;
      } catch {
        // Storage refused the change (a full quota): the stored write stays as it was, still
        // one to send; the state shows the change, so the replay goes on.
      }
      state.dispatch(there ? { type: 'changed', write } : { type: 'removed', id: write.id });
      context.announce();
    },
    async remove(id) {
      await storing(async () => store?.remove(id));
      state.dispatch({ type: 'removed', id });
      context.announce();
    },
    async applied(write, record) {
      await storing(async () => store?.remove(write.id));
      state.dispatch({ type: 'applied', applied: { write, record } });
      context.announce({ applied: write, record });
    },
    reload,
    hold(until, from = 'heard') {
      if (until <= state.model.heldUntil) return false;
      state.dispatch({ type: 'held', until });
      if (from === 'heard') context.announce({ heldUntil: until });
      return true;
    },
    async hasPending(user) {
      const waits = (writes: readonly StoredWrite[]) =>
        writes.some((w) => w.userId === user && w.status === 'pending');
      // What this tab knows first; then the store, which another tab may have changed.
      if (waits(state.model.writes)) return true;
      return waits((await store?.list().catch(() => undefined)) ?? []);
    },
    announce: () => {},
  };
  return context;
}
