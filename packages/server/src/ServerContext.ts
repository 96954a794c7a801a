import type { FastifyRequest } from 'fastify';
import type { ChallengeStore } from './challengeStore';
import type { DataStore, EntityState } from './dataStore';
import type { ChangeFeed } from './feed/changeFeed';
import { HttpError } from './HttpError';
import type { IdempotencyStore } from './idempotencyStore';
import type { LoginThrottle } from './loginThrottle';
import type { ResetTokenStore } from './resetTokenStore';
import type { Session, SessionStore } from './sessionStore';
import type { EntityRow } from './types';

/** What the route plugins share: the data, the sessions and how a session is read. */
export interface ServerContext {
  store: DataStore;
  sessions: SessionStore;
  /** The remembered answers of writes sent with an `Idempotency-Key`. */
  idempotency: IdempotencyStore;
  /** The change feed (`GET /events`): committed changes, to the sessions that may read them. */
  feed: ChangeFeed;
  /** Lower-case header name carrying the session. */
  sessionHeader: string;
  /** Cookie name carrying the session. */
  sessionCookie: string;
  /** Cookie name carrying the refresh token of a cookie session. */
  refreshCookie: string;
  /**
   * The refresh cookie's `Path`: the auth routes (`<basePath>/auth`), so it reaches refresh and
   * logout (which must revoke it even after the session cookie expired) and no other route.
   */
  refreshCookiePath: string;
  /** Pending two-factor sign-ins. */
  challenges: ChallengeStore;
  /** Password-reset tokens. */
  resetTokens: ResetTokenStore;
  /** Delivers a password-reset token (the dev server logs it). */
  onPasswordReset: (email: string, token: string) => void;
  /** The user type `POST /auth/register` gives new users. */
  registerUserType: string;
  /** Failed sign-in throttling; absent when turned off. */
  throttle?: LoginThrottle;
}

/** The session id a request carries: the header first, then the cookie. */
export function requestSessionId(ctx: ServerContext, request: FastifyRequest): string | undefined {
  const header = request.headers[ctx.sessionHeader];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return fromHeader;
  return request.cookies?.[ctx.sessionCookie] || undefined;
}

/** The signed-in user and session of a request, when the session is valid and the user exists. */
export function requestUser(
  ctx: ServerContext,
  request: FastifyRequest,
): { user: EntityRow; session: Session } | undefined {
  const session = ctx.sessions.get(requestSessionId(ctx, request));
  const user = session && ctx.store.entity('users')?.rows.get(session.userId);
  return session && user ? { user, session } : undefined;
}

/**
 * The signed-in user and session of a request; a 401 `HttpError` when there is none.
 *
 * @example
 * const { user, session } = requireUser(ctx, request);
 */
export function requireUser(
  ctx: ServerContext,
  request: FastifyRequest,
): { user: EntityRow; session: Session } {
  const current = requestUser(ctx, request);
  if (current) return current;
  const sent = requestSessionId(ctx, request) !== undefined;
  throw new HttpError(401, sent ? 'Session is invalid or has expired' : 'Authentication required');
}

/**
 * Enforces an entity's access rule: 401 without a valid session (unless the rule says
 * `'public'`), 403 when the user's type is not listed (types compare case-insensitively).
 *
 * @example
 * authorize(ctx, request, products, 'write'); // throws HttpError(403) for a viewer
 */
export function authorize(
  ctx: ServerContext,
  request: FastifyRequest,
  entity: EntityState,
  kind: 'read' | 'write',
): EntityRow | undefined {
  const current = requestUser(ctx, request);
  if (mayAccess(entity, current?.user, kind)) return current?.user;
  const { user } = current ?? requireUser(ctx, request);
  throw new HttpError(403, `User type "${user.userType}" may not ${kind} ${entity.name}`);
}

/**
 * An entity's access rule, for a user (`undefined`: nobody signed in): `'public'` admits
 * everybody, `'authenticated'` any user, other names the user types listed (compared
 * case-insensitively). What `authorize` enforces on the routes and the change feed on each
 * event.
 *
 * @example
 * mayAccess(users, viewer, 'read'); // false in the demo data
 */
export function mayAccess(
  entity: EntityState,
  user: EntityRow | undefined,
  kind: 'read' | 'write',
): boolean {
  const allowed = entity.access[kind].map((t) => t.toLowerCase());
  if (allowed.includes('public')) return true;
  if (!user) return false;
  if (allowed.includes('authenticated')) return true;
  return allowed.includes(String(user.userType ?? '').toLowerCase());
}
