import { useContext, useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { invalidateBridgeQueries } from '../invalidateBridgeQueries';
import { BridgeContext } from './BridgeContext';
import { affectedBy } from './endpointScope';

/**
 * Starts the provider's modules that run while it is mounted and stops them when it unmounts:
 * the persisted cache, and each instance's modules that start (its write queue, whose replayed
 * writes revalidate the queries of their endpoint in the SWR cache the hooks below use).
 * Renders nothing. Internal: rendered by `BridgeProvider`.
 */
export function ModuleStarts(): null {
  const value = useContext(BridgeContext)!;
  const scope = useSWRConfig();
  useEffect(() => {
    const stops = [value.persist?.start()];
    for (const { id, modules } of Object.values(value.instances)) {
      const revalidate = (endpoint: string) =>
        void invalidateBridgeQueries(scope, { instanceId: id, endpoint: affectedBy(endpoint) });
      stops.push(modules.start({ revalidate }));
    }
    return () => {
      for (const stop of stops) stop?.();
    };
  }, [value, scope]);
  return null;
}
