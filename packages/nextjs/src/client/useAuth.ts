import type { AuthLifecycleModule } from '@bridgekit/core/auth';
import { type UseAuthResult, useBridgeClient, useAuth as useReactAuth } from '@bridgekit/react';
import { useContext, useMemo } from 'react';
import { SessionCookieContext } from './SessionCookieContext';
import { writeSessionCookie } from './sessionCookieWriter';

/**
 * `useAuth` of `@bridgekit/react` with the account actions (this provider adds the auth
 * lifecycle module to every instance), except that `login` (and `register`, `verifyTwoFactor`,
 * `refreshSession`, which also start or replace a session) resolves only once the session
 * cookie is written, so a navigation right after it (`router.replace(next)`) already reaches
 * server components and the proxy with the session. Logout removes the cookie.
 *
 * @example
 * const { login } = useAuth();
 * await login({ email, password });
 * router.replace(safeNextPath(searchParams.get('next'), '/account'));
 */
export function useAuth(instanceId?: string): UseAuthResult<AuthLifecycleModule> {
  const auth = useReactAuth<AuthLifecycleModule>(instanceId);
  const client = useBridgeClient(instanceId);
  const cookie = useContext(SessionCookieContext);
  const { login, register, verifyTwoFactor, refreshSession } = auth;
  const sessionStarters = useMemo(() => {
    // Any action that starts or replaces the session: mirror the new one before resolving.
    const mirrored =
      <A extends unknown[], R>(action: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        const result = await action(...args);
        const sessionId = cookie === false ? null : await client.getSessionId();
        if (cookie !== false && sessionId) writeSessionCookie(sessionId, cookie);
        return result;
      };
    return {
      login: mirrored(login),
      register: mirrored(register),
      verifyTwoFactor: mirrored(verifyTwoFactor),
      refreshSession: mirrored(refreshSession),
    };
  }, [login, register, verifyTwoFactor, refreshSession, client, cookie]);
  return useMemo(() => ({ ...auth, ...sessionStarters }), [auth, sessionStarters]);
}
