/**
 * When a failed query is fetched again: the retry policy `BridgeProvider` gives SWR for every
 * Bridgekit hook below it (`useBridgeQuery`, `useBridgeCrud`, `useBridgeInfiniteQuery`,
 * `useBridgeTableState`, `BridgeTable`; the React Native and Next.js providers wrap this one).
 *
 * SWR's own `onErrorRetry` retries every error, forever, every 5–10 s and more: a viewer's 403
 * list kept asking. This one retries only what may succeed later, by the rule the client's own
 * retries follow (`isRetryableOutcome` of `@bridgekit/core`):
 *
 * - HTTP 408, 425, 429, 500, 502, 503 and 504, a network error or a time-out (`status` 0) is
 *   retried with SWR's backoff (`errorRetryInterval` × about 2^n), at most `errorRetryCount`
 *   times (3 when not set);
 * - any other status (a 403, a 404, 501 Not Implemented) is never retried: asking again gets
 *   the same answer;
 * - a 429 or 503 whose response said `Retry-After` (seconds or an HTTP date) is retried after
 *   that wait instead of the backoff;
 * - a client-side failure (`CLIENT_ERROR`: the query cannot be written in the dialect) or an
 *   abort is never retried; an error that is no HTTP outcome at all (a fetcher's own) is
 *   retried, as a network error would be.
 *
 * The user's choice wins: an `onErrorRetry` given in a hook's config, the provider's `swr` prop
 * or an enclosing `SWRConfig` replaces this policy; `shouldRetryOnError: false` stops retries;
 * a `shouldRetryOnError` function decides which errors are retried (this policy then only picks
 * the wait). As with SWR's own retries, none is made while the page is hidden or offline: the
 * query revalidates on focus or reconnect instead.
 */
import { isRetryableOutcome } from '@bridgekit/core';
import type { SWRConfigValue, SWRConfiguration } from 'swr';

type OnErrorRetry = NonNullable<SWRConfiguration['onErrorRetry']>;

/** Retries after the first failure when `errorRetryCount` is not set. */
export const DEFAULT_ERROR_RETRY_COUNT = 3;

/** `setTimeout` fires at once past this (about 24.8 days): a longer `Retry-After` is not awaited. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * What the policy reads of a failure: a `BridgeApiError`'s `status`, `code` and `retryAfter`,
 * read as properties, so an error of another realm or copy of core counts too (and anything
 * thrown, an object or not, reads as no HTTP outcome).
 */
type Outcome = { status?: unknown; code?: unknown; retryAfter?: unknown };

/**
 * Whether another try of the request that failed with `error` may succeed.
 *
 * @example
 * isWorthRetrying(new BridgeApiError('Forbidden', { status: 403 })) // false
 * isWorthRetrying(new BridgeApiError('Busy', { status: 503 })) // true
 */
export function isWorthRetrying(error: unknown): boolean {
  const { status, code } = Object(error) as Outcome;
  // An error that is no HTTP outcome (a fetcher's own) is retried, as a network error would be.
  if (typeof status !== 'number') return true;
  return isRetryableOutcome({ status, code: typeof code === 'string' ? code : undefined });
}

/**
 * Bridgekit's `onErrorRetry` (see the top of this file).
 *
 * @example
 * <SWRConfig value={{ onErrorRetry: bridgeOnErrorRetry }}>…</SWRConfig>
 */
export const bridgeOnErrorRetry: OnErrorRetry = (error, _key, config, revalidate, options) => {
  const { retryCount } = options;
  // A shouldRetryOnError function already chose this error; `true` (the default) leaves it to us.
  if (typeof config.shouldRetryOnError !== 'function' && !isWorthRetrying(error)) return;
  if (retryCount > (config.errorRetryCount ?? DEFAULT_ERROR_RETRY_COUNT)) return;
  const { status, retryAfter } = Object(error) as Outcome;
  // The wait the server asked for (`Retry-After` of a 429 or 503), else SWR's backoff:
  // `errorRetryInterval` × 2^n (n ≤ 8) × a random factor in [0.5, 1.5).
  const wait =
    (status === 429 || status === 503) && typeof retryAfter === 'number' && retryAfter >= 0
      ? retryAfter
      : ~~((Math.random() + 0.5) * (1 << Math.min(retryCount, 8))) * config.errorRetryInterval;
  if (wait <= MAX_TIMER_MS) setTimeout(revalidate, wait, options);
};

/**
 * The SWR configuration `BridgeProvider` puts around its children, as a function of the
 * enclosing one (SWR's functional `SWRConfig` value): the enclosing configuration, with this
 * policy as `onErrorRetry` unless it has one of its own. Its `provider` is left out, so the
 * enclosing cache is kept rather than made again.
 *
 * @example
 * <SWRConfig value={withBridgeRetryPolicy}>…</SWRConfig>
 */
export function withBridgeRetryPolicy(parent: SWRConfigValue = {}): SWRConfigValue {
  const { provider: _inherited, ...inherited } = parent;
  return inherited.onErrorRetry ? inherited : { ...inherited, onErrorRetry: bridgeOnErrorRetry };
}
