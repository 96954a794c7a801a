/**
 * URL joining and origin checks (docs/guide/requests.md, "URLs and params").
 */

import { mustBe } from '../checks';

const ABSOLUTE_HTTP = /^https?:\/\//i;
// The userinfo of an absolute http(s) URL: after the slashes (the URL parser skips any number,
// and reads `\` as `/` in http(s) URLs), up to the last `@` before the first `/`, `\`, `?` or `#`.
const USERINFO = /^https?:[/\\]*([^/?#\\]*)@/i;

/** A validated base URL: `href` without trailing slashes, and its `origin`. */
export interface BaseUrl {
  href: string;
  origin: string;
}

/**
 * Validates and normalizes the client's base URL. A relative base (`'/api'`) is resolved
 * against `location.origin` where the runtime has one.
 *
 * @throws TypeError naming `baseUrl` when it is missing, not http(s), or relative without
 *   a `location`
 * @example
 * resolveBaseUrl('https://h/api/') // { href: 'https://h/api', origin: 'https://h' }
 */
export function resolveBaseUrl(baseUrl: unknown): BaseUrl {
  const text = typeof baseUrl === 'string' ? baseUrl.trim() : '';
  // A path, not a protocol-relative `//host`.
  const isPath = text.startsWith('/') && !text.startsWith('//');
  if (!ABSOLUTE_HTTP.test(text) && !isPath) {
    throw mustBe('baseUrl', 'an http(s) URL or a path starting with "/"', baseUrl);
  }
  let absolute = text;
  if (isPath) {
    const origin = currentOrigin();
    if (origin === undefined) {
      throw new TypeError(
        `baseUrl "${text}" is relative and there is no location to resolve it: pass an http(s) URL`,
      );
    }
    absolute = origin + text;
  }
  // The scheme in lower case, as the URL parser writes it: React Native's URL matches
  // `https?://` only, and gave an empty origin and path for `HTTPS://…`.
  const url = parse(absolute.replace(ABSOLUTE_HTTP, (scheme) => scheme.toLowerCase()));
  if (hasCredentials(text)) {
    throw new TypeError('baseUrl must not contain credentials (user:password@)');
  }
  if (url.search !== '' || url.hash !== '') {
    throw new TypeError('baseUrl must not contain a query string or fragment');
  }
  return { href: url.origin + url.pathname.replace(/\/+$/, ''), origin: url.origin };
}

/**
 * Whether a base URL carries credentials, read from its text: what `url.username !== '' ||
 * url.password !== ''` says, without those members, which React Native's `URL` before 0.80
 * (and other polyfills) do not implement. A relative base is joined to `location.origin`,
 * which has none. `user@`, `user:pw@` and `:pw@` have some; `@` and `:@` are empty.
 */
function hasCredentials(text: string): boolean {
  // The URL parser drops tabs and newlines anywhere in the text.
  const userinfo = USERINFO.exec(text.replace(/[\t\n\r]/g, ''))?.[1];
  return userinfo !== undefined && userinfo !== '' && userinfo !== ':';
}

function parse(text: string): URL {
  try {
    return new URL(text);
  } catch {
    throw mustBe('baseUrl', 'a valid URL', text);
  }
}

function currentOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  return typeof origin === 'string' && origin !== 'null' && origin !== '' ? origin : undefined;
}

/**
 * Whether an endpoint is an absolute http(s) URL (used as is, not joined to the base).
 *
 * @example
 * isAbsoluteUrl('https://other.example/x') // true
 */
export function isAbsoluteUrl(endpoint: string): boolean {
  return ABSOLUTE_HTTP.test(endpoint);
}

/**
 * Joins an endpoint to the base path and appends an already-encoded query string as
 * `appendQuery` does.
 *
 * @example
 * joinUrl('https://h/api', 'users?x=1', 'page=2') // 'https://h/api/users?x=1&page=2'
 */
export function joinUrl(base: string, endpoint: string, query: string): string {
  let url: string;
  if (ABSOLUTE_HTTP.test(endpoint)) url = endpoint;
  else if (endpoint === '' || endpoint.startsWith('/')) url = base + endpoint;
  else url = `${base}/${endpoint}`;
  return appendQuery(url, query);
}

/**
 * The origin of an absolute URL, or `undefined` when it does not parse.
 *
 * @example
 * originOf('https://h:8080/x?y') // 'https://h:8080'
 */
export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Appends an already-encoded query string to a path or URL: `?` before it, `&` when the path
 * already has a query (nothing when it ends in `?` or `&`); a `#fragment` stays last. The
 * path alone when `query` is empty. The query builder's `toURL` and the services share it.
 *
 * @example
 * appendQuery('/users?active=1#top', 'page=2') // '/users?active=1&page=2#top'
 */
export function appendQuery(path: string, query: string): string {
  if (query === '') return path;
  const hashAt = path.indexOf('#');
  const head = hashAt === -1 ? path : path.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : path.slice(hashAt);
  let separator = '&';
  if (!head.includes('?')) separator = '?';
  else if (head.endsWith('?') || head.endsWith('&')) separator = '';
  return `${head}${separator}${query}${hash}`;
}
