import type { FastifyServerOptions } from 'fastify';
import { createDemoData } from './demoData';
import type { ChangeFeedSettings } from './feed/changeFeed';
import type { IdempotencySettings } from './idempotencyStore';
import type { ServerOptions } from './ServerOptions';
import type { BridgeData } from './types';

/** Login throttling with every default filled in. */
export interface ThrottleSettings {
  maxFailures: number;
  maxFailuresPerAddress: number;
  windowMs: number;
}

/** `ServerOptions` checked, with every default filled in. */
export interface ResolvedOptions {
  basePath: string;
  sessionTtlMs: number;
  refreshTtlMs: number;
  latencyMs: number;
  data: BridgeData;
  dataFile: string | undefined;
  logger: FastifyServerOptions['logger'];
  corsOrigins: string[];
  loginThrottle: ThrottleSettings | false;
  idempotency: IdempotencySettings;
  changeFeed: ChangeFeedSettings;
  registerUserType: string;
  passwordResetTtlMs: number;
  twoFactorChallengeTtlMs: number;
  onPasswordReset: ((email: string, token: string) => void) | undefined;
  /** Lower-case header name carrying the session. */
  sessionHeader: string;
  sessionCookie: string;
  refreshCookie: string;
}

function normalizeBasePath(path: string): string {
  if (typeof path !== 'string') throw new TypeError('basePath must be a string');
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be a finite number >= 0, got ${String(value)}`);
  }
  return value;
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${name} must be an integer >= 1, got ${String(value)}`);
  }
  return value;
}

function nonEmptyString(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(`${name} must be a non-empty string, got ${String(value)}`);
  }
  return value;
}

// RFC 6265 cookie-name: a token (no separators, spaces or control characters).
function cookieName(name: string, value: string | undefined, fallback: string): string {
  const checked = nonEmptyString(name, value, fallback);
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(checked)) {
    throw new TypeError(
      `${name} must be a cookie name (letters, digits, !#$%&'*+-.^_\`|~), got ${checked}`,
    );
  }
  return checked;
}

function hook<T>(name: string, value: T | undefined): T | undefined {
  if (value !== undefined && typeof value !== 'function') {
    throw new TypeError(`${name} must be a function, got ${typeof value}`);
  }
  return value;
}

function corsOrigins(cors: ServerOptions['cors']): string[] {
  if (cors === undefined || cors === false) return [];
  if ((cors as unknown) === true) {
    throw new TypeError(
      'cors: true is not supported (it would let any site read signed-in data): list the origins, cors: { origins: [...] }',
    );
  }
  const origins = Array.isArray(cors) ? cors : (cors as { origins?: unknown }).origins;
  if (!Array.isArray(origins)) throw new TypeError('cors.origins must be an array of origins');
  for (const origin of origins) {
    let parsed: string | undefined;
    try {
      parsed = new URL(String(origin)).origin;
    } catch {
      parsed = undefined;
    }
    if (typeof origin !== 'string' || parsed !== origin) {
      throw new TypeError(
        `cors.origins: "${String(origin)}" is not an origin like "http://localhost:5173"`,
      );
    }
  }
  return [...origins];
}

function loginThrottle(option: ServerOptions['loginThrottle']): ThrottleSettings | false {
  if (option === false) return false;
  if (option !== undefined && (typeof option !== 'object' || option === null)) {
    throw new TypeError('loginThrottle must be false or an object');
  }
  const maxFailures = positiveInteger('loginThrottle.maxFailures', option?.maxFailures, 10);
  return {
    maxFailures,
    maxFailuresPerAddress: positiveInteger(
      'loginThrottle.maxFailuresPerAddress',
      option?.maxFailuresPerAddress,
      5 * maxFailures,
    ),
    windowMs: positiveInteger('loginThrottle.windowMs', option?.windowMs, 900_000),
  };
}

const IDEMPOTENCY_DEFAULTS: IdempotencySettings = {
  ttlMs: 86_400_000,
  maxKeysPerUser: 10_000,
  maxBytes: 64 * 1024 * 1024,
};

const CHANGE_FEED_DEFAULTS: ChangeFeedSettings = {
  heartbeatMs: 15_000,
  replayEvents: 1000,
  replayMs: 300_000,
  replayBytes: 16 * 1024 * 1024,
  maxFeedsPerUser: 10,
  maxBufferBytes: 1024 * 1024,
};

// An option made of positive integers only (`idempotency`, `changeFeed`): each member
// checked, an unknown member refused, the others filled in from `defaults`.
function integerGroup<T extends { [K in keyof T]: number }>(
  group: string,
  option: Partial<T> | undefined,
  defaults: T,
): T {
  if (option === undefined) return defaults;
  if (typeof option !== 'object' || option === null) {
    throw new TypeError(`${group} must be an object`);
  }
  const given = option as Record<string, number | undefined>;
  for (const name of Object.keys(given)) {
    if (!(name in defaults)) {
      throw new TypeError(
        `${group}.${name} is not an option (${Object.keys(defaults).join(', ')})`,
      );
    }
  }
  const checked = Object.entries(defaults as Record<string, number>).map(([name, fallback]) => [
    name,
    positiveInteger(`${group}.${name}`, given[name], fallback),
  ]);
  return Object.fromEntries(checked) as T;
}

/**
 * Checks `createServer`'s options (a `TypeError`/`RangeError` naming the option) and fills in
 * the defaults.
 *
 * @example
 * resolveOptions({ cors: ['http://localhost:5173'] }).corsOrigins; // ['http://localhost:5173']
 */
export function resolveOptions(options: ServerOptions): ResolvedOptions {
  const seed = options.seed ?? 'demo';
  if (seed !== 'demo' && seed !== 'none' && (typeof seed !== 'object' || seed === null)) {
    throw new TypeError(`seed must be 'demo', 'none' or a data object, got ${String(seed)}`);
  }
  return {
    basePath: normalizeBasePath(options.basePath ?? '/api'),
    sessionTtlMs: nonNegative('sessionTtlMs', options.sessionTtlMs, 86_400_000),
    refreshTtlMs: nonNegative('refreshTtlMs', options.refreshTtlMs, 2_592_000_000),
    latencyMs: nonNegative('latencyMs', options.latencyMs, 0),
    data: seed === 'demo' ? createDemoData() : seed === 'none' ? { entities: {} } : seed,
    dataFile: options.dataFile,
    logger: options.logger ?? false,
    corsOrigins: corsOrigins(options.cors),
    loginThrottle: loginThrottle(options.loginThrottle),
    idempotency: integerGroup('idempotency', options.idempotency, IDEMPOTENCY_DEFAULTS),
    changeFeed: integerGroup('changeFeed', options.changeFeed, CHANGE_FEED_DEFAULTS),
    passwordResetTtlMs: nonNegative('passwordResetTtlMs', options.passwordResetTtlMs, 1_800_000),
    twoFactorChallengeTtlMs: nonNegative(
      'twoFactorChallengeTtlMs',
      options.twoFactorChallengeTtlMs,
      300_000,
    ),
    onPasswordReset: hook('onPasswordReset', options.onPasswordReset),
    registerUserType: nonEmptyString('registerUserType', options.registerUserType, 'viewer'),
    sessionHeader: (options.sessionHeader ?? 'X-Session-ID').toLowerCase(),
    sessionCookie: options.sessionCookie ?? 'session_id',
    refreshCookie: cookieName('refreshCookie', options.refreshCookie, 'refresh_token'),
  };
}
