import { useContext, useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { invalidateQueries } from '../invalidateBridgeQueries';
import { BridgeContext } from './BridgeContext';
import { affectedBy } from './endpointScope';
import type { StartHost } from './providerModules';

/**
 * Starts the provider's modules that run while it is mounted and stops them when it unmounts:
 * the persisted cache, and each instance's modules that start, with the SWR cache the hooks
 * below use (the write queue's replayed writes revalidate the queries of their endpoint; the
 * live module's changes patch or revalidate the queries they touch).
 * Renders nothing. Internal: rendered by `BridgeProvider`.
 */
export function ModuleStarts(): null {
  const value = useContext(BridgeContext)!;
  const scope = useSWRConfig();
  useEffect(() => {
    const stops = [value.persist?.start()];
    for (const { id, client, modules } of Object.values(value.instances)) {
      const revalidate: StartHost['revalidate'] = (endpoint, skip) =>
        invalidateQueries(
          scope,
          {
            instanceId: id,
            endpoint: typeof endpoint === 'string' ? affectedBy(endpoint) : endpoint,
          },
          { client, skip },
        );
      stops.push(modules.start({ instanceId: id, swr: scope, revalidate }));
    }
    return () => {
      for (const stop of stops) stop?.();
    };
  }, [value, scope]);
  return null;
}
