import { BridgeTable } from '@bridgekit/react';
import { useMemo } from 'react';
import { columnsWithDelete, productColumns } from '../columns';
import { DeleteOutcomeNotice } from '../components/DeleteOutcomeNotice';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { SearchPanel } from '../components/SearchPanel';
import { useProductAccess } from '../productAccess';
import { navigate, useRoute } from '../router';
import { useDeleteProduct } from '../useDeleteProduct';

export function ProductsPage() {
  const { params } = useRoute();
  const { offerWrite } = useProductAccess();
  const remove = useDeleteProduct();
  const saved = params.get('saved');
  const deleted = params.get('deleted');
  const { ask } = remove;
  const columns = useMemo(
    () => (offerWrite ? columnsWithDelete(ask) : productColumns),
    [offerWrite, ask],
  );
  return (
    <>
      <ReadOnlyNotice />
      {saved && (
        <p className="success" role="status" data-testid="saved-notice">
          Saved “{saved}”.
        </p>
      )}
      {deleted && !remove.outcome && (
        <p className="success" role="status" data-testid="delete-notice">
          Deleted “{deleted}”.
        </p>
      )}
      <DeleteOutcomeNotice outcome={remove.outcome} onDismiss={remove.dismiss} />
      <SearchPanel onDelete={ask} />
      <section className="card" data-testid="products-table">
        <h2>All products</h2>
        <p className="muted">
          {offerWrite
            ? 'Click a header to sort, a row to edit.'
            : 'Click a header to sort. Read-only for your user type.'}
        </p>
        <BridgeTable
          endpoint="/products"
          className={offerWrite ? 'product-table with-delete' : 'product-table'}
          columns={columns}
          pageSize={10}
          onRowClick={
            offerWrite ? (row) => navigate(`/products/${encodeURIComponent(row.id)}`) : undefined
          }
        />
      </section>
      {remove.dialog}
    </>
  );
}
