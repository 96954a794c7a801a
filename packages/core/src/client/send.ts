/**
 * Sending a call: the last step of every call, after the middleware lists (docs/guide/requests.md,
 * "Retries", "Time-outs and cancellation"). `send` re-signs a replay with the current session,
 * runs the origin guard, builds the `fetch` init, then tries the request up to
 * `1 + retryAttempts` times. Each attempt hands it to `fetch`, follows its redirects
 * (`redirects.ts`) and reads the answer (`readResponse`). `send` settles the call and never
 * throws: every outcome is an `ApiResponse`.
 */
import { toError } from '../checks';
import type { ApiResponse, ClientErrorCode } from '../contract/http';
import { replaceSession, sessionCarriers } from '../session/sessionHeaders';
import { encodeBody } from './body';
import { type Call, settleCall } from './call';
import { reportAttempt, reportRedirect, reportRequest, reportRetry } from './callEvents';
import { deleteHeader, getHeader, putHeader } from './headers';
import { guardOrigin } from './originGuard';
import {
  type FetchInit,
  firstHop,
  type Hop,
  nextHop,
  RefusedRedirect,
  type RedirectRules,
} from './redirects';
import { clientError, failure, readResponse, unreadResponse } from './response';
import { isRetryableOutcome, isRetryableRequest, retryWait } from './retry';
import type { ClientSettings } from './settings';
import { attemptSignal, wait } from './signal';

// Defined (as `true`) only in the build for browsers and React Native: see redirects.ts.
declare const __BRIDGEKIT_BROWSER_BUILD__: true | undefined;

/**
 * Sends the call's request (the first send, or a replay a middleware asked for with `next`)
 * and settles the call with the answer.
 *
 * @example
 * const response = await send(call, settings);
 */
export async function send(call: Call, settings: ClientSettings): Promise<ApiResponse> {
  call.sends++;
  let init: FetchInit;
  let toBaseOrigin: boolean;
  try {
    if (call.sends > 1) await resignReplay(call, settings);
    toBaseOrigin = guardOrigin(call, settings);
    init = buildFetchInit(call, settings, toBaseOrigin);
  } catch (error) {
    settings.report(error);
    return settleCall(call, clientError(error));
  }
  const { request } = call;
  // The session went out when some header carries it now, under whatever name; with a session
  // module, when its credentials go (to the base origin).
  const carriers = sessionCarriers(request.headers, call.signedWith);
  const carriesSession = call.withCredentials ? toBaseOrigin : carriers.length > 0;
  const rules: RedirectRules = {
    originBound: [...settings.originBound, ...carriers],
    secret: call.secret,
    repeatable: call.replayable && isRetryableRequest(request.method, request.headers),
    state: settings.redirects,
  };
  reportRequest(call, init, rules.originBound);
  const first = firstHop(request.url, init, rules, carriesSession);
  return settleCall(call, await sendAttempts(call, first, rules, settings));
}

// A replay carries the session current now (a refresh replaced it), if it carried the client's
// and did not pin it.
async function resignReplay(call: Call, settings: ClientSettings): Promise<void> {
  const old = call.signedWith;
  if (old === null || call.pinSession || sessionCarriers(call.request.headers, old).length === 0)
    return;
  const now = await settings.session.resolve();
  if (now === null) return;
  replaceSession(call.request.headers, old, now);
  call.signedWith = now;
}

// The `fetch` init of the call's request: the body encoded, its JSON `Content-Type` kept in step
// with a body a step replaced, and a session module's credentials for the base origin.
function buildFetchInit(call: Call, settings: ClientSettings, toBaseOrigin: boolean): FetchInit {
  const { request } = call;
  const encoded = encodeBody(request.body);
  if (request.body !== call.built.body) {
    const type = getHeader(request.headers, 'content-type');
    if (encoded.json && type === undefined) {
      putHeader(request.headers, 'Content-Type', 'application/json');
    } else if (!encoded.json && type === 'application/json') {
      deleteHeader(request.headers, 'content-type');
    }
  }
  if (encoded.body !== undefined && request.method === 'GET') {
    throw new TypeError('A GET request cannot have a body');
  }
  call.replayable = !encoded.stream;
  const init: FetchInit = { method: request.method, headers: request.headers, body: encoded.body };
  if (encoded.stream) init.duplex = 'half';
  // The cookies go with every request to the base origin (a sign-in must be able to set them);
  // any other origin keeps the platform's default.
  if (settings.credentials !== undefined && toBaseOrigin) init.credentials = settings.credentials;
  return init;
}

