/**
 * Which headers carry the session: the kernel tracks the session by its value, not by the
 * name of the header it was added in, so a middleware that moves or copies it (a dialect's
 * `Authorization: Bearer`, an app's own header) is covered by the origin guard, the redirect
 * rules, the replay's re-signing and the session-rejected check alike.
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
