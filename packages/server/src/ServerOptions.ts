import type { FastifyServerOptions } from 'fastify';
import type { BridgeData } from './types';

/**
 * Cross-origin access: the origins (scheme, host and port, no path) whose pages may call the
 * server with credentials. Every other origin gets no CORS headers, so a browser refuses to
 * hand it the response; their preflights are answered 404.
 *
 * @example
 * const cors: CorsOptions = { origins: ['http://localhost:5173', 'http://127.0.0.1:5173'] };
 */
export interface CorsOptions {
  /** Exact origins, e.g. `'http://localhost:5173'`; `'*'` is refused (credentials). */
  origins: string[];
}

/**
 * Throttling of failed sign-ins in a sliding window: once an account, or a client address,
 * has `maxFailures` (`maxFailuresPerAddress`) failed sign-ins within `windowMs`, further
 * attempts get `429` with `Retry-After` until the oldest failure leaves the window.
 * A successful sign-in clears the account's failures (not the address's).
 *
 * @example
 * const throttle: LoginThrottleOptions = { maxFailures: 5, windowMs: 60_000 };
 */
export interface LoginThrottleOptions {
  /**
   * Failed sign-ins per account (user, or the email / user name asked for) within the window.
   * @default 10
   */
  maxFailures?: number;
  /**
   * Failed sign-ins per client address within the window, whatever the account.
   * @default 5 × maxFailures (50)
   */
  maxFailuresPerAddress?: number;
  /**
   * Length of the sliding window, in ms.
   * @default 900_000 (15 min)
   */
  windowMs?: number;
}

/**
 * How long and how many `Idempotency-Key` answers the server keeps (docs/guide/server.md,
 * "Idempotency-Key"). Past a limit a write with a new key is refused with 429 and
 * `Retry-After` (never is a kept answer forgotten early: its write could then apply twice).
 *
 * @example
 * const idempotency: IdempotencyOptions = { ttlMs: 3_600_000, maxKeysPerUser: 1000 };
 */
export interface IdempotencyOptions {
  /**
   * How long an answer is kept, in ms from the first request with its key.
   * @default 86_400_000 (24 h)
   */
  ttlMs?: number;
  /**
   * Keys one user holds at once; requests without a session share one such allowance.
   * @default 10_000
   */
  maxKeysPerUser?: number;
  /**
   * Bytes of answer bodies kept, all users together.
   * @default 67_108_864 (64 MB)
   */
  maxBytes?: number;
}

/**
 * Limits of the change feed, `GET /events` (docs/guide/server.md, "Change feed"): its
 * heartbeat, how far back `Last-Event-ID` resumes, and how much one subscriber may hold.
 *
 * @example
 * const changeFeed: ChangeFeedOptions = { heartbeatMs: 30_000, replayMs: 600_000 };
 */
export interface ChangeFeedOptions {
  /**
   * Interval of the heartbeat comment (`: ping`) on every open feed, in ms.
   * @default 15_000
   */
  heartbeatMs?: number;
  /**
   * Events kept for `Last-Event-ID` resume; a client that missed older ones gets `reset`.
   * @default 1000
   */
  replayEvents?: number;
  /**
   * How long an event is kept for resume, in ms.
   * @default 300_000 (5 min)
   */
  replayMs?: number;
  /**
   * Bytes of events kept for resume, all together.
   * @default 16_777_216 (16 MB)
   */
  replayBytes?: number;
  /**
   * Feeds one user may hold open at once; one more is refused with 429.
   * @default 10
   */
  maxFeedsPerUser?: number;
  /**
   * Bytes waiting to be sent to one subscriber; a feed that reads more slowly than that is
   * closed (its client resumes with `Last-Event-ID`). A `Last-Event-ID` resume that would be
   * more than this is a `reset` instead.
   * @default 1_048_576 (1 MB)
   */
  maxBufferBytes?: number;
}

/**
 * Options of `createServer`. Every field is optional.
 *
 * @example
 * createServer({ seed: 'none', dataFile: './data.json', sessionTtlMs: 60_000, latencyMs: 200 });
 */
