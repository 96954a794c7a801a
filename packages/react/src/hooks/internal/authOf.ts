import { type AuthService, createAuthService } from '@bridgekit/core';
import type { BridgeInstance } from './BridgeContext';

/**
 * The auth service of an instance, made on first use. Internal: the hooks that need it call
 * this, and so bring `createAuthService` into an app's bundle; an app without them has none.
 *
 * @example
 * const auth = authOf(useBridgeInstance('useMyHook', instanceId));
 */
export function authOf(instance: BridgeInstance): AuthService {
  return instance.modules.auth(createAuthService)!;
}
