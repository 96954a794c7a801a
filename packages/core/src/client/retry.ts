/**
 * The retry policy (docs/guide/requests.md, "Retries"): which outcomes and which requests are tried
 * again, how long to wait (backoff with full jitter, or the server's `Retry-After`). The client's
 * own retries and the React hooks' retries both ask `isRetryableOutcome`, so they decide alike.
 */
import { getHeader } from './headers';
import type { ApiResponse, HttpMethod } from '../contract/http';

/** Backoff never waits longer than this. */
export const MAX_BACKOFF_MS = 10_000;
/** A `Retry-After` longer than this returns the response instead of retrying. */
export const MAX_RETRY_AFTER_MS = 30_000;

/**
 * HTTP statuses a later try may change: Request Timeout, Too Early, Too Many Requests, and the
 * server errors of a gateway or an overloaded server. 501 Not Implemented and the other 5xx
 * describe the server, not the moment: asking again gets the same answer.
 */
const RETRYABLE_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

/** The outcomes without an HTTP response that a later try may change. */
const RETRYABLE_CODES = new Set(['NETWORK_ERROR', 'TIMEOUT']);

/**
 * Whether another try of a request that ended with this outcome may succeed: HTTP 408, 425,
 * 429, 500, 502, 503 and 504, and, without an HTTP response (`status: 0`), a network error or
 * a time-out. The client's own failures (`CLIENT_ERROR`) and the caller's abort (`ABORTED`)
 * are never retried. Takes an `ApiResponse` or a `BridgeApiError` alike.
 *
 * @example
 * import { isRetryableOutcome } from '@bridgekit/core';
 *
 * isRetryableOutcome({ status: 503 }); // true
 * isRetryableOutcome({ status: 501 }); // false
 * isRetryableOutcome({ status: 0, code: 'TIMEOUT' }); // true
 *
 * const res = await api.get('/report');
 * if (!res.success && isRetryableOutcome(res)) scheduleAnotherTry();
 */
export function isRetryableOutcome(outcome: {
  status: number;
  code?: string | undefined;
}): boolean {
  if (outcome.status === 0) {
    return outcome.code !== undefined && RETRYABLE_CODES.has(outcome.code);
  }
  return RETRYABLE_STATUSES.has(outcome.status);
}

/**
 * Whether a request may be sent again without risking a double write: GET, PUT, DELETE, and
 * POST/PATCH carrying an `Idempotency-Key` header.
 *
 * @example
 * isRetryableRequest('POST', { 'Idempotency-Key': 'k1' }) // true
 */
export function isRetryableRequest(method: HttpMethod, headers: Record<string, string>): boolean {
  if (method === 'GET' || method === 'PUT' || method === 'DELETE') return true;
  return getHeader(headers, 'idempotency-key') !== undefined;
}

/**
 * Exponential backoff with full jitter: a random wait in `[0, min(cap, base * 2^retry))`.
 *
 * @param retry 0 for the first retry
 * @example
 * backoffDelay(2, 300) // somewhere in [0, 1200)
 */
export function backoffDelay(retry: number, base: number): number {
  return Math.random() * Math.min(MAX_BACKOFF_MS, base * 2 ** retry);
}

/**
 * How long to wait before retry `retry` (0 for the first) after `outcome`: on a 429 or 503 the
 * server's `Retry-After`, else the backoff from `base`. `undefined` when the server asked for
 * more than `MAX_RETRY_AFTER_MS`: then the outcome is the answer.
 *
 * @example
 * retryWait({ success: false, status: 500, error: 'HTTP 500' }, 0, 300) // somewhere in [0, 300)
 */
export function retryWait(outcome: ApiResponse, retry: number, base: number): number | undefined {
  const retryAfter = serverAskedWait(outcome);
  if (retryAfter === undefined) return backoffDelay(retry, base);
  return retryAfter <= MAX_RETRY_AFTER_MS ? retryAfter : undefined;
}

/**
 * The wait (ms) the server asked for with `Retry-After` (seconds or an HTTP date) on a 429 or
 * 503, however long; `undefined` for any other outcome, or without a readable header.
 *
 * @example
 * serverAskedWait(tooManyRequests) // 2000 for `Retry-After: 2`
 */
export function serverAskedWait(outcome: ApiResponse): number | undefined {
  if (outcome.status !== 429 && outcome.status !== 503) return undefined;
  return parseRetryAfter(outcome.headers?.get('retry-after') ?? null);
}

/**
 * Parses `Retry-After` (delta seconds or an HTTP date) into milliseconds from `now`;
 * `undefined` when absent or unparseable.
 *
 * @example
 * parseRetryAfter('2') // 2000
 * parseRetryAfter(new Date(Date.now() + 5000).toUTCString()) // about 5000
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
