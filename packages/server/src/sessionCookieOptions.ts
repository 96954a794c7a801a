import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';

/**
 * The attributes of every cookie the server sets (the session and refresh-token cookies of
 * a cookie session, and their clearing on logout): `HttpOnly` (no script reads it),
 * `SameSite=Lax` (not sent on other sites' sub-requests or POSTs), `Secure` when the request
 * came over https, path `/` unless `path` says otherwise (the refresh token goes to the
 * auth routes only), and `expires` when given.
 *
 * @example
 * reply.clearCookie('session_id', sessionCookieOptions(request));
 * reply.setCookie('refresh_token', token, sessionCookieOptions(request, '/api/auth', expiresAt));
 */
export function sessionCookieOptions(
  request: FastifyRequest,
  path = '/',
  expiresAt?: number,
): CookieSerializeOptions {
  return {
    path,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    ...(expiresAt === undefined ? {} : { expires: new Date(expiresAt) }),
  };
}
