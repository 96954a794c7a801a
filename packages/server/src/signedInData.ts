import type { ServerContext } from './ServerContext';
import type { IssuedRefreshToken, Session } from './sessionStore';
import { toPublicRow } from './toPublicRow';
import type { EntityRow } from './types';

/** What a completed sign-in answers (login, register, refresh, two-factor verify). */
export interface SignedInData {
  user: EntityRow;
  sessionId: string;
  /** ISO time the session ends. */
  expiresAt: string;
  /** Spend it at `POST /auth/refresh` for a new session and a new refresh token. */
  refreshToken: string;
  /** ISO time the refresh token expires. */
  refreshExpiresAt: string;
}

/**
 * Starts a session for `user` and returns the sign-in answer's `data`.
 *
 * @example
 * return { success: true, data: signIn(ctx, user) };
 */
export function signIn(ctx: ServerContext, user: EntityRow): SignedInData {
  const session = ctx.sessions.create(user.id);
  return signedInData(user, session, ctx.sessions.issueRefreshToken(session));
}

/**
 * The sign-in answer's `data` for a session already started (a refresh).
 *
 * @example
 * const outcome = ctx.sessions.refresh(token);
 * if (outcome.ok) return { success: true, data: signedInData(user, outcome.session, outcome.refreshToken) };
 */
export function signedInData(
  user: EntityRow,
  session: Session,
  refresh: IssuedRefreshToken,
): SignedInData {
  return {
    user: toPublicRow(user),
    sessionId: session.id,
    expiresAt: new Date(session.expiresAt).toISOString(),
    refreshToken: refresh.token,
    refreshExpiresAt: new Date(refresh.expiresAt).toISOString(),
  };
}
