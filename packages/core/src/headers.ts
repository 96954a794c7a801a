/**
 * Header maps with case-insensitive names, kept as plain objects so interceptors can read
 * and change them and `fetch` takes them as they are.
 */

// RFC 9110 token: what fetch accepts as a header name.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// fetch rejects CR, LF and NUL in values; catching them first gives a clear CLIENT_ERROR.
const BAD_VALUE = /[\r\n\0]/;

/**
 * Finds a header value by name, ignoring case.
 *
 * @example
 * getHeader({ 'content-type': 'a/b' }, 'Content-Type') // 'a/b'
 */
export function getHeader(headers: Record<string, string>, name: string): string | undefined {
  const direct = headers[name];
  if (direct !== undefined) return direct;
  const lower = name.toLowerCase();
  for (const key in headers) if (key.toLowerCase() === lower) return headers[key];
  return undefined;
}

/**
 * Removes every spelling of a header name.
 *
 * @example
 * deleteHeader(headers, 'x-session-id') // also removes 'X-Session-ID'
 */
export function deleteHeader(headers: Record<string, string>, name: string): void {
  const lower = name.toLowerCase();
  for (const key in headers) if (key.toLowerCase() === lower) delete headers[key];
}

/**
 * Sets a header, replacing any other spelling of its name, so the later layer wins.
 *
 * @example
 * putHeader(headers, 'accept', 'text/plain') // replaces 'Accept'
 */
export function putHeader(headers: Record<string, string>, name: string, value: string): void {
  if (headers[name] === undefined) deleteHeader(headers, name);
  headers[name] = value;
}

/**
 * Copies every header of `source` onto `target` with `putHeader` semantics.
 *
 * @example
 * mergeHeaders({ Accept: 'a' }, { accept: 'b' }) // { accept: 'b' }
 */
export function mergeHeaders(
  target: Record<string, string>,
  source: Record<string, string>,
): Record<string, string> {
  for (const key in source) putHeader(target, key, source[key]!);
  return target;
}

/**
 * Checks a header name and value; returns a message describing the problem, or `undefined`.
 *
 * @example
 * headerProblem('X-A', 'ok') // undefined
 * headerProblem('X-A', 'a\r\nb') // 'header "X-A" has a value with CR, LF or NUL'
 */
export function headerProblem(name: unknown, value: unknown): string | undefined {
  // `__proto__` is a valid token but cannot be a key of the plain-object header maps.
  if (typeof name !== 'string' || !TOKEN.test(name) || name === '__proto__') {
    return `invalid header name ${JSON.stringify(String(name))}`;
  }
  if (typeof value !== 'string') return `header "${name}" must have a string value`;
  if (BAD_VALUE.test(value)) return `header "${name}" has a value with CR, LF or NUL`;
  return undefined;
}

/**
 * Checks every header of a map; returns the first problem, or `undefined`.
 *
 * @example
 * headersProblem({ 'X-A': '1' }) // undefined
 */
export function headersProblem(headers: Record<string, string>): string | undefined {
  for (const key in headers) {
    const problem = headerProblem(key, headers[key]);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
