import { BridgeTable } from '@bridgekit/react';
import { productColumns } from '../columns';
import { SearchPanel } from '../components/SearchPanel';
import { navigate, useRoute } from '../router';
import type { Product } from '../types';

export function ProductsPage() {
  const { params } = useRoute();
  const saved = params.get('saved');
  return (
    <>
      {saved && (
        <p className="success" role="status" data-testid="saved-notice">
          Saved “{saved}”.
        </p>
      )}
      <SearchPanel />
      <section className="card" data-testid="products-table">
        <h2>All products</h2>
        <p className="muted">Click a header to sort, a row to edit.</p>
        <BridgeTable<Product>
          endpoint="/products"
          columns={productColumns}
          pageSize={10}
          onRowClick={(row) => navigate(`/products/${encodeURIComponent(row.id)}`)}
        />
      </section>
    </>
  );
}
