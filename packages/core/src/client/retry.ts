/**
 * Retry policy (core README, "Retries"): which outcomes and methods are retried, backoff with
 * full jitter, and `Retry-After`.
 */
import { getHeader } from './headers';
import type { HttpMethod } from '../contract/http';

/** Backoff never waits longer than this. */
export const MAX_BACKOFF_MS = 10_000;
/** A `Retry-After` longer than this returns the response instead of retrying. */
export const MAX_RETRY_AFTER_MS = 30_000;

const RETRYABLE_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);

/**
 * Whether an HTTP status is worth another try (`status 0` outcomes are judged by their code).
 *
 * @example
 * isRetryableStatus(503) // true
 */
export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUS.has(status);
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
