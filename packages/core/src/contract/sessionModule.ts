/**
 * Where a client keeps its session: the built-in store's shape, and the shape of a session
 * module that replaces it when the app plugs one in with `config.session` (the cookie session
 * of `@bridgekit/core/auth` is one).
 */

/** Where a client keeps and finds its session. */
export interface SessionStore {
  /**
   * Resolves the chain. Returns the in-memory value synchronously when there is one, so the
   * hot path pays no `await` for storage.
   */
  resolve(): string | null | Promise<string | null>;
  /** Sets the in-memory value and writes `client_session_id` to storage in the background. */
  set(id: string): void;
  /** Clears memory and removes every known key from storage in the background. */
  clear(): void;
}

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
