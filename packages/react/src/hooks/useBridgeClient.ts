import type { Client } from '@bridgekit/core';
import { useBridgeInstance } from './internal/BridgeContext';

/**
 * The `Client` of an instance (the provider's default when `instanceId` is omitted).
 *
 * @example
 * const client = useBridgeClient();
 * const res = await client.query('/products').where('price', gte(10)).get();
 */
export function useBridgeClient(instanceId?: string): Client {
  return useBridgeInstance('useBridgeClient', instanceId).client;
}
