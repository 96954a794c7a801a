import type { Client } from '../client/client';

/**
 * The headers of a sign-in request (login, register, two-factor verify, refresh) for the
 * client's session module: with `cookieSession()` the RFC 7240 preference
 * `Prefer: session=cookie`, which asks the server to keep the session in `HttpOnly` cookies;
 * none with the built-in header session.
 *
 * @example
 * await client.post('/auth/login', credentials, { headers: cookieSessionHeaders(client) });
 */
export function cookieSessionHeaders(client: Client): Record<string, string> {
  return { ...client.getConfig?.().session?.signInHeaders };
}
