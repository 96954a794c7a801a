/**
 * The shape of a session module: what replaces the built-in header session when the app plugs
 * one in with `config.session` (the cookie session of `@bridgekit/core/auth` is one).
 */
import type { SessionStore } from './session';

/**
 * A session kept somewhere other than the client's session chain. The client reads it through
 * `resolve`/`set`/`clear` (`getSessionId`, `hasSession`, `setSessionId`, `clearSession`), and
 * sends `credentials` with every request to the origin of `baseUrl`, and only there; such a
 * request counts as carrying the session (a 401 to it is the session-rejected signal).
 *
 * @example
 * import { cookieSession } from '@bridgekit/core/auth';
 * const api = createClient('https://api.example.com', { session: cookieSession() });
 */
export interface SessionModule extends SessionStore {
  /** `RequestInit.credentials` for requests to the base origin (`'include'`: its cookies). */
  readonly credentials: RequestCredentials;
  /** Headers a sign-in (login, register, two-factor, refresh) sends with this module. */
  readonly signInHeaders: Readonly<Record<string, string>>;
}
