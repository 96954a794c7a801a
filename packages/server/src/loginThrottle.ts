import type { ThrottleSettings } from './resolveOptions';

/** Failed sign-ins counted per account and per client address. */
export interface LoginThrottle {
  /** Ms until an attempt for this account from this address may be made; 0 when it may now. */
  retryAfterMs(account: string, address: string): number;
  /** Counts one failed sign-in for both keys. */
  fail(account: string, address: string): void;
  /** A successful sign-in: forgets the account's failures (the address's stay). */
  succeed(account: string): void;
}

// Bounds memory under a flood of made-up account names; the oldest keys go first.
const MAX_KEYS = 10_000;

/**
 * Creates a sliding-window throttle: a key with `max` failures in the last `windowMs` waits
 * until its oldest failure leaves the window. Only failure times are kept, at most `max` per
 * key.
 *
 * @example
 * const throttle = createLoginThrottle({ maxFailures: 10, maxFailuresPerAddress: 50, windowMs: 900_000 });
 * if (throttle.retryAfterMs('user:1', '127.0.0.1') > 0) reply.code(429);
 */
export function createLoginThrottle(
  settings: ThrottleSettings,
  now: () => number = Date.now,
): LoginThrottle {
  const failures = new Map<string, number[]>();

  const recent = (key: string, t: number): number[] => {
    const times = failures.get(key);
    if (!times) return [];
    while (times.length > 0 && (times[0] as number) <= t - settings.windowMs) times.shift();
    if (times.length === 0) failures.delete(key);
    return times;
  };
  const wait = (key: string, max: number, t: number): number => {
    const times = recent(key, t);
    return times.length >= max ? (times[times.length - max] as number) + settings.windowMs - t : 0;
  };
  const record = (key: string, max: number, t: number): void => {
    const times = recent(key, t);
    times.push(t);
    if (times.length > max) times.shift();
    failures.delete(key);
    failures.set(key, times);
    if (failures.size > MAX_KEYS) failures.delete(failures.keys().next().value as string);
  };

  return {
    retryAfterMs(account, address) {
      const t = now();
      return Math.max(
        wait(`account:${account}`, settings.maxFailures, t),
        wait(`address:${address}`, settings.maxFailuresPerAddress, t),
      );
    },
    fail(account, address) {
      const t = now();
      record(`account:${account}`, settings.maxFailures, t);
      record(`address:${address}`, settings.maxFailuresPerAddress, t);
    },
    succeed(account) {
      failures.delete(`account:${account}`);
    },
  };
}
