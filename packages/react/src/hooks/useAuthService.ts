import type { AuthService } from '@bridgekit/core';
import { authOf } from './internal/authOf';
import { useBridgeInstance } from './internal/BridgeContext';

/**
 * The auth service of an instance, for code that needs it outside render (event handlers,
 * routers). Prefer `useAuth` in components.
 *
 * @example
 * const auth = useAuthService();
 * const unsubscribe = auth.subscribe((state) => analytics.identify(state.user?.id));
 */
export function useAuthService(instanceId?: string): AuthService {
  return authOf(useBridgeInstance('useAuthService', instanceId));
}
