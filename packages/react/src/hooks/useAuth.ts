import type { LoginCredentials } from '@bridgekit/core';
import type { AuthLifecycleModule } from '@bridgekit/core/auth';
import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { useAuthState } from './internal/useAuthState';
import { useMutationStore } from './internal/useMutationStore';
import { invalidateBridgeQueries } from './invalidateBridgeQueries';
import type { UseAuthResult } from './UseAuthResult';

// The lifecycle's functions that are not account actions: a listener and its own teardown.
const NOT_ACTIONS = ['onRefreshed', 'dispose'];

/**
 * Authentication state and actions of an instance. Re-renders only when the auth state
 * changes. For an instance whose provider has the auth lifecycle module, pass the module's
 * type (`useAuth<typeof lifecycle>()`) to get its account actions too (`register`,
 * `verifyTwoFactor`…, with `isAccountLoading` and `accountError`); they exist at run time only
 * on such an instance.
 *
 * @example
 * function SignIn() {
 *   const { login, isLoading, user } = useAuth();
 *   if (user) return <p>Hello {user.name}</p>;
 *   return <button disabled={isLoading} onClick={() => login({ email, password })}>Sign in</button>;
 * }
 *
 * @example
 * const lifecycle = authLifecycle();
 * // <BridgeProvider config={{ baseUrl: '/api', lifecycle }}>
 * const { register } = useAuth<typeof lifecycle>();
 */
export function useAuth<L extends AuthLifecycleModule | undefined = undefined>(
  instanceId?: string,
): UseAuthResult<L> {
  const [{ id, account }, auth, state] = useAuthState('useAuth', instanceId);
  const { cache, mutate } = useSWRConfig();
  // A mutation: the status of this hook's account actions, apart from `isLoading`. Failures
  // are kept as thrown (the actions rethrow them).
  const [store, status] = useMutationStore<unknown>({ toError: (error) => error as Error });
  // Stable while the instance and the SWR cache stay the same.
  const actions = useMemo(() => {
    // After a sign-in (by any door): queries that failed while signed out (401) should load
    // for the new user.
    const signedIn = () => void invalidateBridgeQueries({ cache, mutate }, { instanceId: id });
    const wrapped: Record<string, unknown> = {
      async login(credentials: LoginCredentials) {
        const result = await auth.login(credentials);
        signedIn();
        return result;
      },
      async logout() {
        await auth.logout();
        // The next user of this device must not see the previous user's cached data.
        await invalidateBridgeQueries({ cache, mutate }, { instanceId: id, revalidate: false });
      },
      // The service's own functions: they close over the service, no `this`.
      validateSession: auth.validateSession,
      refreshUser: auth.fetchUser,
    };
    // The account actions come with the module (none without it: the type has them only then
    // too), each with this hook's status: every function of the lifecycle but the two others.
    for (const [name, action] of Object.entries(account ?? {})) {
      if (typeof action === 'function' && !NOT_ACTIONS.includes(name)) {
        wrapped[name] = async (...args: unknown[]) => {
          const result = await store.run(() => action(...args));
          if (!result.success) throw result.error;
          if (result.data && (name === 'register' || name === 'verifyTwoFactor')) signedIn();
          return result.data;
        };
      }
    }
    return wrapped;
  }, [auth, account, store, id, cache, mutate]);
  return useMemo(
    () =>
      ({
        ...state,
        ...actions,
        ...(account && { isAccountLoading: status.isLoading, accountError: status.error }),
      }) as UseAuthResult<L>,
    [state, status, actions, account],
  );
}
