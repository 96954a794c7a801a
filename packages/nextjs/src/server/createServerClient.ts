import { type Client, type ClientConfig, createClient, MemoryStorage } from '@bridgekit/core';
import { type CookieSource, readSessionCookie } from './readSessionCookie';

/** Options of {@link createServerClient}: every `ClientConfig` field plus where the session comes from. */
export interface ServerClientConfig extends ClientConfig {
  /**
   * Name of the cookie that holds the session.
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
 * A core `Client` for one server request, carrying the session found in the request's
 * cookie. It has its own in-memory storage, so nothing leaks between requests.
 * An explicit `sessionId` in `config` wins over the cookie.
 *
 * @example
 * // app/account/page.tsx (server component)
 * const api = await createServerClient(process.env.BRIDGEKIT_API_URL!);
 * const { data } = await api.get<User>('/auth/me');
 */
export async function createServerClient(
  baseUrl: string,
  config: ServerClientConfig = {},
): Promise<Client> {
  const { cookieName, cookies, ...clientConfig } = config;
  const sessionId = clientConfig.sessionId ?? (await readSessionCookie(cookies, cookieName));
  const finalConfig: ClientConfig = { storage: new MemoryStorage(), ...clientConfig };
  if (sessionId) finalConfig.sessionId = sessionId;
  return createClient(baseUrl, finalConfig);
}
