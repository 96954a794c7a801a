/**
 * Parses a `Cookie` header (or `document.cookie`) into a name → value map. Values are
 * percent-decoded when they can be; the first occurrence of a name wins, as browsers send
 * the most specific path first.
 *
 * @example
 * parseCookieHeader('session_id=abc%20d; theme=dark') // { session_id: 'abc d', theme: 'dark' }
 */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (typeof header !== 'string' || header === '') return cookies;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    const name = pair.slice(0, eq).trim();
    if (name === '' || Object.hasOwn(cookies, name)) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
      value = value.slice(1, -1);
    cookies[name] = safeDecode(value);
  }
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

function safeDecode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    // A malformed escape is someone else's cookie; keep it as sent rather than fail the request.
    return value;
  }
}
