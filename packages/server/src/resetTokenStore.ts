import { hashSecretToken, newSecretToken } from './secretToken';

/** The outcome of `ResetTokenStore.consume`. */
export type ResetOutcome =
  | { ok: true; userId: string }
  | { ok: false; reason: 'unknown' | 'expired' };

/** Password-reset tokens in memory, single use, kept as SHA-256 hashes only. */
export interface ResetTokenStore {
  /** A new token for the user, valid for the store's lifetime. */
  issue(userId: string): string;
  /** Spends a token: it never works again, whatever the outcome. */
  consume(token: string): ResetOutcome;
  /** Forgets every token of a user (after a reset, the others must not work either). */
  dropUser(userId: string): void;
}

/**
 * Creates the reset-token store.
 *
 * @example
 * const resets = createResetTokenStore(1_800_000);
 * const token = resets.issue('3');
 * resets.consume(token); // { ok: true, userId: '3' }
 * resets.consume(token); // { ok: false, reason: 'unknown' }
 */
export function createResetTokenStore(
  ttlMs: number,
  now: () => number = Date.now,
): ResetTokenStore {
  const tokens = new Map<string, { userId: string; expiresAt: number }>();
  return {
    issue(userId) {
      const t = now();
      // Expired tokens are kept until then so that a late click says "expired", not "invalid";
      // a day later they are dropped so the map cannot grow forever.
      for (const [hash, r] of tokens) if (r.expiresAt + 86_400_000 <= t) tokens.delete(hash);
      const token = newSecretToken();
      tokens.set(hashSecretToken(token), { userId, expiresAt: t + ttlMs });
      return token;
    },
    consume(token) {
      const hash = hashSecretToken(token);
      const record = tokens.get(hash);
      if (!record) return { ok: false, reason: 'unknown' };
      tokens.delete(hash);
      if (record.expiresAt <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, userId: record.userId };
    },
    dropUser(userId) {
      for (const [hash, r] of tokens) if (r.userId === userId) tokens.delete(hash);
    },
  };
}
