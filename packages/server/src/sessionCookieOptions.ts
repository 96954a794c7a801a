import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';

/**
 * The attributes of every cookie the server sets (today: clearing the session cookie on
 * logout): `HttpOnly` (no script reads it), `SameSite=Lax` (not sent on other sites'
 * sub-requests or POSTs), `Secure` when the request came over https, path `/`.
 *
 * @example
 * reply.clearCookie('session_id', sessionCookieOptions(request));
 */
export function sessionCookieOptions(request: FastifyRequest): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' };
}
