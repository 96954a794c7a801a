import type { BridgeApiService, EntityConfig } from '@bridgekit/core';
import { useMemo } from 'react';
import { useBridgeInstance } from './BridgeContext';
import { entityConfigKey, serviceFor } from './serviceRegistry';

/** `useBridgeApi` for another hook: errors name `hookName`. Internal: not exported by any entry. */
export function useBridgeApiFor<T>(
  hookName: string,
  config: EntityConfig,
  instanceId?: string,
): BridgeApiService<T> {
  const { id, client } = useBridgeInstance(hookName, instanceId);
  const key = entityConfigKey(config);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `config`'s content.
  return useMemo(() => serviceFor<T>(id, client, config, key), [id, client, key]);
}