export interface ServerOptions {
  /**
   * The data to start with: the demo data set, nothing, or your own entities. Ignored when
   * `dataFile` already exists.
   * @default 'demo'
   */
  seed?: 'demo' | 'none' | BridgeData;
  /**
   * Persist to this JSON file: loaded at start when it exists, rewritten atomically (temp file
   * synced, renamed, folder synced) after every change, before the change is answered; writes
   * are serialized so concurrent changes lose nothing.
   * @default undefined (in memory only)
   */
  dataFile?: string;
  /**
   * Path prefix of every route.
   * @default '/api'
   */
  basePath?: string;
  /**
   * Lifetime of a session from sign-in, in ms.
   * @default 86_400_000 (24 h)
   */
  sessionTtlMs?: number;
  /**
   * Lifetime of a refresh token from issue, in ms. Each `POST /auth/refresh` spends the token
   * and hands out a new one with a new lifetime.
   * @default 2_592_000_000 (30 days)
   */
  refreshTtlMs?: number;
  /**
   * Delay added to every response, in ms, to show loading states.
   * @default 0
   */
  latencyMs?: number;
  /**
   * Fastify logger option (`true` logs requests as JSON).
   * @default false
   */
  logger?: FastifyServerOptions['logger'];
  /**
   * CORS allow-list (`@fastify/cors`): listed origins may call with credentials and any
   * request header (X-Session-ID included); a bare array is short for `{ origins }`.
   * `false`, like the default, sends no CORS headers: only same-origin pages (or a proxy such
   * as the demo's) and non-browser clients reach the API. No setting reflects any origin.
   * @default false
   */
  cors?: false | CorsOptions | string[];
  /**
   * Throttling of failed sign-ins (429 + `Retry-After`); `false` turns it off.
   * @default { maxFailures: 10, maxFailuresPerAddress: 50, windowMs: 900_000 }
   */
  loginThrottle?: false | LoginThrottleOptions;
  /**
   * Limits of the `Idempotency-Key` answers kept for the entity writes.
   * @default { ttlMs: 86_400_000, maxKeysPerUser: 10_000, maxBytes: 67_108_864 }
   */
  idempotency?: IdempotencyOptions;
  /**
   * Limits of the change feed (`GET /events`).
   * @default { heartbeatMs: 15_000, replayEvents: 1000, replayMs: 300_000, replayBytes: 16_777_216, maxFeedsPerUser: 10, maxBufferBytes: 1_048_576 }
   */
  changeFeed?: ChangeFeedOptions;
  /**
   * The user type `POST /auth/register` gives new accounts: keep it the least privileged
   * type your access rules know.
   * @default 'viewer'
   */
  registerUserType?: string;
  /**
   * Lifetime of a password-reset token from `POST /auth/password/forgot`, in ms.
   * @default 1_800_000 (30 min)
   */
  passwordResetTtlMs?: number;
  /**
   * How long a two-factor challenge (a login whose password was right) waits for its code,
   * in ms.
   * @default 300_000 (5 min)
   */
  twoFactorChallengeTtlMs?: number;
  /**
   * Delivers a password-reset token to the user (send the mail here). Called after the 202
   * answer, only for accounts that exist.
   * @default logs `{ email, resetToken }` at info level through the server's `logger`
   */
  onPasswordReset?: (email: string, token: string) => void;
  /**
   * Header carrying the session.
   * @default 'X-Session-ID'
   */
  sessionHeader?: string;
  /**
   * Cookie carrying the session, read when the header is absent; set by a sign-in that
   * sends `Prefer: session=cookie`.
   * @default 'session_id'
   */
  sessionCookie?: string;
  /**
   * Cookie carrying the refresh token of a cookie session (`Prefer: session=cookie`):
   * `HttpOnly`, with `Path` set to the auth routes (`<basePath>/auth`): refresh and logout
   * (which revokes it) get it, entity routes never do.
   * @default 'refresh_token'
   */
  refreshCookie?: string;
}
