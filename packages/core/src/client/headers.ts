/**
 * Header maps with case-insensitive names. They are plain objects without a prototype, so
 * interceptors can read and change them, `fetch` takes them as they are, and names such as
 * `constructor` or `__proto__` are names like any other (never an inherited property).
 */

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// What `fetch` refuses or a server would split on: control characters (tab excepted) and
// anything outside Latin-1 (header values are bytes, not text).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const BAD_VALUE = /[\0-\x08\n-\x1f\x7f]|[^\0-\xff]/;

/** A header map with no prototype. */
export type HeaderMap = Record<string, string>;

/**
 * A new header map with no prototype, holding the own entries of `source` (if any).
 *
 * @example
 * headerMap({ Accept: 'application/json' }).constructor // undefined
 */
export function headerMap(source?: Record<string, string>): HeaderMap {
  // No prototype: a header named `__proto__` is a header, and assign() sets it as one.
  return Object.assign(Object.create(null) as HeaderMap, source);
}

/**
 * Finds a header value by name, ignoring case. Only own entries count.
 *
 * @example
 * getHeader({ 'content-type': 'a/b' }, 'Content-Type') // 'a/b'
 */
export function getHeader(headers: Record<string, string>, name: string): string | undefined {
  if (Object.hasOwn(headers, name)) return headers[name];
  const lower = name.toLowerCase();
  for (const key of Object.keys(headers)) if (key.toLowerCase() === lower) return headers[key];
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
  for (const key of Object.keys(headers)) if (key.toLowerCase() === lower) delete headers[key];
}

/**
 * Sets a header, replacing any other spelling of its name, so the later layer wins.
 *
 * @example
 * putHeader(headers, 'accept', 'text/plain') // replaces 'Accept'
 */
export function putHeader(headers: Record<string, string>, name: string, value: string): void {
  if (!Object.hasOwn(headers, name)) deleteHeader(headers, name);
  // On a map that has a prototype (an interceptor's spread copy), `__proto__ = v` would
  // change the prototype instead of setting a header.
  if (name === '__proto__') {
    Object.defineProperty(headers, name, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else {
    headers[name] = value;
  }
}

/**
 * Copies every own header of `source` onto `target` with `putHeader` semantics.
 *
 * @example
 * mergeHeaders(headerMap({ Accept: 'a' }), { accept: 'b' }) // { accept: 'b' }
 */
export function mergeHeaders(
  target: Record<string, string>,
  source: Record<string, string>,
): Record<string, string> {
  for (const key of Object.keys(source)) putHeader(target, key, source[key]!);
  return target;
}

/**
 * Checks a header name and value; returns a message naming the header, or `undefined`.
 *
 * @example
 * headerProblem('X-A', 'ok') // undefined
 * headerProblem('X-A', 'a\r\nb') // 'header "X-A" has a value with a control character…'
 */
export function headerProblem(name: unknown, value: unknown): string | undefined {
  if (typeof name !== 'string' || !TOKEN.test(name)) {
    return `invalid header name ${JSON.stringify(String(name))}`;
  }
  if (typeof value !== 'string') return `header "${name}" must have a string value`;
  if (BAD_VALUE.test(value)) {
    return `header "${name}" has a value with a control character (CR, LF, NUL…) or a character outside Latin-1`;
  }
  return undefined;
}

/**
 * Checks every own header of a map; returns the first problem, or `undefined`.
 *
 * @example
 * headersProblem({ 'X-A': '1' }) // undefined
 */
export function headersProblem(headers: Record<string, string>): string | undefined {
  for (const key of Object.keys(headers)) {
    const problem = headerProblem(key, headers[key]);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
