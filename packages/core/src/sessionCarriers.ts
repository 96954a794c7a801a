/**
 * Which headers carry the session: the kernel tracks the session by its value, not by the
 * name of the header it was added in, so a middleware that moves or copies it (a dialect's
 * `Authorization: Bearer`, an app's own header) is covered by the origin guard, the redirect
 * rules, the replay's re-signing and the session-rejected check alike.
 */

/**
 * Whether a header value carries the session `id`: it is the id, or one token, a space and
 * the id (`Bearer abc`, `Token abc`).
 *
 * @example
 * carriesSession('Bearer abc', 'abc') // true
 * carriesSession('Basic abc', 'abc') // true: whatever the scheme, the secret is the id
 * carriesSession('x abc y', 'abc') // false
 */
export function carriesSession(value: string, id: string): boolean {
  const space = value.length - id.length - 1;
  return value === id || (space > 0 && value.indexOf(' ') === space && value.endsWith(id));
}

/**
 * The names of the headers that carry the session `id` (as spelled in `headers`).
 *
 * @example
 * sessionCarriers({ Authorization: 'Bearer abc', Accept: 'x' }, 'abc') // ['Authorization']
 */
export function sessionCarriers(headers: Record<string, string>, id: string): string[] {
  return Object.keys(headers).filter((name) => carriesSession(headers[name]!, id));
}
