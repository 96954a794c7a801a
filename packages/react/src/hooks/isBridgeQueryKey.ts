/**
 * Whether an SWR key is a Bridgekit query key (`bridgeQueryKey`) of an instance and, when
 * given, of an endpoint.
 *
 * @example
 * mutate((key) => isBridgeQueryKey(key, 'default', '/products')); // revalidate every products query
 */
export function isBridgeQueryKey(key: unknown, instanceId: string, endpoint?: string): boolean {
  return (
    Array.isArray(key) &&
    key[0] === 'bridgekit' &&
    key[1] === instanceId &&
    (endpoint === undefined || key[2] === endpoint)
  );
}
