import { readCookie } from '../cookie/parseCookieHeader';
import { serializeCookie } from '../cookie/serializeCookie';
import {
  resolveSessionCookieOptions,
  type SessionCookieOptions,
} from '../cookie/sessionCookieOptions';

function isHttps(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}

/**
 * Writes the session cookie in the browser (no-op on the server), so server components,
 * route handlers and the proxy see the session.
 *
 * @example
 * writeSessionCookie(result.sessionId); // session_id=…; Path=/; SameSite=Lax[; Secure]
 */
export function writeSessionCookie(sessionId: string, options?: SessionCookieOptions): void {
  if (typeof document === 'undefined') return;
  if (typeof sessionId !== 'string' || sessionId === '') {
    throw new TypeError('writeSessionCookie: sessionId must be a non-empty string');
  }
  const { name, ...attributes } = resolveSessionCookieOptions(options, isHttps());
  const current = readCookie(document.cookie, name);
  if (current === sessionId) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some supported browsers; serializeCookie builds and escapes the string
  document.cookie = serializeCookie(name, sessionId, attributes);
}

/**
 * Removes the session cookie in the browser (no-op on the server). Path and domain must match
 * the ones it was written with, so pass the same options.
 *
 * @example
 * removeSessionCookie();
 */
export function removeSessionCookie(options?: SessionCookieOptions): void {
  if (typeof document === 'undefined') return;
  const { name, ...attributes } = resolveSessionCookieOptions(options, isHttps());
  if (readCookie(document.cookie, name) === null) return;
  // biome-ignore lint/suspicious/noDocumentCookie: as above, for the deletion
  document.cookie = serializeCookie(name, '', { ...attributes, maxAge: 0 });
}
