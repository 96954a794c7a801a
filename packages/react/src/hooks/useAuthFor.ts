import type { LoginCredentials } from '@bridgekit/core';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';
import { useBridgeInstance } from './BridgeContext';
import { invalidateBridgeQueries } from './invalidateBridgeQueries';
import type { UseAuthResult } from './useAuth';

/** `useAuth` for another hook: errors name `hookName`. Internal (not exported by the entry). */
export function useAuthFor(hookName: string, instanceId?: string): UseAuthResult {
  const { id, auth } = useBridgeInstance(hookName, instanceId);
  const state = useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
  const { cache, mutate } = useSWRConfig();

  const login = useCallback(
    async (credentials: LoginCredentials) => {
      const result = await auth.login(credentials);
      // Queries that failed while signed out (401) should load for the new user.
      void invalidateBridgeQueries({ cache, mutate }, { instanceId: id });
      return result;
    },
    [auth, id, cache, mutate],
  );
  const logout = useCallback(async () => {
    await auth.logout();
    // The next user of this device must not see the previous user's cached data.
    await invalidateBridgeQueries({ cache, mutate }, { instanceId: id, revalidate: false });
  }, [auth, id, cache, mutate]);
  const validateSession = useCallback(() => auth.validateSession(), [auth]);
  const refreshUser = useCallback(() => auth.fetchUser(), [auth]);

  return useMemo(
    () => ({ ...state, login, logout, validateSession, refreshUser }),
    [state, login, logout, validateSession, refreshUser],
  );
}
