/**
 * Cookie sessions as an opt-in module (docs/guide/auth.md, "Cookie sessions"): the server keeps the
 * session in `HttpOnly` cookies; the client holds nothing and only sends credentials.
 */
import { rejectUnknownKeys } from '../checks';
import type { SessionModule } from '../contract/sessionModule';

const SIGN_IN_HEADERS = Object.freeze({ Prefer: 'session=cookie' });

/**
 * A cookie session for `config.session`: no session header is sent and nothing is stored
 * (`setSessionId` has no effect, `getSessionId()` resolves `null`, `hasSession()` `false`);
 * requests to the origin of `baseUrl` (and only there) go with `credentials: 'include'`;
 * sign-ins ask for cookies with `Prefer: session=cookie`. For browsers: Node's `fetch` keeps
 * no cookies.
 *
 * @example
 * import { createAuthService, createClient } from '@bridgekit/core';
 * import { cookieSession } from '@bridgekit/core/auth';
 *
 * const api = createClient('https://api.example.com', { session: cookieSession() });
 * const auth = createAuthService(api); // asks GET /auth/me at start
 * @param options none yet: any key is a `TypeError` naming it
 */
export function cookieSession(options: Readonly<Record<string, never>> = {}): SessionModule {
  rejectUnknownKeys(options, [], {
    where: 'options',
    factory: 'cookieSession',
    see: 'it takes none',
  });
  return Object.freeze({
    resolve: () => null,
    set: () => {},
    clear: () => {},
    credentials: 'include',
    signInHeaders: SIGN_IN_HEADERS,
  });
}
