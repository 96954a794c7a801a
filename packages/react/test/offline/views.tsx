/** Components the offline tests of the React binding render alike. */
import { useBridgeApi, useBridgeQuery, usePendingWrites } from '@bridgekit/react';
import type { Product } from './referenceApi';

/** A record as its pending writes leave it, and the kind of the change that waits for it. */
export function Record({ id }: { id: string }) {
  const products = useBridgeApi<Product>({ endpoint: '/products' });
  const { data } = useBridgeQuery(products, 'get', { id });
  const pending = usePendingWrites<Product>('/products');
  const shown = pending.record(data);
  const change = shown && pending.changeOf(shown);
  return (
    <p>
      record {shown?.stock ?? '…'}
      {change && ` (${change.kind})`}
    </p>
  );
}
