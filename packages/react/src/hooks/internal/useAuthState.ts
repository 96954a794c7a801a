import type { AuthState } from '@bridgekit/core';
import { useSyncExternalStore } from 'react';
import { type BridgeInstance, useBridgeInstance } from './BridgeContext';

/**
 * The instance of `hookName` and its auth state, re-rendering on every change of it. Internal:
 * what `useAuth` and `useAuthGuard` share (the guard needs no actions).
 */
export function useAuthState(hookName: string, instanceId?: string): [BridgeInstance, AuthState] {
  const instance = useBridgeInstance(hookName, instanceId);
  const { auth } = instance;
  return [instance, useSyncExternalStore(auth.subscribe, auth.getState, auth.getState)];
}
