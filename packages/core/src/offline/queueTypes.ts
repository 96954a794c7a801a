/**
 * The shapes of the offline write queue (`offlineQueue` in `@bridgekit/core/offline`): what a
 * queued write looks like, the state a UI renders, the queue's interface and options, and what a
 * provider lends it. The behaviour is in `writeQueue` and the files it names.
 */
import type { Client } from '../client/client';
import type { StorageAdapter } from '../contract/http';
import type { AuthService } from '../services/authService';
import type { Connectivity } from './connectivity';
import type { RecordVersionsModule } from './recordVersions';

/** The methods a queued write can have. */
export type QueuedMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A write kept on the device until it can be sent, or until the user settles it.
 *
 * @example
 * const write: QueuedWrite = {
 *   id: '3b241101-e2bb-4255-8caf-4136c566a962',
 *   method: 'PATCH',
 *   endpoint: '/products/7',
 *   body: { price: 12 },
 *   queuedAt: 1767225600000,
 *   attempts: 0,
 * };
 */
export interface QueuedWrite {
  /**
   * Its id, the same for its whole life: the `Idempotency-Key` of its first try, and what the
   * `QUEUED` answer carries (`data.id`) and the actions take.
   */
  readonly id: string;
  readonly method: QueuedMethod;
  /** The path under the client's base URL, query included (an absolute URL when it was one). */
  readonly endpoint: string;
  /**
   * The body as it is sent (JSON values or text; a create on a backend that keeps client ids
   * holds the id the queue gave it); `undefined` for none.
   */
  readonly body: unknown;
  /** When it was queued (ms since the epoch). */
  readonly queuedAt: number;
  /** How many times the queue sent it. */
  readonly attempts: number;
  /** Why the last try did not apply it (in `failed`: why it was given up). */
  readonly error?: string;
}

/**
 * A write the server refused because the record changed since the user read it (`412`), or
 * was deleted by someone else: the user's change, the record as they saw it, and the server's.
 *
 * @example
 * const { body: mine, base, theirs } = queue.getState().conflicts[0]!;
 */
export interface QueuedConflict extends QueuedWrite {
  /** The record as the user last saw it (read before the change), when the client had it. */
  readonly base?: unknown;
  /** The server's record now; `null` when someone deleted it. */
  readonly theirs: unknown;
}

/**
 * A write the server applied, held in the state while its queries are read again
 * (`OfflineQueueState.applied`): a list shows it as done until it holds the server's version.
 *
 * @example
 * const created = queue.getState().applied.find((w) => w.method === 'POST')?.record;
 */
export interface AppliedWrite extends QueuedWrite {
  /**
   * The `data` of the server's answer, as it came: the record a create or an update made
   * (the dialect's envelope, if any, included); nothing for most deletes.
   */
  readonly record: unknown;
}

/**
 * How a conflict is settled: `'mine'` sends the user's change again over the server's version,
 * `'theirs'` drops it (the server's record stays, its queries are read again), and a body (an
 * object or array: the two versions merged) is sent instead of the user's change, over the
 * server's version. A `DELETE` takes `'mine'` or `'theirs'` only.
 *
 * @example
 * const choice: ConflictChoice = { ...conflict.theirs as object, price: 12 };
 */
export type ConflictChoice = 'mine' | 'theirs' | Record<string, unknown> | readonly unknown[];

/**
 * What the queue shows of the signed-in user's writes, one list per outcome (another user's
 * writes are only counted, in `waitingForOthers`).
 *
 * @example
 * const { isOnline, pending, failed, conflicts, unknown, expired }: OfflineQueueState = queue.getState();
 */
export interface OfflineQueueState {
  /** Whether the platform says it is online. */
  readonly isOnline: boolean;
  /** Writes waiting to be sent, oldest first. */
  readonly pending: readonly QueuedWrite[];
  /** Writes the server refused (a 4xx), or that ran out of attempts: `retry(id)` or `discard(id)`. */
  readonly failed: readonly QueuedWrite[];
  /**
   * Writes whose record someone else changed or deleted since the user read it:
   * `resolve(id, 'mine' | 'theirs' | merged)`, or `discard(id)`.
   */
  readonly conflicts: readonly QueuedConflict[];
  /**
   * Creates that reached a backend that cannot tell a repeat (no `Idempotency-Key`, no client
   * ids) and whose answer was lost: they may have been applied. Check, then `retry(id)` to send
   * again or `discard(id)`.
   */
  readonly unknown: readonly QueuedWrite[];
  /** Writes older than `maxAge`, not sent blindly: `retry(id)` to send again, or `discard(id)`. */
  readonly expired: readonly QueuedWrite[];
  /**
   * Writes just applied, with the server's answer, while their queries are read again (until
   * what `start`'s `onApplied` returned settles): so that a list shows a create's record, an
   * update's fields and no deleted row between the write leaving the queue and the list's new
   * answer. Nothing waits in it; it is not counted.
   */
  readonly applied: readonly AppliedWrite[];
  /** How many writes on this device belong to other users (sent when they sign in again). */
  readonly waitingForOthers: number;
  /**
   * Until when (ms since the epoch) the server asked the queue to wait (`Retry-After`): no write
   * is sent before, new ones are queued. A wait one tab hears holds the app's other tabs too.
   * `0` when no such wait holds it.
   */
  readonly heldUntil: number;
}

