import type { AuthService, AuthState } from '@bridgekit/core';
import { useSyncExternalStore } from 'react';
import { authOf } from './authOf';
import { type BridgeInstance, useBridgeInstance } from './BridgeContext';

/**
 * The instance of `hookName`, its auth service and its auth state, re-rendering on every change
 * of it. Internal: what `useAuth` and `useAuthGuard` share (the guard needs no actions).
 */
export function useAuthState(
  hookName: string,
  instanceId?: string,
): [BridgeInstance, AuthService, AuthState] {
  const instance = useBridgeInstance(hookName, instanceId);
  const auth = authOf(instance);
  return [instance, auth, useSyncExternalStore(auth.subscribe, auth.getState, auth.getState)];
}
