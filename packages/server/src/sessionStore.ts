import { randomBytes } from 'node:crypto';

/** A signed-in session. */
export interface Session {
  id: string;
  userId: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** Sessions in memory, with a fixed lifetime from sign-in. */
export interface SessionStore {
  create(userId: string): Session;
  /** The session when it exists and has not expired; expired ones are dropped. */
  get(id: string | undefined): Session | undefined;
  delete(id: string): void;
  /** Ends every session of a user but `keep` (the current one); returns how many ended. */
  deleteUserSessions(userId: string, keep?: string): number;
  /** Expires every session now (for tests of the session-expired path). */
  expireAll(): void;
}

/**
 * Creates the session store. Ids are 32 random bytes, base64url.
 *
 * @example
 * const sessions = createSessionStore(60_000);
 * const s = sessions.create('1');
 * sessions.get(s.id); // the session, for one minute
 */
export function createSessionStore(ttlMs: number, now: () => number = Date.now): SessionStore {
  const sessions = new Map<string, Session>();
  return {
    create(userId) {
      // Drop expired sessions on sign-in so a long-running dev server does not grow forever.
      const t = now();
      for (const [id, s] of sessions) if (s.expiresAt <= t) sessions.delete(id);
      const session = { id: randomBytes(32).toString('base64url'), userId, expiresAt: t + ttlMs };
      sessions.set(session.id, session);
      return session;
    },
    get(id) {
      if (!id) return undefined;
      const session = sessions.get(id);
      if (session && session.expiresAt <= now()) {
        sessions.delete(id);
        return undefined;
      }
      return session;
    },
    delete(id) {
      sessions.delete(id);
    },
    deleteUserSessions(userId, keep) {
      let ended = 0;
      for (const [id, s] of sessions) {
        if (s.userId === userId && id !== keep) {
          sessions.delete(id);
          ended++;
        }
      }
      return ended;
    },
    expireAll() {
      sessions.clear();
    },
  };
}
