import type { Client } from '@bridgekit/core';
import { useContext, useMemo } from 'react';
import { BridgeContext } from './internal/BridgeContext';

/**
 * What `useBridgeInstances` returns: the provider's instances, by id, and which one hooks use
 * without `instanceId`.
 *
 * @example
 * const { defaultInstance, instances }: BridgeInstances = useBridgeInstances();
 */
export interface BridgeInstances {
  readonly defaultInstance: string;
  /** In the order the provider was given them. */
  readonly instances: ReadonlyArray<{ readonly id: string; readonly client: Client }>;
}

/**
 * The instances of the provider above, for tools that look at all of them (the devtools'
 * instance switcher). Reading them opens no module: no auth service, lifecycle or queue is
 * made for it. Throws an `Error` outside a provider.
 *
 * @example
 * function InstancePicker({ onPick }: { onPick: (id: string) => void }) {
 *   const { instances } = useBridgeInstances();
 *   return instances.map(({ id }) => <button key={id} onClick={() => onPick(id)}>{id}</button>);
 * }
 */
export function useBridgeInstances(): BridgeInstances {
  const context = useContext(BridgeContext);
  if (!context) throw new Error('useBridgeInstances() must be used inside <BridgeProvider>');
  return useMemo(
    () => ({
      defaultInstance: context.defaultInstance,
      instances: Object.values(context.instances).map(({ id, client }) => ({ id, client })),
    }),
    [context],
  );
}
