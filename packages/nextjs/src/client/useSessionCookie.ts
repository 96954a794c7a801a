import { createAuthLifecycle } from '@bridgekit/core/auth';
import { useAuthService } from '@bridgekit/react';
import { useContext, useEffect } from 'react';
import type { SessionCookieOptions } from '../cookie/sessionCookieOptions';
import { SessionCookieContext } from './SessionCookieContext';
import { removeSessionCookie, writeSessionCookie } from './sessionCookieWriter';

/**
 * Mirrors the session of a provider instance into a cookie: written while the user is
 * signed in, removed after logout or when the session expires. The Next.js `BridgeProvider`
 * calls it for you; call it yourself only with the plain `@bridgekit/react` provider. Does
 * nothing for a client with a cookie session (`session: cookieSession()`): the API's own `HttpOnly`
 * cookie is the session.
 *
 * @param options cookie options; `false` turns mirroring off
 * @default options the provider's `cookie` prop, else `{ name: 'session_id', path: '/', sameSite: 'lax', secure: 'auto' }`
 * @example
 * function CookieSync() {
 *   useSessionCookie({ name: 'sid' });
 *   return null;
 * }
 */
export function useSessionCookie(
  options?: SessionCookieOptions | false,
  instanceId?: string,
): void {
  const fromProvider = useContext(SessionCookieContext);
  const resolved = options === undefined ? fromProvider : options;
  const auth = useAuthService(instanceId);
  // Compare by value: an inline options object must not resubscribe on every render.
  const optionsKey = resolved === false ? 'off' : JSON.stringify(resolved);

  // biome-ignore lint/correctness/useExhaustiveDependencies: optionsKey stands for `resolved`
  useEffect(() => {
    // A cookie session: the API keeps the session in its own HttpOnly cookie; nothing to mirror.
    if (resolved === false || auth.client.getConfig?.().session?.credentials !== undefined) return;
    let disposed = false;
    const sync = () => {
      const state = auth.getState();
      // While the stored session is restored nothing is known yet: keep whatever cookie exists.
      if (state.isLoading) return;
      if (!state.isAuthenticated) {
        removeSessionCookie(resolved);
        return;
      }
      void auth.client.getSessionId().then((sessionId) => {
        if (disposed || !auth.getState().isAuthenticated) return;
        if (sessionId) writeSessionCookie(sessionId, resolved);
        else removeSessionCookie(resolved);
      });
    };
    sync();
    const unsubscribe = auth.subscribe(sync);
    // A refresh replaces the session without changing the auth state: mirror it too.
    const stopRefreshed = createAuthLifecycle(auth).onRefreshed(sync);
    return () => {
      disposed = true;
      unsubscribe();
      stopRefreshed();
    };
  }, [auth, optionsKey]);
}
