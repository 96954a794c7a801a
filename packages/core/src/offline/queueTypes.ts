/**
 * The shapes of the offline write queue (`offlineQueue` in `@bridgekit/core/offline`): what a
 * queued write looks like, the state a UI renders, the queue's interface, and what a provider
 * lends it. The behaviour is in `writeQueue`.
 */
import type { Client } from '../client/client';
import type { StorageAdapter } from '../contract/http';
import type { AuthService } from '../services/authService';
import type { Connectivity } from './connectivity';

/** The methods a queued write can have. */
export type QueuedMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A write kept on the device until it can be sent.
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
  /** Its `Idempotency-Key`, the same on every try. */
  readonly id: string;
  readonly method: QueuedMethod;
  /** The path under the client's base URL, query included (an absolute URL when it was one). */
  readonly endpoint: string;
  /** The body as it was sent (JSON values or text); `undefined` for none. */
  readonly body: unknown;
  /** When it was queued (ms since the epoch). */
  readonly queuedAt: number;
  /** How many times the queue sent it. */
  readonly attempts: number;
  /** Why the last try did not apply it (in `failed`: why it was given up). */
  readonly error?: string;
}

/**
 * What the queue shows of the signed-in user's writes (another user's are never shown).
 *
 * @example
 * const { isOnline, pending, failed }: OfflineQueueState = queue.getState();
 */
export interface OfflineQueueState {
  /** Whether the platform says it is online. */
  readonly isOnline: boolean;
  /** Writes waiting to be sent, oldest first. */
  readonly pending: readonly QueuedWrite[];
  /** Writes the server refused (a 4xx), or that ran out of attempts: `retry(id)` or `discard(id)`. */
  readonly failed: readonly QueuedWrite[];
}

/**
 * Options of `offlineQueue`.
 *
 * @example
 * const options: OfflineQueueOptions = { maxAttempts: 5, retryDelay: 2000 };
 */
export interface OfflineQueueOptions {
  /**
   * Where the writes are kept.
   * @default the instance client's storage (`localStorage` in a browser, AsyncStorage in React Native)
   */
  storage?: StorageAdapter;
  /**
   * Tries per write after a network failure, a 408, 429 or 5xx, before it moves to `failed`.
   * @default 8
   */
  maxAttempts?: number;
  /**
   * The first wait (ms) before trying again; it doubles per attempt, up to a minute.
   * @default 1000
   */
  retryDelay?: number;
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
  /** Moves a failed write back to pending (attempts from 0) and replays. */
  retry(id: string): Promise<void>;
  /** Removes a write, pending or failed, without sending it. */
  discard(id: string): Promise<void>;
  /**
   * Starts the queue: its middleware on the client, the connectivity and auth listeners, and
   * a replay of what waits. `onApplied` is called with each replayed write the server applied
   * (a 2xx): the providers revalidate the queries of its endpoint there. Returns the function
   * that stops all of it (a request in flight is aborted and stays queued); it may be started
   * again.
   */
  start(onApplied?: (write: QueuedWrite) => void): () => void;
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
