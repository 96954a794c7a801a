import { type CacheEvent, type Client, isObserved, reportEvent } from '@bridgekit/core';
import { type Key, unstable_serialize } from 'swr';

/**
 * Reports what the binding did to a query's cache entry (`kind`) on the event stream of the
 * instance's client (`client.observe`), under the key as the SWR cache holds it. Nothing is
 * built while nobody listens.
 *
 * @example
 * reportCache(service.client, 'fetched', instanceId, key);
 */
export function reportCache(
  client: Client | undefined,
  kind: CacheEvent['kind'],
  instance: string,
  key: Key,
): void {
  if (client && isObserved(client)) {
    reportEvent(client, { type: 'cache', kind, instance, key: unstable_serialize(key) });
  }
}
