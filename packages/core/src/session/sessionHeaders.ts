/**
 * The session in a request's headers. The client tracks the session by its value, not by the
 * name of the header it was added in, so a middleware that moves or copies it (a dialect's
 * `Authorization: Bearer`, an app's own header) is covered alike by the origin guard, the
 * redirect rules, the session-rejected check and the re-signing of a replay.
 */

/**
 * The names (as spelled in `headers`) of the headers carrying the session `id`: whose value
 * is the id, or one token, a space and the id (`Bearer abc`, `Token abc`). None for `null`
 * (no session was added).
 *
 * @example
 * sessionCarriers({ Authorization: 'Bearer abc', 'X-Copy': 'abc', Accept: 'x abc' }, 'abc')
 * // ['Authorization', 'X-Copy']
 */
export function sessionCarriers(headers: Record<string, string>, id: string | null): string[] {
  if (id === null) return [];
  return Object.keys(headers).filter((name) => {
    const value = headers[name]!;
    // The first space ends the scheme: the id itself may hold spaces.
    const space = value.indexOf(' ');
    return value === id || (space > 0 && value.slice(space + 1) === id);
  });
}

/**
 * Puts the session `now` where the session `old` is, in every header carrying it, keeping
 * each one's scheme (`Bearer <old>` becomes `Bearer <now>`).
 *
 * @example
 * const headers = { Authorization: 'Bearer old' };
 * replaceSession(headers, 'old', 'new'); // headers.Authorization === 'Bearer new'
 */
export function replaceSession(headers: Record<string, string>, old: string, now: string): void {
  for (const name of sessionCarriers(headers, old)) {
    const value = headers[name]!;
    headers[name] = value.slice(0, value.length - old.length) + now;
  }
}