/**
 * The attempts: only a repeatable request is tried more than once, and only after an outcome
 * `isRetryableOutcome` accepts, after a backoff or the server's `Retry-After`. The caller's abort
 * ends the attempts at once. `onError` hears why the last attempt got no HTTP response.
 */
async function sendAttempts(
  call: Call,
  first: Hop,
  rules: RedirectRules,
  settings: ClientSettings,
): Promise<ApiResponse> {
  const { signal, timeout = settings.timeout } = call.request;
  const envelope = call.request.envelope !== false;
  const stream = call.request.responseType === 'stream';
  const retries = rules.repeatable ? settings.retryAttempts : 0;
  for (let retry = 0; ; retry++) {
    if (signal?.aborted) return aborted(signal, settings);
    const attempt = attemptSignal(timeout, signal);
    first.init.signal = attempt.signal;
    // Read only for a watched call's events.
    const started = call.watch === undefined ? 0 : Date.now();
    let outcome: ApiResponse;
    let noResponse: Error | undefined;
    try {
      const response = await fetchFollowingRedirects(call, first, rules, settings);
      outcome =
        stream && response.ok ? unreadResponse(response) : await readResponse(response, envelope);
    } catch (error) {
      if (signal?.aborted) return aborted(signal, settings);
      if (error instanceof RefusedRedirect) {
        settings.report(error);
        return failure('CLIENT_ERROR', error.message);
      }
      const code: ClientErrorCode = attempt.timedOut() ? 'TIMEOUT' : 'NETWORK_ERROR';
      noResponse = withoutResponse(code, error, timeout);
      outcome = failure(code, noResponse.message);
    } finally {
      attempt.dispose();
    }
    reportAttempt(call, outcome.status, started);
    const last = retry >= retries || signal?.aborted === true || !isRetryableOutcome(outcome);
    const delay = last ? undefined : retryWait(outcome, retry, settings.retryDelay);
    if (delay === undefined) {
      if (noResponse !== undefined) settings.report(noResponse);
      return outcome;
    }
    reportRetry(call, outcome, delay);
    if (!(await wait(delay, signal))) return aborted(signal!, settings);
  }
}

// One attempt: hands the request to `fetch` and follows its redirects; resolves the response
// that is the answer, and notes whether the session reached the server that gave it.
async function fetchFollowingRedirects(
  call: Call,
  first: Hop,
  rules: RedirectRules,
  settings: ClientSettings,
): Promise<Response> {
  const doFetch = settings.fetch ?? globalThis.fetch;
  call.attempts++;
  let hop = first;
  let response = await doFetch(hop.url, hop.init);
  let next = await nextHop(response, hop, rules);
  while (next !== undefined) {
    // The browser build has no redirect event: there the platform follows redirects unseen.
    if (typeof __BRIDGEKIT_BROWSER_BUILD__ === 'undefined') {
      reportRedirect(call, hop, next, response.status);
    }
    hop = next;
    response = await doFetch(hop.url, hop.init);
    next = await nextHop(response, hop, rules);
  }
  call.sessionSent = hop.carriesSession;
  return response;
}

function aborted(signal: AbortSignal, settings: ClientSettings): ApiResponse {
  const message = 'Request aborted';
  settings.report(namedError('AbortError', message, signal.reason));
  return failure('ABORTED', message);
}

// What `onError` hears of an attempt that got no HTTP response: a `TimeoutError` or a
// `NetworkError` with the runtime's reason (`ECONNREFUSED`), the original error as `cause`.
function withoutResponse(code: ClientErrorCode, error: unknown, timeout: number): Error {
  if (code === 'TIMEOUT') {
    return namedError('TimeoutError', `Request timed out after ${timeout} ms`, error);
  }
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  let detail = cause?.code;
  if (typeof detail !== 'string') detail = cause?.message;
  const base = toError(error).message;
  const message = `Network error: ${base}${typeof detail === 'string' ? ` (${detail})` : ''}`;
  return namedError('NetworkError', message, error);
}

function namedError(name: string, message: string, cause: unknown): Error {
  const error = new Error(message, cause === undefined ? undefined : { cause });
  error.name = name;
  return error;
}
