import { hashSecretToken, newSecretToken } from './secretToken';

/** Pending two-factor sign-ins: a password was right, a code is still due. */
export interface ChallengeStore {
  /** A new challenge for the user; only its hash is kept. */
  issue(userId: string): { challenge: string; expiresAt: number };
  /** The user of a live challenge; expired ones are dropped. A wrong code does not spend it. */
  find(challenge: string): string | undefined;
  /** Spends a challenge (the sign-in completed). */
  delete(challenge: string): void;
}

/**
 * Creates the challenge store.
 *
 * @example
 * const challenges = createChallengeStore(300_000);
 * const { challenge } = challenges.issue('1');
 * challenges.find(challenge); // '1', for five minutes
 */
export function createChallengeStore(ttlMs: number, now: () => number = Date.now): ChallengeStore {
  const challenges = new Map<string, { userId: string; expiresAt: number }>();
  return {
    issue(userId) {
      const t = now();
      for (const [hash, c] of challenges) if (c.expiresAt <= t) challenges.delete(hash);
      const challenge = newSecretToken();
      const expiresAt = t + ttlMs;
      challenges.set(hashSecretToken(challenge), { userId, expiresAt });
      return { challenge, expiresAt };
    },
    find(challenge) {
      const hash = hashSecretToken(challenge);
      const record = challenges.get(hash);
      if (record && record.expiresAt <= now()) {
        challenges.delete(hash);
        return undefined;
      }
      return record?.userId;
    },
    delete(challenge) {
      challenges.delete(hashSecretToken(challenge));
    },
  };
}
