import type { LoginCredentials } from '@bridgekit/core';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';
import { invalidateBridgeQueries } from '../invalidateBridgeQueries';
import type { UseAuthResult } from '../UseAuthResult';
import { useBridgeInstance } from './BridgeContext';

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

interface AccountStatus {
  isAccountLoading: boolean;
  accountError: Error | null;
}

/** `useAuth` for another hook: errors name `hookName`. Internal: not exported by any entry. */
export function useAuthFor(hookName: string, instanceId?: string): UseAuthResult {
  const { id, auth, account } = useBridgeInstance(hookName, instanceId);
  const state = useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
  const { cache, mutate } = useSWRConfig();
  // Like a mutation: the status of this hook's last account action, apart from `isLoading`.
  const [status, setStatus] = useState<AccountStatus>({
    isAccountLoading: false,
    accountError: null,
  });
  const accountActions = useMemo(() => {
    const wrapped = {} as Record<AccountAction, (...args: unknown[]) => Promise<unknown>>;
    for (const name of ACCOUNT_ACTIONS) {
      // Account actions come with the lifecycle module.
      const action = (account?.[name] ??
        (() => {
          throw new TypeError(`${name} needs the auth lifecycle: pass lifecycle: authLifecycle()`);
        })) as (...args: unknown[]) => Promise<unknown>;
      wrapped[name] = async (...args) => {
        setStatus({ isAccountLoading: true, accountError: null });
        try {
          const result = await action(...args);
          setStatus({ isAccountLoading: false, accountError: null });
          // A sign-in by another door than `login`: refetch what failed while signed out.
          if (result && (name === 'register' || name === 'verifyTwoFactor')) {
            void invalidateBridgeQueries({ cache, mutate }, { instanceId: id });
          }
          return result;
        } catch (error) {
          setStatus({ isAccountLoading: false, accountError: error as Error });
          throw error;
        }
      };
    }
    return wrapped as unknown as Pick<UseAuthResult, AccountAction>;
  }, [account, id, cache, mutate]);

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
    () => ({ ...state, ...status, ...actions, ...accountActions }),
    [state, status, actions, accountActions],
  );
}
