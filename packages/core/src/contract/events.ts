/**
 * The events of a client's stream (`client.observe`): what each call does between the last
 * middleware and the answer, and what the modules beside the client report (the auth service
 * and lifecycle, the offline queue, the live module, the React binding's cache). Plain objects, built only while
 * someone listens. No credential appears in any of them: see docs/guide/requests.md, "Watching
 * requests".
 */
import type { User } from './auth';
import type { ApiResponse, HttpMethod } from './http';

/** What every event of a call carries. */
export interface CallEventBase {
  /** The same for every event of one call, and different for every call in this runtime. */
  callId: number;
  /** When it happened (`Date.now()`). */
  time: number;
}

/**
 * A request body as the `request` event describes it: its kind and size. `value` is a JSON body
 * as it was sent, credentials taken out (the value under a key that names one: `password`,
 * `token`, `session`, `secret`…, and any text holding the session), when the request is not
 * secret and its JSON text is at most 10 000 characters. A secret body (`RequestOptions.secret`:
 * a refresh token) is never included, whatever its size.
 */
export interface BodySummary {
  /** `json` (the client encoded it), `text` (a string), `form` (`FormData`, `URLSearchParams`), `binary` (`Blob`, `ArrayBuffer`, a typed array), `stream`. */
  kind: 'json' | 'text' | 'form' | 'binary' | 'stream';
  /** Its size in bytes, where it is known without reading it (not for `FormData` or a stream). */
  bytes?: number;
  /** The request is secret: nothing of the body but its kind and size is reported. */
  secret?: true;
  /** A JSON body's value (see above). */
  value?: unknown;
}

/**
 * The request as it goes out, after every middleware, the dialect's transport and the origin
 * guard: one per send (a replay, after a refresh, is a second one with the same `callId`).
 * Credential headers keep their name and lose their value (`'[redacted]'`): the session header
 * and any header carrying the session, `Authorization`, `Proxy-Authorization`, `Cookie`, and the
 * client's default headers (an API key), which the origin guard keeps to the base origin too.
 */
export interface RequestEvent extends CallEventBase {
  type: 'request';
  method: HttpMethod;
  /** The URL that goes to `fetch`. */
  url: string;
  headers: Record<string, string>;
  /** Absent without a body. */
  body?: BodySummary;
  /**
   * What the request stands for as the app wrote it: a query builder's `toURL()`, beside the
   * URL the dialect made of it (`RequestOptions.query`).
   */
  query?: string;
}

/**
 * One attempt ended: an HTTP answer (its redirects followed), or none (`status: 0`). An attempt
 * the caller aborted, or a redirect the client refused to follow, ends the call without one: the
 * `response` says why.
 */
export interface AttemptEvent extends CallEventBase {
  type: 'attempt';
  /** From 1; retries (and a replay's attempts) count on. */
  attempt: number;
  /** `0` without an HTTP answer (a network error, a time-out). */
  status: number;
  durationMs: number;
}

/** The client waits, then tries again. */
export interface RetryEvent extends CallEventBase {
  type: 'retry';
  /** The status that is retried (`503`), or the code of a failure without an answer (`'TIMEOUT'`). */
  reason: number | string;
  /** The backoff, or the server's `Retry-After`. */
  delayMs: number;
}

/**
 * The client followed a redirect (where `fetch` shows them: Node, Bun, Deno; browsers follow
 * them unseen).
 */
export interface RedirectEvent extends CallEventBase {
  type: 'redirect';
  from: string;
  to: string;
  status: number;
  /** The hop left the origin, and the session (with the other origin-bound headers) stayed behind. */
  sessionDropped: boolean;
}

/**
 * The call settled: the `ApiResponse` its caller gets, after the response interceptors, with
 * credentials taken out of a copy of `data` as from a JSON body (a sign-in answer's session, a
 * refresh answer's tokens). The caller's own answer is untouched.
 */
