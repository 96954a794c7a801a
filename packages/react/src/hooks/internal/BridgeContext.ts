import type { Client } from '@bridgekit/core';
import type { AuthLifecycle } from '@bridgekit/core/auth';
import type { Live } from '@bridgekit/core/live';
import type { CachePersister, OfflineQueue } from '@bridgekit/core/offline';
import { createContext, useContext } from 'react';
import type { InstanceModules } from './instanceModules';

/**
 * One configured API: its client and, when the app passed the modules, its lifecycle, offline
 * queue and live module; its auth service comes from `authOf` (see `instanceModules`).
 */
export interface BridgeInstance {
  readonly id: string;
  readonly client: Client;
  readonly account: AuthLifecycle | undefined;
  readonly offline: OfflineQueue | undefined;
  readonly live: Live | undefined;
  /** Where they come from: opened by `useBridgeInstance`, closed by the provider. */
  readonly modules: InstanceModules;
}

/** What `BridgeProvider` puts in context. */
export interface BridgeContextValue {
  /** By id, in an object without prototype. */
  readonly instances: Readonly<Record<string, BridgeInstance>>;
  readonly defaultInstance: string;
  /** The persisted cache, when the app passed the module. */
  readonly persist: CachePersister | undefined;
}

/** The context `BridgeProvider` fills. Internal: hooks reach it through `useBridgeInstance`. */
export const BridgeContext = createContext<BridgeContextValue | null>(null);
BridgeContext.displayName = 'BridgeContext';

/**
 * The instance a hook works with: `instanceId`, else the provider's default. Throws an
 * `Error` naming the hook and the id outside a provider or for an unknown id.
 *
 * @example
 * const { client, auth } = useBridgeInstance('useMyHook', instanceId);
 */
export function useBridgeInstance(hookName: string, instanceId?: string): BridgeInstance {
  const context = useContext(BridgeContext);
  const id = instanceId ?? context?.defaultInstance ?? 'default';
  if (!context) {
    throw new Error(
      `${hookName}() must be used inside <BridgeProvider> (instance "${id}" was requested)`,
    );
  }
  // `instances` has no prototype (see BridgeProvider): only the app's ids are found.
  const instance = context.instances[id];
  if (!instance) {
    const known = Object.keys(context.instances).join('", "');
    throw new Error(`${hookName}(): unknown Bridgekit instance "${id}" (known: "${known}")`);
  }
  // In render, so the lifecycle's middleware is there before the hook's first request: a
  // child's effects run before its provider's. Once per instance; nothing after a close.
  instance.modules.open();
  return instance;
}
