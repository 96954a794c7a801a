import { type UseAuthResult, useAuth as useReactAuth } from '@bridgekit/react';
import { useContext, useMemo } from 'react';
import { SessionCookieContext } from './SessionCookieContext';
import { writeSessionCookie } from './sessionCookieWriter';

/**
 * `useAuth` of `@bridgekit/react`, except that `login` resolves only once the session
 * cookie is written, so a navigation right after it (`router.replace(next)`) already reaches
 * server components and the proxy with the session. Logout removes the cookie.
 *
 * @example
 * const { login } = useAuth();
 * await login({ email, password });
 * router.replace(safeNextPath(searchParams.get('next'), '/account'));
 */
export function useAuth(instanceId?: string): UseAuthResult {
  const auth = useReactAuth(instanceId);
  const cookie = useContext(SessionCookieContext);
  const { login } = auth;
  const wrappedLogin = useMemo(
    () =>
      async (...args: Parameters<UseAuthResult['login']>) => {
        const result = await login(...args);
        const sessionId = (result as { sessionId?: unknown } | undefined)?.sessionId;
        if (cookie !== false && typeof sessionId === 'string' && sessionId !== '') {
          writeSessionCookie(sessionId, cookie);
        }
        return result;
      },
    [login, cookie],
  );
  return useMemo(() => ({ ...auth, login: wrappedLogin }), [auth, wrappedLogin]);
}
