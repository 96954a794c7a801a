// The services `useBridgeApi` hands out, one per client and entity config, and the instance each
// belongs to (so query keys can name it). Internal: not exported by any entry.
import { type BridgeApiService, createBridgeApiService, type EntityConfig } from '@bridgekit/core';
import { useContext } from 'react';
import { BridgeContext } from './BridgeContext';

const instanceOfService = new WeakMap<object, string>();
const servicesByClient = new WeakMap<object, Map<string, BridgeApiService<any>>>();

/** A stable text for an entity config, whatever the order of its keys. */
export function entityConfigKey(config: EntityConfig): string {
  if (!config || typeof config !== 'object') throw new TypeError('config must be an EntityConfig');
  // Sorted by key (operation names: no comma, so each entry's text starts with its own key).
  const sorted = Object.entries(config.customEndpoints ?? {}).sort();
  // No updateMethod means the dialect's merging verb: not the same service as an explicit one.
  // Two entities on one endpoint with different dialects are two services. A dialect's data
  // (name, id: the built-ins' name and options) tells it apart, so an inline `strapi()` is
  // one service across renders.
  return JSON.stringify([config.endpoint, config.updateMethod ?? null, sorted, config.dialect]);
}

/**
 * The service of one instance and config, shared by every component that asks for it, and
 * remembered as belonging to `instanceId`.
 */
export function serviceFor<T>(
  instanceId: string,
  client: BridgeApiService<T>['client'],
  config: EntityConfig,
  key = entityConfigKey(config),
): BridgeApiService<T> {
  let services = servicesByClient.get(client);
  if (!services) {
    services = new Map();
    servicesByClient.set(client, services);
  }
  let service = services.get(key);
  if (!service) {
    service = createBridgeApiService<T>(client, config);
    services.set(key, service);
    // The instance that asked first: a client shared by two instances keeps one service.
    instanceOfService.set(service, instanceId);
  }
  return service as BridgeApiService<T>;
}

/**
 * The instance id of a service: the one `useBridgeApi` created it for, else the instance of
 * the provider above whose client it uses. Throws an `Error` naming the hook when neither
 * applies. A hook: it reads the provider's context.
 */
export function useServiceInstanceId(hookName: string, service: BridgeApiService<any>): string {
  const context = useContext(BridgeContext);
  if (!service || typeof service.getList !== 'function') {
    throw new TypeError(`${hookName}(): service must be a BridgeApiService (use useBridgeApi)`);
  }
  const known = instanceOfService.get(service);
  if (known !== undefined) return known;
  for (const instance of Object.values(context?.instances ?? {})) {
    if (instance.client === service.client) return instance.id;
  }
  throw new Error(
    `${hookName}(): the service of "${service.endpoint}" belongs to no <BridgeProvider> instance (use useBridgeApi)`,
  );
}
