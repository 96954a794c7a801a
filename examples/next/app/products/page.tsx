import { BridgeHydrate } from '@bridgekit/nextjs';
import { createServerClient, prefetchList } from '@bridgekit/nextjs/server';
import { apiUrl } from '../../lib/apiUrl';
import { PAGE_SIZE } from '../../lib/products';
import { ProductsTable } from './ProductsTable';

export default async function ProductsPage() {
  // The first page is fetched here with the session cookie and handed to SWR as fallback:
  // the table's first paint (even the server HTML) already has rows.
  const client = await createServerClient(await apiUrl());
  const fallback = await prefetchList({
    client,
    endpoint: '/products',
    params: { page: 1, limit: PAGE_SIZE },
    onError: (error) => console.error('Prefetching /products failed:', error),
  });
  return (
    <>
      <h1>Products</h1>
      <BridgeHydrate fallback={fallback}>
        <ProductsTable />
      </BridgeHydrate>
    </>
  );
}
