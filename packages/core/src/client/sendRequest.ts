/**
 * The attempt loop of one call (core README, "Retries", "Time-outs and cancellation"): send, read
 * the answer, and retry what may be retried, with backoff or `Retry-After`, never past the caller's
 * abort.
 */
import {
  type RedirectState,
  RefusedRedirect,
  type SendInit,
  sendFollowingRedirects,
} from './redirect';
import { toError } from '../checks';
import { failure, toApiResponse } from './response';
import { backoffDelay, isRetryableStatus, MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry';
import { attemptSignal, wait } from './signal';
import type { ApiResponse, ClientErrorCode } from '../contract/http';

/** What the client hands the loop. */
export interface SendContext {
  readonly fetch: typeof fetch | undefined;
  readonly redirects: RedirectState;
  /**
   * Lower-case header names that never leave the base origin on a redirect; the transport adds
   * a call's session carriers and hands the list over as the options' `originBound`.
   */
  readonly originBound: readonly string[];
  /** `retryAttempts` and `retryDelay` of the client. */
  readonly retries: number;
  readonly retryDelay: number;
}

/** The outcome of a call's last attempt. */
export interface AttemptResult {
  response: ApiResponse;
  /** For `onError`: why no HTTP response arrived. */
  error?: Error;
  /** Whether the session header reached the server that answered. */
  sessionSent: boolean;
}

// One shape for every outcome without an HTTP response: the answer, and `onError`'s error
// (a new one named `name` with `cause`, or `error` itself when no name is given).
function failed(
  code: ClientErrorCode,
  message: string,
  cause: unknown,
  name?: string,
): AttemptResult {
  let error = cause as Error;
  if (name !== undefined) {
    error = new Error(message, cause === undefined ? undefined : { cause });
    error.name = name;
  }
  return { response: failure(code, message), error, sessionSent: false };
}

function aborted(signal: AbortSignal): AttemptResult {
  return failed('ABORTED', 'Request aborted', signal.reason, 'AbortError');
}

function networkFailure(error: unknown): AttemptResult {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  // The runtime's reason (`ECONNREFUSED`), else the cause's message.
  let detail = cause?.code;
  if (typeof detail !== 'string') detail = cause?.message;
  const base = toError(error).message;
  const message = `Network error: ${base}${typeof detail === 'string' ? ` (${detail})` : ''}`;
  return failed('NETWORK_ERROR', message, error, 'NetworkError');
}

/**
 * Sends `init` to `url` up to `1 + retries` times. Only network errors, time-outs and the
 * retryable statuses are retried; a `Retry-After` over 30 s ends the loop with that answer.
 */
export async function sendWithRetries(
  ctx: SendContext,
  url: string,
  init: SendInit,
  options: {
    timeout: number;
    signal: AbortSignal | undefined;
    /** Whether the request may be sent again (retries, an opaque redirect). */
    replayable: boolean;
    sessionSent: boolean;
    /** Whether `{ success, data }` envelopes are unwrapped (`BridgeRequest.envelope`). */
    envelope: boolean;
    /** Header names dropped on a redirect to another origin (any case). */
    originBound: readonly string[];
    /** A secret body: a redirect to another origin ends the call with `CLIENT_ERROR`. */
    secret: boolean;
  },
): Promise<AttemptResult> {
  const { signal, timeout } = options;
  const retries = options.replayable ? ctx.retries : 0;
  for (let retry = 0; ; retry++) {
    if (signal?.aborted) return aborted(signal);
    const guard = attemptSignal(timeout, signal);
    init.signal = guard.signal;
    let result: AttemptResult;
    let retryAfter: string | null = null;
    try {
      const sent = await sendFollowingRedirects(
        ctx.redirects,
        ctx.fetch ?? globalThis.fetch,
        url,
        init,
        options.originBound,
        options.replayable,
        options.secret,
      );
      const res = sent.response;
      result = {
        response: await toApiResponse(res, options.envelope),
        sessionSent: options.sessionSent && !sent.credentialsDropped,
      };
      if (res.status === 429 || res.status === 503) retryAfter = res.headers.get('retry-after');
    } catch (error) {
      if (signal?.aborted) return aborted(signal);
      if (error instanceof RefusedRedirect) return failed('CLIENT_ERROR', error.message, error);
      result = guard.timedOut()
        ? failed('TIMEOUT', `Request timed out after ${timeout} ms`, error, 'TimeoutError')
        : networkFailure(error);
    } finally {
      guard.dispose();
    }
    if (retry >= retries || signal?.aborted) return result;
    const { status, code } = result.response;
    if (
      status === 0 ? code !== 'NETWORK_ERROR' && code !== 'TIMEOUT' : !isRetryableStatus(status)
    ) {
      return result;
    }
    let delay = backoffDelay(retry, ctx.retryDelay);
    const after = parseRetryAfter(retryAfter);
    if (after !== undefined) {
      if (after > MAX_RETRY_AFTER_MS) return result;
      delay = after;
    }
    if (!(await wait(delay, signal))) return aborted(signal!);
  }
}
