import type { FastifyReply, FastifyRequest } from 'fastify';
import { prefersCookieSession } from './prefersCookieSession';
import type { ServerContext } from './ServerContext';
import { sessionCookieOptions } from './sessionCookieOptions';
import type { SignedInData } from './signedInData';

/** The `data` of a sign-in answered with cookies: no session id and no refresh token. */
export interface CookieSignedInData {
  user: SignedInData['user'];
  expiresAt: string;
}

/**
 * The `data` of a completed sign-in (login, register, two-factor verify, refresh). In token
 * mode, `data` as it is. When the request asks for a cookie session (`Prefer: session=cookie`)
 * or `cookieMode` is set (a refresh whose token came from the cookie: a cookie-held token is
 * never handed to scripts), the session and the refresh token go into `HttpOnly` cookies, the
 * answer says `Preference-Applied: session=cookie` and the body keeps only `user` and
 * `expiresAt`.
 *
 * @example
 * return { success: true, data: answerSignIn(ctx, request, reply, signIn(ctx, user)) };
 */
export function answerSignIn(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  data: SignedInData,
  cookieMode = false,
): SignedInData | CookieSignedInData {
  const preferred = prefersCookieSession(request);
  if (!preferred && !cookieMode) return data;
  reply.setCookie(
    ctx.sessionCookie,
    data.sessionId,
    sessionCookieOptions(request, '/', Date.parse(data.expiresAt)),
  );
  reply.setCookie(
    ctx.refreshCookie,
    data.refreshToken,
    sessionCookieOptions(request, ctx.refreshCookiePath, Date.parse(data.refreshExpiresAt)),
  );
  if (preferred) reply.header('Preference-Applied', 'session=cookie');
  return { user: data.user, expiresAt: data.expiresAt };
}

/**
 * Clears both cookies of a cookie session (logout, a refused cookie refresh). The browser
 * drops them whether or not this request carried them (the refresh cookie reaches the auth
 * routes only).
 *
 * @example
 * clearSessionCookies(ctx, request, reply);
 */
export function clearSessionCookies(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.clearCookie(ctx.sessionCookie, sessionCookieOptions(request));
  reply.clearCookie(ctx.refreshCookie, sessionCookieOptions(request, ctx.refreshCookiePath));
}
