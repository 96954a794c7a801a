import type { ResolvedSessionCookieOptions } from './sessionCookieOptions';

// RFC 6265 `token`: what a cookie name may contain.
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const ATTRIBUTE_VALUE = /^[^;\r\n\0]*$/;

/** Attributes of one `Set-Cookie`/`document.cookie` string. */
export type CookieAttributes = Omit<ResolvedSessionCookieOptions, 'name'>;

/**
 * Builds a cookie string for `document.cookie` or a `Set-Cookie` header. The value is
 * percent-encoded; a negative or zero `maxAge` deletes the cookie.
 *
 * @example
 * serializeCookie('session_id', 'abc', { path: '/', sameSite: 'lax', secure: true })
 * // 'session_id=abc; Path=/; SameSite=Lax; Secure'
 */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  if (typeof name !== 'string' || !COOKIE_NAME.test(name)) {
    throw new TypeError(
      `serializeCookie: name must be a cookie token, got ${JSON.stringify(name)}`,
    );
  }
  if (typeof value !== 'string') {
    throw new TypeError(`serializeCookie: value must be a string, got ${typeof value}`);
  }
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (!ATTRIBUTE_VALUE.test(attributes.path)) {
    throw new TypeError('serializeCookie: path must not contain ";", CR, LF or NUL');
  }
  parts.push(`Path=${attributes.path}`);
  if (attributes.domain !== undefined) {
    if (!ATTRIBUTE_VALUE.test(attributes.domain) || attributes.domain === '') {
      throw new TypeError('serializeCookie: domain must be a non-empty host name');
    }
    parts.push(`Domain=${attributes.domain}`);
  }
  if (attributes.maxAge !== undefined) {
    if (!Number.isFinite(attributes.maxAge)) {
      throw new RangeError(
        `serializeCookie: maxAge must be a finite number, got ${attributes.maxAge}`,
      );
    }
    const seconds = Math.floor(attributes.maxAge);
    parts.push(`Max-Age=${seconds}`);
    // Expires too: some older clients ignore Max-Age.
    parts.push(`Expires=${new Date(Date.now() + seconds * 1000).toUTCString()}`);
  }
  const sameSite = attributes.sameSite;
  parts.push(`SameSite=${sameSite.charAt(0).toUpperCase()}${sameSite.slice(1)}`);
  if (attributes.secure) parts.push('Secure');
  return parts.join('; ');
}
