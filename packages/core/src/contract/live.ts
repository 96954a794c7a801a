/**
 * The contract of a live source (docs/guide/live.md, "Your backend's feed"): how changes made by
 * other people reach `@bridgekit/core/live`. The reference server's change feed is one source,
 * a dialect may bring its backend's own (`Dialect.live`: Feathers' real-time events), and a
 * backend with neither is polled. Types only: they import nothing but other contract types.
 */
import type { OperationClient } from './dialect';
import type { Middleware } from './http';

/**
 * One change of one record, as a live source reports it (the reference server's event `data`).
 *
 * @example
 * const change: LiveChange = {
 *   type: 'updated',
 *   resource: 'products',
 *   id: '42',
 *   version: '"57-Q7RpKgp73-a92IPT"',
 *   record: { id: '42', name: 'Desk Lamp', price: 18 },
 * };
 */
export interface LiveChange {
  type: 'created' | 'updated' | 'deleted';
  /** The resource, as in its path (`products`). */
  resource: string;
  /** The record's id, as text. */
  id: string;
  /** The record's version (its `ETag`, quotes included) after the change, when the backend has one. */
  version?: string;
  /** The record after the change, when the source carries it (never for `deleted`). */
  record?: Record<string, unknown>;
}

/**
 * Changes may have been missed (the feed's window passed, the server restarted, a source that
 * cannot resume was away): whatever the app shows must be fetched again.
 *
 * @example
 * const reset: LiveReset = { type: 'reset', reason: 'expired' };
 */
export interface LiveReset {
  type: 'reset';
  /** The feed's reason (`expired`, `unknown`, `too-many`), or the source's (`reconnected`). */
  reason: string;
}

/**
 * What `live.onEvent` listeners hear: a change, or a reset.
 *
 * @example
 * live.onEvent((event: LiveEvent) => {
 *   if (event.type === 'reset') refetchEverything();
 *   else console.log(event.resource, event.id, event.type);
 * });
 */
export type LiveEvent = LiveChange | LiveReset;

/**
 * The client as a live source uses it: its verbs (the feed is one request through the client:
 * its session, headers and origin guard), its base URL and session (a socket signs in with
 * it), and its middleware list (polling adds its conditional reads there). A `Client` is one.
 */
export interface LiveClient extends OperationClient {
  getBaseUrl(): string;
  getSessionId(): Promise<string | null>;
  use(fn: Middleware): () => void;
}

/**
 * What a source is given when it starts: the client, what to follow, and where to report. The
 * module decides when a source runs (signed in, online, the tab shown) and what each report
 * means for the app.
 */
export interface LiveSourceHost {
  readonly client: LiveClient;
  /** The resources to follow (`live({ resources })`); `undefined`: every one the user may read. */
  readonly resources: readonly string[] | undefined;
  /** The id of the last event received, to resume after; `undefined`: from now on. */
  lastEventId(): string | undefined;
  /** Changes arrive from now on (`eventId`: the newest event's id, to resume after). */
  open(eventId?: string): void;
  /** A change (`eventId`: its id in the feed, to resume after). */
  change(change: LiveChange, eventId?: string): void;
  /** Changes may have been missed: the app fetches again what it shows. */
  reset(reason: string, eventId?: string): void;
  /** The connection was lost; the source tries again by itself. */
  closed(error?: Error): void;
  /**
   * The source gave up until the module starts it again: the session ended, or the backend
   * refused the feed (a 403, an unknown resource). `error` says why.
   */
  ended(error: Error): void;
  /** Polling: the queries the app shows should be fetched again now. */
  refresh(): void;
}

/**
 * A live source: the reference server's change feed (`changeFeed()`), a dialect's own
 * (`feathersLive({ socket })`), or polling. Started by `@bridgekit/core/live` while it follows.
 *
 * @example
 * const quiet: LiveSource = {
 *   name: 'quiet',
 *   start(host) {
 *     host.open();
 *     return () => {};
 *   },
 * };
 */
export interface LiveSource {
  /** Named in the live state and in errors. */
  readonly name: string;
  /**
   * `'feed'`: changes are pushed; `'poll'`: the source only asks for `refresh()` now and then.
   * @default 'feed'
   */
  readonly mode?: 'feed' | 'poll';
  /**
   * Whether it resumes after `lastEventId()` without a gap (or says `reset` itself). A source
   * that does not is followed by a `reset` whenever it opens again after a break.
   * @default false
   */
  readonly resumes?: boolean;
  /**
   * Whether one connection can serve every tab of a browser signed in as the same user: the
   * module then holds it in one tab (Web Locks) and relays what it brings to the others
   * (BroadcastChannel). A source around the app's own connection (a socket) is not.
   * @default false
   */
  readonly shareable?: boolean;
  /**
   * Whether it follows while nobody is signed in too (polling asks what the app shows, as the
   * app would: a backend without sign-in is polled all the same). A feed that needs a session
   * follows only while someone is signed in, as that user.
   * @default false
   */
  readonly withoutSession?: boolean;
  /** Starts following; returns what stops it and closes whatever it opened. */
  start(host: LiveSourceHost): () => void;
}