export interface ResponseEvent extends CallEventBase {
  type: 'response';
  response: ApiResponse;
  /** From the call to its answer, every attempt, wait and middleware included. */
  durationMs: number;
}

/** The life of one call, in order: `request`, `redirect`s, `attempt`, `retry`, … `response`. */
export type CallEvent = RequestEvent | AttemptEvent | RetryEvent | RedirectEvent | ResponseEvent;

/**
 * The auth service and the auth lifecycle: a sign-in (`login`, a registration, a second factor,
 * a session restored at start), a sign-out, a refresh, an expiry (a 401 to the session, or a
 * validation that says it ended), a validation's answer.
 */
export interface AuthEvent {
  type: 'auth';
  kind: 'signedIn' | 'signedOut' | 'refreshed' | 'expired' | 'validated';
  time: number;
  /** The signed-in user (`signedIn`, `validated`). */
  user?: User;
  /** When the session ends, as the server said (`signedIn`, `refreshed`, `validated`). */
  expiresAt?: string;
  /** `validated`: whether the server said the session is valid. */
  valid?: boolean;
}

/** The offline queue: a write kept, sent, applied by the server, waiting, or refused as a conflict. */
export interface QueueEvent {
  type: 'queue';
  kind: 'queued' | 'sent' | 'applied' | 'parked' | 'conflict';
  time: number;
  /** The write's `Idempotency-Key`. */
  key: string;
  method: HttpMethod;
  url: string;
  /** Times it was sent so far (`sent`: this time included). */
  attempts?: number;
  /** The server's answer (`applied`, `parked`, `conflict`), `0` without one. */
  status?: number;
  /**
   * Why it was kept (`queued`: `'Offline'`, the error of a try without an answer), why it waits
   * (`parked`, after its list: `'failed: …'`, `'unknown: …'`, `'expired: …'`) or why it was
   * refused (`conflict`).
   */
  reason?: string;
}

/** The React binding's cache: one key of one provider instance. */
export interface CacheEvent {
  type: 'cache';
  kind: 'fetched' | 'revalidated' | 'invalidated' | 'mutated';
  time: number;
  /** The provider instance (`'default'`, or the id in `instances`). */
  instance: string;
  /** The cache key. */
  key: string;
}

/**
 * The live module (`@bridgekit/core/live`): its source opened, a change or a reset came (never
 * with the record: it may hold what a listener must not show), the source closed.
 */
export interface LiveFeedEvent {
  type: 'live';
  kind: 'connected' | 'received' | 'reset' | 'disconnected';
  time: number;
  /** How changes arrive: `change feed`, `polling`, or a dialect's source (`feathers`). */
  source: string;
  /** `received`: the resource, the record's id and what happened to it. */
  resource?: string;
  id?: string;
  change?: 'created' | 'updated' | 'deleted';
  /** `reset`: the feed's reason; `disconnected`: why (`paused` when it was let go on purpose). */
  reason?: string;
}

/**
 * What a module reports on a client's stream (`reportEvent`).
 *
 * @example
 * api.observe((event) => {
 *   if (event.type === 'auth' && event.kind === 'refreshed') console.log('session until', event.expiresAt);
 * });
 */
export type ModuleEvent = AuthEvent | QueueEvent | CacheEvent | LiveFeedEvent;

/**
 * Everything a client's listeners hear: the life of each call, and the modules' events.
 *
 * @example
 * const stop = api.observe((event: BridgeEvent) => {
 *   if (event.type === 'attempt') console.log(event.callId, event.attempt, event.status, event.durationMs);
 *   if (event.type === 'auth') console.log('session:', event.kind);
 * });
 */
export type BridgeEvent = CallEvent | ModuleEvent;

/**
 * Hears a client's events (`client.observe`).
 *
 * @example
 * const log: BridgeListener = (event) => {
 *   if (event.type === 'retry') console.warn(`call ${event.callId}: retry after ${event.reason}`);
 * };
 * const stop = api.observe(log);
 */
export type BridgeListener = (event: BridgeEvent) => void;
