/**
 * The events the panel reads: what a client's stream (`client.observe`) reports of each call,
 * and what the modules beside it report (the auth service and lifecycle, the offline queue, the
 * React binding's cache). A local copy of the shapes until the client exports them; the panel
 * reads nothing else of the client's events.
 */
import type { ApiResponse, Client, User } from '@bridgekit/core';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What every event of a call carries. */
export interface CallEventBase {
  /** The same for every event of one call. */
  callId: number;
  /** When it happened (`Date.now()`). */
  time: number;
}

/** A request body as the `request` event describes it. */
export interface BodySummary {
  kind: 'json' | 'text' | 'form' | 'binary' | 'stream';
  bytes?: number;
  /** The body is secret (a refresh token): only its kind and size are told. */
  secret?: true;
  /** A JSON body's value, credentials redacted. */
  value?: unknown;
}

/** The request as it goes out, after every middleware and the dialect. */
export interface RequestEvent extends CallEventBase {
  type: 'request';
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: BodySummary;
  /** A query builder's `toURL()`, beside the URL the dialect made of it. */
  query?: string;
}

/** One attempt ended (`status: 0` without an HTTP answer). */
export interface AttemptEvent extends CallEventBase {
  type: 'attempt';
  attempt: number;
  status: number;
  durationMs: number;
}

/** The client waits, then tries again. */
export interface RetryEvent extends CallEventBase {
  type: 'retry';
  reason: number | string;
  delayMs: number;
}

/** The client followed a redirect. */
export interface RedirectEvent extends CallEventBase {
  type: 'redirect';
  from: string;
  to: string;
  status: number;
  sessionDropped: boolean;
}

/** The call settled with the `ApiResponse` its caller gets. */
export interface ResponseEvent extends CallEventBase {
  type: 'response';
  response: ApiResponse;
  durationMs: number;
}

/** The life of one call. */
export type CallEvent = RequestEvent | AttemptEvent | RetryEvent | RedirectEvent | ResponseEvent;

/** A sign-in, a sign-out, a refresh, an expiry or a validation. */
export interface AuthEvent {
  type: 'auth';
  kind: 'signedIn' | 'signedOut' | 'refreshed' | 'expired' | 'validated';
  time: number;
  user?: User;
  expiresAt?: string;
  valid?: boolean;
}

/** The offline queue: a write kept, sent, applied, waiting, or refused as a conflict. */
export interface QueueEvent {
  type: 'queue';
  kind: 'queued' | 'sent' | 'applied' | 'parked' | 'conflict';
  time: number;
  /** The write's `Idempotency-Key`. */
  key: string;
  method: HttpMethod;
  url: string;
  attempts?: number;
  status?: number;
  reason?: string;
}

/** The React binding's cache: one key of one provider instance. */
export interface CacheEvent {
  type: 'cache';
  kind: 'fetched' | 'revalidated' | 'invalidated' | 'mutated';
  time: number;
  instance: string;
  key: string;
}

/** What a module reports on a client's stream. */
export type ModuleEvent = AuthEvent | QueueEvent | CacheEvent;

/**
 * Everything a client's listeners hear.
 *
 * @example
 * const onEvent = (event: BridgeEvent) => {
 *   if (event.type === 'attempt') console.log(event.callId, event.attempt, event.status);
 * };
 */
export type BridgeEvent = CallEvent | ModuleEvent;

/**
 * Listens to `client`'s events; returns the function that stops. A client without the stream
 * (an older `@bridgekit/core`) reports nothing.
 *
 * @example
 * const stop = observeClient(client, (event) => console.log(event.type));
 */
export function observeClient(client: Client, listener: (event: BridgeEvent) => void): () => void {
  const observable = client as Client & {
    observe?: (listener: (event: BridgeEvent) => void) => () => void;
  };
  return observable.observe?.(listener) ?? (() => {});
}
