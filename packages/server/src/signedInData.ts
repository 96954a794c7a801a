import type { ServerContext } from './ServerContext';
import { toPublicRow } from './toPublicRow';
import type { EntityRow } from './types';

/** What a completed sign-in answers (login, register, refresh, two-factor verify). */
export interface SignedInData {
  user: EntityRow;
  sessionId: string;
  /** ISO time the session ends. */
  expiresAt: string;
}

/**
 * Starts a session for `user` and returns the sign-in answer's `data`.
 *
 * @example
 * return { success: true, data: signIn(ctx, user) };
 */
export function signIn(ctx: ServerContext, user: EntityRow): SignedInData {
  const session = ctx.sessions.create(user.id);
  return {
    user: toPublicRow(user),
    sessionId: session.id,
    expiresAt: new Date(session.expiresAt).toISOString(),
  };
}
