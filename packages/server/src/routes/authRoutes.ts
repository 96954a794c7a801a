import { newPasswordProblem } from '../newPasswordProblem';
import type { FastifyInstance } from 'fastify';
import { answerSignIn, clearSessionCookies } from '../answerSignIn';
import { findUser } from '../findUser';
import { HttpError } from '../HttpError';
import { hashPassword, verifyPassword } from '../password';
import { type ServerContext, requestSessionId, requestUser, requireUser } from '../ServerContext';
import { prefersCookieSession } from '../prefersCookieSession';
import { signedInData, signIn } from '../signedInData';
import { tooManyAttempts } from '../tooManyAttempts';
import { toPublicRow } from '../toPublicRow';
import type { EntityRow } from '../types';

function readCredentials(body: unknown): { email?: string; userName?: string; password: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Body must be a JSON object with email or userName, and password');
  }
  const { email, userName, password } = body as Record<string, unknown>;
  const errors: Record<string, string> = {};
  if (typeof password !== 'string' || password === '') errors.password = 'password is required';
  const hasEmail = typeof email === 'string' && email !== '';
  const hasUserName = typeof userName === 'string' && userName !== '';
  if (!hasEmail && !hasUserName) errors.email = 'email or userName is required';
  if (Object.keys(errors).length > 0) throw new HttpError(422, 'Validation failed', errors);
  return {
    ...(hasEmail ? { email: email as string } : {}),
    ...(hasUserName ? { userName: userName as string } : {}),
    password: password as string,
  };
}

function readPasswordChange(body: unknown): { oldPassword: string; newPassword: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Body must be a JSON object with oldPassword and newPassword');
  }
  const { oldPassword, newPassword } = body as Record<string, unknown>;
  const errors: Record<string, string> = {};
  if (typeof oldPassword !== 'string' || oldPassword === '')
    errors.oldPassword = 'oldPassword is required';
  // The same rule as register and reset: a change must not be the way around it.
  const weak = newPasswordProblem('newPassword', newPassword);
  if (weak) errors.newPassword = weak;
  if (Object.keys(errors).length > 0) throw new HttpError(422, 'Validation failed', errors);
  return { oldPassword: oldPassword as string, newPassword: newPassword as string };
}

// The body's refreshToken, else the refresh cookie (a cookie session); `fromCookie` says which.
function readRefreshToken(
  body: unknown,
  cookie: string | undefined,
): { token: string; fromCookie: boolean } {
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new HttpError(400, 'Body must be a JSON object with refreshToken');
  }
  const { refreshToken } = (body ?? {}) as Record<string, unknown>;
  if (typeof refreshToken === 'string' && refreshToken !== '') {
    return { token: refreshToken, fromCookie: false };
  }
  if (refreshToken === undefined && cookie) return { token: cookie, fromCookie: true };
  // No body and no cookie: a cookie-mode visitor who never signed in. Missing credentials
  // (401), not a malformed request.
  if (body === undefined) throw new HttpError(401, 'No refresh token: sign in');
  throw new HttpError(422, 'Validation failed', { refreshToken: 'refreshToken is required' });
}

let dummyHash: string | undefined;

function anyHash(): string {
  if (!dummyHash) dummyHash = hashPassword('', Buffer.alloc(16));
  return dummyHash;
}

// The throttle's account key: the user when it exists, else the name asked for, so guesses
// at an unknown account are throttled the same way (and reveal nothing).
function accountKey(user: EntityRow | undefined, email?: string, userName?: string): string {
  return user ? `user:${user.id}` : `name:${(email ?? userName ?? '').toLowerCase()}`;
}

/**
 * `/auth/login`, `/auth/logout`, `/auth/validation`, `/auth/me` (docs/guide/server.md, "Sign-in and sessions"),
 * `/auth/refresh` (rotating refresh tokens) and `/auth/password/change`. Failed sign-ins are
 * throttled per account and per address when `ctx.throttle` is set; a user with two-factor
 * sign-in gets a challenge instead of a session (see `twoFactorRoutes`). A sign-in or refresh
 * with `Prefer: session=cookie` is answered with cookies (see `answerSignIn`); refresh takes
 * the token from the body or else from the refresh cookie; logout clears both cookies.
 *
 * @example
 * app.register((scope) => authRoutes(scope, ctx), { prefix: '/api' });
 */
