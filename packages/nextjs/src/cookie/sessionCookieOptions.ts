/** The cookie that carries the session to server code unless `name` says otherwise. */
export const DEFAULT_SESSION_COOKIE_NAME = 'session_id';

/**
 * How the session is mirrored into a cookie so server components, route handlers and the
 * proxy (middleware) can read it.
 *
 * @example
 * <BridgeProvider config={{ baseUrl: '/api' }} cookie={{ name: 'sid', maxAge: 60 * 60 * 24 }}>
 */
export interface SessionCookieOptions {
  /**
   * Cookie name.
   * @default 'session_id'
   */
  name?: string;
  /**
   * Cookie path.
   * @default '/'
   */
  path?: string;
  /**
   * Cookie domain; unset means the current host only.
   * @default undefined
   */
  domain?: string;
  /**
   * `SameSite` attribute. `'none'` forces `Secure`, as browsers require.
   * @default 'lax'
   */
  sameSite?: 'lax' | 'strict' | 'none';
  /**
   * `Secure` attribute; `'auto'` sets it when the page is served over https.
   * @default 'auto'
   */
  secure?: boolean | 'auto';
  /**
   * Lifetime in seconds; unset gives a browser-session cookie (the server still decides
   * whether the session is valid).
   * @default undefined
   */
  maxAge?: number;
}

/** Options with every default filled in and `secure` decided. */
export interface ResolvedSessionCookieOptions {
  name: string;
  path: string;
  domain?: string;
  sameSite: 'lax' | 'strict' | 'none';
  secure: boolean;
  maxAge?: number;
}

/**
 * Fills in the defaults of {@link SessionCookieOptions}; `isHttps` decides `secure: 'auto'`.
 *
 * @example
 * resolveSessionCookieOptions({}, true)
 * // { name: 'session_id', path: '/', sameSite: 'lax', secure: true }
 */
export function resolveSessionCookieOptions(
  options: SessionCookieOptions | undefined,
  isHttps: boolean,
): ResolvedSessionCookieOptions {
  const sameSite = options?.sameSite ?? 'lax';
  const secureOption = options?.secure ?? 'auto';
  const resolved: ResolvedSessionCookieOptions = {
    name: options?.name ?? DEFAULT_SESSION_COOKIE_NAME,
    path: options?.path ?? '/',
    sameSite,
    secure: sameSite === 'none' || (secureOption === 'auto' ? isHttps : secureOption),
  };
  if (options?.domain !== undefined) resolved.domain = options.domain;
  if (options?.maxAge !== undefined) resolved.maxAge = options.maxAge;
  return resolved;
}