/**
 * Settles a conflict by itself (`OfflineQueueOptions.onConflict`): a choice, or `undefined` to
 * leave it in `conflicts` for the user.
 *
 * @example
 * const keepServerPrices: ConflictHandler = (c) => (c.method === 'DELETE' ? undefined : 'theirs');
 */
export type ConflictHandler = (conflict: QueuedConflict) => ConflictChoice | undefined;

/**
 * Options of `offlineQueue`.
 *
 * @example
 * const options: OfflineQueueOptions = { maxAttempts: 5, retryDelay: 2000, onConflict: 'merge' };
 */
export interface OfflineQueueOptions {
  /**
   * A key-value storage to keep the writes in, instead of the platform's choice.
   * @default IndexedDB in a browser; else the instance client's storage (AsyncStorage in React Native)
   */
  storage?: StorageAdapter;
  /**
   * Tries per write after a network failure or an answer the client retries (408, 425, 429,
   * 500, 502, 503, 504), before it moves to `failed`.
   * @default 8
   */
  maxAttempts?: number;
  /**
   * The base (ms) of the wait before another try: the client's backoff (a random wait below
   * `retryDelay × 2^attempt`, at most 10 s), or the server's `Retry-After` when it sends one.
   * @default 1000
   */
  retryDelay?: number;
  /**
   * A write older than this (ms since it was queued) is not sent blindly: it moves to `expired`.
   * @default 86400000 (24 h: how long the reference server remembers an `Idempotency-Key`)
   */
  maxAge?: number;
  /**
   * Settles conflicts by itself: `'merge'` where the two changes touch different fields (a
   * `PATCH` whose fields the other change left alone is sent again on the new version; a `PUT`
   * gets the server's record with the user's changed fields), or your own `ConflictHandler`.
   * @default undefined (every conflict waits for the user)
   */
  onConflict?: 'merge' | ConflictHandler;
  /**
   * The record versions module the queue turns on for its client (`If-Match` on writes to a
   * record read with an `ETag`), or `false` for none.
   * @default recordVersions()
   */
  versions?: RecordVersionsModule | false;
}

/**
 * The write queue of one instance.
 *
 * @example
 * const queue = offlineQueue()({ client, auth });
 * const stop = queue.start((write) => console.log(`${write.method} ${write.endpoint} applied`));
 * queue.subscribe(({ pending }) => console.log(`${pending.length} waiting`));
 */
export interface OfflineQueue {
  getState(): OfflineQueueState;
  /** Calls `listener` after every change of the state; returns the unsubscribe. */
  subscribe(listener: (state: OfflineQueueState) => void): () => void;
  /** Sends the signed-in user's pending writes now, in order, one at a time. */
  replay(): Promise<void>;
  /**
   * Sends a write of `failed`, `unknown` or `expired` again: back to `pending` (attempts from
   * 0, its age from now), then a replay. Nothing for an id not in those lists.
   */
  retry(id: string): Promise<void>;
  /**
   * Settles a write of `conflicts` (see `ConflictChoice`), then replays.
   * @throws TypeError for a choice that is none of these, or a merged body for a `DELETE`
   */
  resolve(id: string, choice: ConflictChoice): Promise<void>;
  /** Removes a write of the signed-in user, whatever its list, without sending it. */
  discard(id: string): Promise<void>;
  /**
   * Starts the queue: its middleware on the client (and the record versions module's), the
   * connectivity and auth listeners, and a replay of what waits. `onApplied` is called with each
   * write after which its endpoint's queries should be read again: applied by the server, or
   * dropped for the server's version (`resolve(id, 'theirs')`); the providers revalidate there.
   * An applied write stays in `applied` until the promise `onApplied` returns settles (the
   * queries read again), or at once when it returns none. Returns the function that stops all
   * of it (a request in flight is aborted and stays queued); it may be started again.
   */
  start(onApplied?: (write: QueuedWrite) => unknown): () => void;
}

/**
 * What a provider lends the queue of an instance.
 *
 * @example
 * const host: OfflineQueueHost = { client, auth: createAuthService(client) };
 */
export interface OfflineQueueHost {
  /** The instance's client: the queue adds a middleware (`use`) and replays with `request`. */
  client: Client;
  /** Who is signed in (a write waits for its user) and the sign-in paths (never queued). */
  auth: AuthService;
  /** More paths that are never queued: the auth lifecycle's account paths. @default [] */
  accountPaths?: readonly string[];
  /** The platform's view of the network. @default browserConnectivity() */
  connectivity?: Connectivity;
}

/**
 * The offline queue as a module the providers take (`config={{ baseUrl, offline: offlineQueue() }}`):
 * called once per instance.
 *
 * @example
 * const module: OfflineQueueModule = offlineQueue({ maxAttempts: 5 });
 */
export type OfflineQueueModule = (host: OfflineQueueHost) => OfflineQueue;