export async function authRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.post('/auth/login', async (request, reply) => {
    const { email, userName, password } = readCredentials(request.body);
    const user = findUser(ctx, email, userName);
    const account = accountKey(user, email, userName);
    const waitMs = ctx.throttle?.retryAfterMs(account, request.ip) ?? 0;
    if (waitMs > 0) return tooManyAttempts(reply, waitMs);
    // Verify against something even for unknown users, so timing does not reveal who exists.
    const ok = await verifyPassword(password, user?.passwordHash ?? anyHash());
    if (!user || !ok) {
      ctx.throttle?.fail(account, request.ip);
      throw new HttpError(401, 'Invalid credentials');
    }
    if (typeof user.twoFactorSecret === 'string') {
      // The account's failures are cleared only once the code is right too, so a known
      // password does not buy unlimited guesses at codes.
      const { challenge, expiresAt } = ctx.challenges.issue(user.id);
      return {
        success: true,
        data: { twoFactorRequired: true, challenge, expiresAt: new Date(expiresAt).toISOString() },
      };
    }
    ctx.throttle?.succeed(account);
    return { success: true, data: answerSignIn(ctx, request, reply, signIn(ctx, user)) };
  });

  app.post('/auth/refresh', async (request, reply) => {
    const { token, fromCookie } = readRefreshToken(
      request.body,
      request.cookies?.[ctx.refreshCookie],
    );
    const outcome = ctx.sessions.refresh(token);
    // A refused cookie is dropped, so the browser stops sending it.
    if (!outcome.ok && fromCookie) clearSessionCookies(ctx, request, reply);
    if (!outcome.ok) {
      throw new HttpError(
        401,
        outcome.reason === 'reused'
          ? 'Refresh token was already used: every session of this sign-in has ended'
          : 'Refresh token is invalid or has expired',
      );
    }
    const user = ctx.store.entity('users')?.rows.get(outcome.session.userId);
    if (!user) {
      ctx.sessions.delete(outcome.session.id);
      if (fromCookie) clearSessionCookies(ctx, request, reply);
      throw new HttpError(401, 'Refresh token is invalid or has expired');
    }
    const data = signedInData(user, outcome.session, outcome.refreshToken);
    return { success: true, data: answerSignIn(ctx, request, reply, data, fromCookie) };
  });

  app.post('/auth/logout', async (request, reply) => {
    const id = requestSessionId(ctx, request);
    if (id) ctx.sessions.delete(id);
    // The session may have expired already: its refresh token must still stop working.
    const sent = (request.body as { refreshToken?: unknown } | undefined)?.refreshToken;
    if (typeof sent === 'string' && sent !== '') ctx.sessions.revoke(sent);
    // A cookie session whose session cookie already expired still sends its refresh cookie.
    const cookie = request.cookies?.[ctx.refreshCookie];
    if (cookie) ctx.sessions.revoke(cookie);
    if (request.cookies?.[ctx.sessionCookie] || cookie || prefersCookieSession(request)) {
      clearSessionCookies(ctx, request, reply);
    }
    return { success: true, data: null };
  });

  app.get('/auth/validation', async (request) => {
    const current = requestUser(ctx, request);
    return {
      success: true,
      data: current
        ? {
            isValid: true,
            expiresAt: new Date(current.session.expiresAt).toISOString(),
            user: toPublicRow(current.user),
          }
        : { isValid: false },
    };
  });

  app.get('/auth/me', async (request) => ({
    success: true,
    data: toPublicRow(requireUser(ctx, request).user),
  }));

  app.post('/auth/password/change', async (request, reply) => {
    const { user, session } = requireUser(ctx, request);
    const { oldPassword, newPassword } = readPasswordChange(request.body);
    const account = accountKey(user);
    const waitMs = ctx.throttle?.retryAfterMs(account, request.ip) ?? 0;
    if (waitMs > 0) return tooManyAttempts(reply, waitMs);
    if (!(await verifyPassword(oldPassword, user.passwordHash))) {
      // A stolen session must not become a way to guess the password without limit.
      ctx.throttle?.fail(account, request.ip);
      // 403, not 401: the session is fine, and a 401 would sign the client out.
      throw new HttpError(403, 'The current password is not correct', {
        oldPassword: 'oldPassword is not correct',
      });
    }
    const users = ctx.store.entity('users');
    if (users) ctx.store.put(users, { ...user, passwordHash: hashPassword(newPassword) });
    const ended = ctx.sessions.deleteUserSessions(user.id, session.id);
    await ctx.store.save();
    return { success: true, data: { endedSessions: ended } };
  });
}
