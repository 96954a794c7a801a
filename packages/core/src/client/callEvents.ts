/**
 * What a call reports to its client's listeners (docs/guide/requests.md, "Watching requests"):
 * the request as it goes out, each attempt, retry and redirect hop, and the answer. A call is
 * watched when someone listened as it started (`watchCall`); every function here returns at once
 * for a call that is not, so a client nobody observes builds no event and redacts nothing.
 */
import type { BodySummary, CallEvent, RequestEvent } from '../contract/events';
import type { ApiResponse } from '../contract/http';
import type { Call } from './call';
import { dispatch, type EventStream } from './events';
import type { FetchInit, Hop } from './redirects';

/** What replaces a credential's value in an event. */
export const REDACTED = '[redacted]';
/** A JSON body longer than this (as JSON text) is summarized without its value. */
export const MAX_BODY_VALUE = 10_000;

// The keys of a JSON body or answer whose values are credentials: a password, a token (refresh,
// access, reset), a session, a secret (two-factor), a challenge, recovery codes, an API key.
const CREDENTIAL_KEY = /pass(word|wd)|token|session|secret|jwt|otp|challenge|recovery|api.?key/i;

/** A watched call's own: its id, when it started, and what it stands for as written. */
export interface CallWatch {
  readonly stream: EventStream;
  readonly id: number;
  readonly started: number;
  readonly query: string | undefined;
}

let lastCallId = 0;

/**
 * Watches `call` when someone listens to `stream` now; else the call reports nothing.
 *
 * @example
 * watchCall(call, settings.events, options?.query);
 */
export function watchCall(call: Call, stream: EventStream, query: string | undefined): void {
  if (stream.listeners.length === 0) return;
  call.watch = { stream, id: ++lastCallId, started: Date.now(), query };
}

// Hands a watched call's event to the listeners, with its id and the time.
function emit(watch: CallWatch, event: DistributiveOmit<CallEvent, 'callId' | 'time'>): void {
  dispatch(watch.stream, { ...event, callId: watch.id, time: Date.now() } as CallEvent);
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * The `request` event: the request as `fetch` gets it, credentials redacted (the headers named
 * in `originBound`, any case, and the carriers of the session), and its body summarized.
 *
 * @example
 * reportRequest(call, init, rules.originBound);
 */
export function reportRequest(call: Call, init: FetchInit, originBound: readonly string[]): void {
  const { watch, request } = call;
  if (watch === undefined) return;
  const bound = originBound.map((name) => name.toLowerCase());
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(init.headers)) {
    headers[name] = bound.includes(name.toLowerCase()) ? REDACTED : value;
  }
  const event: Omit<RequestEvent, 'callId' | 'time'> = {
    type: 'request',
    method: request.method,
    url: request.url,
    headers,
  };
  if (init.body != null) event.body = summarize(init, call);
  if (watch.query !== undefined) event.query = watch.query;
  emit(watch, event);
}

// The body's kind and size; a JSON body's value too, redacted, unless it is secret or long.
function summarize(init: FetchInit, call: Call): BodySummary {
  const { body } = init;
  if (typeof body === 'string') {
    // The client encoded it (a string body goes as it is).
    const json = body !== call.request.body;
    const summary: BodySummary = {
      kind: json ? 'json' : 'text',
      bytes: new TextEncoder().encode(body).length,
    };
    if (call.secret) summary.secret = true;
    else if (json && body.length <= MAX_BODY_VALUE) {
      summary.value = JSON.parse(body, credentialsOut(call.signedWith));
    }
    return summary;
  }
  if (init.duplex !== undefined) return { kind: 'stream' };
  // By tag, as `isRawBody` tells them (a runtime may lack either class).
  const tag = Object.prototype.toString.call(body);
  if (tag === '[object FormData]') return { kind: 'form' };
  if (tag === '[object URLSearchParams]') return { kind: 'form', bytes: String(body).length };
  const { size, byteLength } = body as { size?: number; byteLength?: number };
  return { kind: 'binary', bytes: size ?? byteLength };
}

// A JSON reviver that takes the credentials out: a credential key's value (any but a boolean or
// `null`), and any text that holds the session the call carried, become `REDACTED`.
function credentialsOut(session: string | null) {
  return (key: string, value: unknown): unknown => {
    if (typeof value === 'string' && session !== null && value.includes(session)) return REDACTED;
    const kept = value === null || typeof value === 'boolean' || !CREDENTIAL_KEY.test(key);
    return kept ? value : REDACTED;
  };
}

// A copy of `value` as JSON carries it, credentials taken out; `undefined` when it is no JSON.
function withoutCredentials(value: unknown, session: string | null): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : JSON.parse(text, credentialsOut(session));
  } catch {
    return undefined;
  }
}

/**
 * The `attempt` event of an attempt that started at `started` (`Date.now()`).
 *
 * @example
 * reportAttempt(call, outcome.status, started);
 */
export function reportAttempt(call: Call, status: number, started: number): void {
  const { watch } = call;
  if (watch === undefined) return;
  const durationMs = Date.now() - started;
  emit(watch, { type: 'attempt', attempt: call.attempts, status, durationMs });
}

/**
 * The `retry` event: why (the status, or the code without an answer), and the wait.
 *
 * @example
 * reportRetry(call, outcome, delay);
 */
export function reportRetry(call: Call, outcome: ApiResponse, delayMs: number): void {
  const { watch } = call;
  if (watch === undefined) return;
  const reason = outcome.status === 0 ? outcome.code! : outcome.status;
  emit(watch, { type: 'retry', reason, delayMs });
}

/**
 * The `redirect` event of a hop the client followed (not the same request sent again for the
 * platform to follow).
 *
 * @example
 * reportRedirect(call, hop, next, response.status);
 */
export function reportRedirect(call: Call, from: Hop, to: Hop, status: number): void {
  const { watch } = call;
  if (watch === undefined || to.redirects === from.redirects) return;
  const sessionDropped = from.carriesSession && !to.carriesSession;
  emit(watch, { type: 'redirect', from: from.url, to: to.url, status, sessionDropped });
}

/**
 * The `response` event, with `data` redacted; resolves `response` itself, unchanged.
 *
 * @example
 * return answer.then((response) => reportResponse(call, response));
 */
export function reportResponse(call: Call, response: ApiResponse): ApiResponse {
  const { watch } = call;
  if (watch === undefined) return response;
  const seen = { ...response };
  if (seen.data !== undefined) seen.data = withoutCredentials(seen.data, call.signedWith);
  emit(watch, { type: 'response', response: seen, durationMs: Date.now() - watch.started });
  return response;
}
