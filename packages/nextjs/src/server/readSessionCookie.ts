import { cookies } from 'next/headers.js';
import { readCookie } from '../cookie/parseCookieHeader';
import { DEFAULT_SESSION_COOKIE_NAME } from '../cookie/sessionCookieOptions';

/**
 * Where the server reads cookies from: a `Cookie` header string, a `Headers` object, or a
 * cookie store such as `await cookies()` or `request.cookies` of a `NextRequest`.
 */
export type CookieSource =
  | string
  | Headers
  | { get(name: string): { value: string } | undefined | null };

/**
 * Reads the session cookie. Without a `source` it uses `await cookies()` from `next/headers`,
 * so it works in server components, server functions and route handlers; in a proxy
 * (middleware) pass `request.cookies`.
 *
 * @example
 * const sessionId = await readSessionCookie(); // 'abc…' or null
 */
export async function readSessionCookie(
  source?: CookieSource,
  name: string = DEFAULT_SESSION_COOKIE_NAME,
): Promise<string | null> {
  const from = source ?? (await cookies());
  if (typeof from === 'string') return readCookie(from, name);
  if (from instanceof Headers) return readCookie(from.get('cookie'), name);
  if (from && typeof from.get === 'function') {
    const value = from.get(name)?.value;
    return typeof value === 'string' && value !== '' ? value : null;
  }
  throw new TypeError(
    'readSessionCookie: source must be a Cookie header, Headers or a cookie store',
  );
}
