import { useOfflineQueue } from '@bridgekit/react';
import { useMemo } from 'react';
import type { Product } from './types';

/** The endpoint of one product, as the offline queue keeps the writes to it. */
export const productEndpoint = (id: string) => `/products/${encodeURIComponent(id)}`;

/**
 * A product as the changes waiting in the offline queue will leave it: the fields of its
 * queued PUT and PATCH bodies laid over the record in the order they were made, and whether a
 * change to it waits at all (a queued delete included). The list and the product's page show
 * that, marked pending, so an edit made offline is seen where it was made.
 *
 * @example
 * const { product: shown, pending } = useQueuedProduct(row);
 */
export function useQueuedProduct(product: Product): { product: Product; pending: boolean } {
  const { pending } = useOfflineQueue();
  return useMemo(() => {
    const writes = pending.filter((write) => write.endpoint === productEndpoint(product.id));
    let shown = product;
    for (const write of writes) {
      if ((write.method === 'PUT' || write.method === 'PATCH') && isFields(write.body)) {
        shown = { ...shown, ...write.body, id: product.id };
      }
    }
    return { product: shown, pending: writes.length > 0 };
  }, [pending, product]);
}

const isFields = (body: unknown): body is Partial<Product> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);
