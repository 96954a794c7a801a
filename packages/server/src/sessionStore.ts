import { randomBytes } from 'node:crypto';
import { hashSecretToken, newSecretToken } from './secretToken';

/** A signed-in session. */
export interface Session {
  id: string;
  userId: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** One sign-in and every session refreshed from it share a family. */
  family: string;
}

/** A refresh token as handed out; only its hash is kept. */
export interface IssuedRefreshToken {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** The outcome of `SessionStore.refresh`. */
export type RefreshOutcome =
  | { ok: true; session: Session; refreshToken: IssuedRefreshToken }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

interface RefreshRecord {
  family: string;
  userId: string;
  sessionId: string;
  expiresAt: number;
  spent: boolean;
}

/** Sessions and their refresh tokens, in memory, each with a fixed lifetime from issue. */
export interface SessionStore {
  /** Starts a session, in a new family unless one is given (a refresh). */
  create(userId: string, family?: string): Session;
  /** The session when it exists and has not expired; expired ones are dropped. */
  get(id: string | undefined): Session | undefined;
  /** Issues a refresh token for a session (its hash is stored). */
  issueRefreshToken(session: Session): IssuedRefreshToken;
  /**
   * Spends a refresh token: a new session and refresh token in the same family, and the old
   * session ends. A token spent before revokes its whole family (reuse means it was stolen).
   */
  refresh(token: string): RefreshOutcome;
  /** Ends a session and its family's refresh tokens (logout). */
  delete(id: string): void;
  /**
   * Ends every session of a user but `keep` (the current one), and every refresh token but
   * those of `keep`'s family; returns how many sessions ended.
   */
  deleteUserSessions(userId: string, keep?: string): number;
  /** Ends the family of a refresh token (logout with an expired session). */
  revoke(token: string): void;
  /** Expires every session now (for tests of the session-expired path); refresh tokens stay. */
  expireAll(): void;
  /**
   * Calls `listener` with the id of every session that ends from now on, however it ends
   * (logout, refresh, a password change, expiry, a revoked family); returns the unsubscribe.
   */
  onEnd(listener: (sessionId: string) => void): () => void;
}

/**
 * Creates the session store. Session ids are 32 random bytes, base64url; so are refresh
 * tokens, kept as SHA-256 hashes only.
 *
 * @example
 * const sessions = createSessionStore(60_000, 86_400_000);
 * const s = sessions.create('1');
 * sessions.get(s.id); // the session, for one minute
 * const { token } = sessions.issueRefreshToken(s); // a new session for a day
 */
export function createSessionStore(
  ttlMs: number,
  refreshTtlMs: number = ttlMs,
  now: () => number = Date.now,
): SessionStore {
  const sessions = new Map<string, Session>();
  const tokens = new Map<string, RefreshRecord>();
  const endListeners = new Set<(sessionId: string) => void>();

  // Every session leaves through here, so whatever holds one open (a change feed) hears of it.
  const end = (id: string): void => {
    if (!sessions.delete(id)) return;
    for (const listener of endListeners) listener(id);
  };

  const revokeFamily = (family: string): void => {
    for (const [id, s] of sessions) if (s.family === family) end(id);
    for (const [hash, r] of tokens) if (r.family === family) tokens.delete(hash);
  };

  const store: SessionStore = {
    create(userId, family) {
      // Drop expired entries on sign-in so a long-running dev server does not grow forever;
      // spent refresh tokens stay until they expire, to recognize their reuse.
      const t = now();
      for (const [id, s] of sessions) if (s.expiresAt <= t) end(id);
      for (const [hash, r] of tokens) if (r.expiresAt <= t) tokens.delete(hash);
      const session = {
        id: randomBytes(32).toString('base64url'),
        userId,
        expiresAt: t + ttlMs,
        family: family ?? randomBytes(16).toString('base64url'),
      };
      sessions.set(session.id, session);
      return session;
    },
    get(id) {
      if (!id) return undefined;
      const session = sessions.get(id);
      if (session && session.expiresAt <= now()) {
        end(id);
        return undefined;
      }
      return session;
    },
    issueRefreshToken(session) {
      const token = newSecretToken();
      const expiresAt = now() + refreshTtlMs;
      tokens.set(hashSecretToken(token), {
        family: session.family,
        userId: session.userId,
        sessionId: session.id,
        expiresAt,
        spent: false,
      });
      return { token, expiresAt };
    },
    refresh(token) {
      const record = tokens.get(hashSecretToken(token));
      if (!record) return { ok: false, reason: 'unknown' };
      if (record.spent) {
        revokeFamily(record.family);
        return { ok: false, reason: 'reused' };
      }
      if (record.expiresAt <= now()) {
        revokeFamily(record.family);
        return { ok: false, reason: 'expired' };
      }
      record.spent = true;
      end(record.sessionId);
      const session = store.create(record.userId, record.family);
      return { ok: true, session, refreshToken: store.issueRefreshToken(session) };
    },
    delete(id) {
      const session = sessions.get(id);
      end(id);
      if (session) revokeFamily(session.family);
    },
    deleteUserSessions(userId, keep) {
      const kept = keep ? sessions.get(keep) : undefined;
      const keepFamily = kept?.userId === userId ? kept.family : undefined;
      let ended = 0;
      for (const [id, s] of sessions) {
        if (s.userId === userId && id !== keep) {
          end(id);
          ended++;
        }
      }
      for (const [hash, r] of tokens) {
        if (r.userId === userId && r.family !== keepFamily) tokens.delete(hash);
      }
      return ended;
    },
    revoke(token) {
      const record = tokens.get(hashSecretToken(token));
      if (record) revokeFamily(record.family);
    },
    expireAll() {
      for (const id of [...sessions.keys()]) end(id);
    },
    onEnd(listener) {
      endListeners.add(listener);
      return () => endListeners.delete(listener);
    },
  };
  return store;
}
