import { parse } from 'cookie';

/**
 * Parses a `Cookie` header (or `document.cookie`) into a name → value map, with the `cookie`
 * package. Values are percent-decoded when they can be and lose surrounding double quotes;
 * the first occurrence of a name wins, as browsers send the most specific path first; pairs
 * without a name are left out.
 *
 * @example
 * parseCookieHeader('session_id=abc%20d; theme=dark') // { session_id: 'abc d', theme: 'dark' }
 */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  if (typeof header !== 'string' || header === '') return {};
  // A plain object (the parser's has no prototype), as callers may expect one.
  const cookies = { ...parse(header, { decode }) } as Record<string, string>;
  delete cookies[''];
  return cookies;
}

/**
 * Reads one cookie from a `Cookie` header; `null` when absent or empty.
 *
 * @example
 * readCookie('a=1; session_id=xyz', 'session_id') // 'xyz'
 */
export function readCookie(header: string | null | undefined, name: string): string | null {
  const value = parseCookieHeader(header)[name];
  return value === undefined || value === '' ? null : value;
}

function decode(raw: string): string {
  const value =
    raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    // A malformed escape is someone else's cookie; keep it as sent rather than fail the request.
    return value;
  }
}
