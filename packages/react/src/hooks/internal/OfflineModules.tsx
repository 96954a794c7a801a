import { useContext, useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { invalidateBridgeQueries } from '../invalidateBridgeQueries';
import { BridgeContext } from './BridgeContext';
import { affectedBy } from './endpointScope';

/**
 * Starts the provider's offline modules when it mounts and stops them when it unmounts: the
 * persisted cache, and each instance's write queue, whose replayed writes revalidate the
 * queries of their endpoint in the SWR cache the hooks below use. Renders nothing. Internal:
 * rendered by `BridgeProvider`.
 */
export function OfflineModules(): null {
  const value = useContext(BridgeContext)!;
  const scope = useSWRConfig();
  useEffect(() => {
    const stops = [value.persist?.start()];
    for (const { id, offline } of Object.values(value.instances)) {
      stops.push(
        offline?.start(({ endpoint }) =>
          invalidateBridgeQueries(scope, { instanceId: id, endpoint: affectedBy(endpoint) }),
        ),
      );
    }
    return () => {
      for (const stop of stops) stop?.();
    };
  }, [value, scope]);
  return null;
}
