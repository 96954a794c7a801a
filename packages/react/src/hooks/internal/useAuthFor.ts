import type { LoginCredentials } from '@bridgekit/core';
import { useMemo, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';
import { invalidateBridgeQueries } from '../invalidateBridgeQueries';
import type { UseAuthResult } from '../UseAuthResult';
import { useBridgeInstance } from './BridgeContext';

/** `useAuth` for another hook: errors name `hookName`. Internal: not exported by any entry. */
export function useAuthFor(hookName: string, instanceId?: string): UseAuthResult {
  const { id, auth } = useBridgeInstance(hookName, instanceId);
  const state = useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
  const { cache, mutate } = useSWRConfig();

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
  return useMemo(() => ({ ...state, ...actions }), [state, actions]);
}
