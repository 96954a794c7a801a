import type { LoginCredentials } from '@bridgekit/core';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';
import { useBridgeInstance } from './BridgeContext';
import { isBridgeQueryKey } from './bridgeQueryKey';
import type { UseAuthResult } from './useAuth';

/** `useAuth` for another hook: errors name `hookName`. Internal (not exported by the entry). */
export function useAuthFor(hookName: string, instanceId?: string): UseAuthResult {
  const { id, auth } = useBridgeInstance(hookName, instanceId);
  const state = useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
  const { mutate } = useSWRConfig();

  const login = useCallback(
    async (credentials: LoginCredentials) => {
      const result = await auth.login(credentials);
      // Queries that failed while signed out (401) should load for the new user.
      void mutate((key) => isBridgeQueryKey(key, id));
      return result;
    },
    [auth, id, mutate],
  );
  const logout = useCallback(async () => {
    await auth.logout();
    // The next user of this device must not see the previous user's cached data.
    await mutate((key) => isBridgeQueryKey(key, id), undefined, { revalidate: false });
  }, [auth, id, mutate]);
  const validateSession = useCallback(() => auth.validateSession(), [auth]);
  const refreshUser = useCallback(() => auth.fetchUser(), [auth]);

  return useMemo(
    () => ({ ...state, login, logout, validateSession, refreshUser }),
    [state, login, logout, validateSession, refreshUser],
  );
}
