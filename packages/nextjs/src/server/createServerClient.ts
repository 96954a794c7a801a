import { type Client, type ClientConfig, createClient, MemoryStorage } from '@bridgekit/core';
import { DEFAULT_SESSION_COOKIE_NAME } from '../cookie/sessionCookieOptions';
import { type CookieSource, readSessionCookie } from './readSessionCookie';

/** Options of {@link createServerClient}: every `ClientConfig` field plus where the session comes from. */
export interface ServerClientConfig extends ClientConfig {
  /**
   * Name of the cookie that holds the session. With `session: cookieSession()` it is also the name the
   * session is forwarded under, so it must be the API's session cookie name.
   * @default 'session_id'
   */
  cookieName?: string;
  /**
   * Where to read cookies. Route handlers and server components can leave it out;
   * a proxy (middleware) passes `request.cookies`.
   * @default await cookies() from 'next/headers'
   */
  cookies?: CookieSource;
}

/**
 * The client of {@link createServerClient} and the session it was given (`null` when the
 * request had none). A cookie session cannot be told from the client (`hasSession()` is
 * `false` there), so `getServerSession` reads it here.
 */
export async function serverClientAndSession(
  baseUrl: string,
  config: ServerClientConfig = {},
): Promise<{ client: Client; sessionId: string | null }> {
  const { cookieName, cookies, sessionId: explicit, ...clientConfig } = config;
  const sessionId = explicit ?? (await readSessionCookie(cookies, cookieName));
  const finalConfig: ClientConfig = { storage: new MemoryStorage(), ...clientConfig };
  // A session module that rides on credentials (`cookieSession()`): the session is a cookie.
  if (sessionId && clientConfig.session?.credentials !== undefined) {
    // The API knows this session as its HttpOnly cookie: forward it as that cookie (a
    // default header, so it goes to the API's origin only). The app's own headers win.
    const cookie = `${cookieName ?? DEFAULT_SESSION_COOKIE_NAME}=${encodeURIComponent(sessionId)}`;
    finalConfig.headers = { Cookie: cookie, ...clientConfig.headers };
  } else if (sessionId) {
    finalConfig.sessionId = sessionId;
  }
  return { client: createClient(baseUrl, finalConfig), sessionId: sessionId || null };
}

/**
 * A core `Client` for one server request, carrying the session found in the request's
 * cookie. It has its own in-memory storage, so nothing leaks between requests.
 * An explicit `sessionId` in `config` wins over the cookie. By default the session goes
 * in the session header; with `session: cookieSession()` (the API keeps the session in an
 * `HttpOnly` cookie) it is forwarded as that cookie, `Cookie: <cookieName>=<session>`.
 *
 * @example
 * // app/account/page.tsx (server component)
 * const api = await createServerClient(process.env.BRIDGEKIT_API_URL!);
 * const { data } = await api.get<User>('/auth/me');
 *
 * // the API sets the session cookie itself (cookieSession() in the browser too)
 * import { cookieSession } from '@bridgekit/core/auth';
 * const cookieApi = await createServerClient(process.env.BRIDGEKIT_API_URL!, {
 *   session: cookieSession(),
 * });
 */
export async function createServerClient(
  baseUrl: string,
  config: ServerClientConfig = {},
): Promise<Client> {
  return (await serverClientAndSession(baseUrl, config)).client;
}
