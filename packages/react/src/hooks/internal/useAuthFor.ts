import type { LoginCredentials } from '@bridgekit/core';
import { useMemo, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';
import { invalidateBridgeQueries } from '../invalidateBridgeQueries';
import type { UseAuthResult } from '../UseAuthResult';
import { useBridgeInstance } from './BridgeContext';
import { useMutationStore } from './useMutationStore';

type AccountAction = (typeof ACCOUNT_ACTIONS)[number];
const ACCOUNT_ACTIONS = [
  'register',
  'requestPasswordReset',
  'resetPassword',
  'changePassword',
  'verifyTwoFactor',
  'setupTwoFactor',
  'enableTwoFactor',
  'disableTwoFactor',
  'refreshSession',
] as const;

/** `useAuth` for another hook: errors name `hookName`. Internal: not exported by any entry. */
export function useAuthFor(hookName: string, instanceId?: string): UseAuthResult {
  const { id, auth, account } = useBridgeInstance(hookName, instanceId);
  const state = useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
  const { cache, mutate } = useSWRConfig();
  // A mutation: the status of this hook's account actions, apart from `isLoading`. Failures
  // are kept as thrown (the actions rethrow them).
  const [store, status] = useMutationStore<unknown>({ toError: (error) => error as Error });
  const accountActions = useMemo(() => {
    const wrapped = {} as Record<AccountAction, (...args: unknown[]) => Promise<unknown>>;
    for (const name of ACCOUNT_ACTIONS) {
      // Account actions come with the lifecycle module.
      const action = (account?.[name] ??
        (() => {
          throw new TypeError(`${name} needs the auth lifecycle: pass lifecycle: authLifecycle()`);
        })) as (...args: unknown[]) => Promise<unknown>;
      wrapped[name] = async (...args) => {
        const result = await store.run(() => action(...args));
        if (!result.success) throw result.error;
        // A sign-in by another door than `login`: refetch what failed while signed out.
        if (result.data && (name === 'register' || name === 'verifyTwoFactor')) {
          void invalidateBridgeQueries({ cache, mutate }, { instanceId: id });
        }
        return result.data;
      };
    }
    return wrapped as unknown as Pick<UseAuthResult, AccountAction>;
  }, [store, account, id, cache, mutate]);

  // Stable while the instance and the SWR cache stay the same.
  const actions = useMemo(
    () => ({
      async login(credentials: LoginCredentials) {
        const result = await auth.login(credentials);
        // Queries that failed while signed out (401) should load for the new user.
        void invalidateBridgeQueries({ cache, mutate }, { instanceId: id });
        return result;
      },
      async logout() {
        await auth.logout();
        // The next user of this device must not see the previous user's cached data.
        await invalidateBridgeQueries({ cache, mutate }, { instanceId: id, revalidate: false });
      },
      validateSession: () => auth.validateSession(),
      refreshUser: () => auth.fetchUser(),
    }),
    [auth, id, cache, mutate],
  );
  return useMemo(
    () => ({
      ...state,
      isAccountLoading: status.isLoading,
      accountError: status.error,
      ...actions,
      ...accountActions,
    }),
    [state, status, actions, accountActions],
  );
}
