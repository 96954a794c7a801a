import { BridgeTable, type PendingChange, useAuth, useSearchQueryBuilder } from '@bridgekit/react';
import { useEffect, useMemo, useState } from 'react';
import { columnsWithDelete, productColumns } from '../columns';
import { DeleteOutcomeNotice } from '../components/DeleteOutcomeNotice';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { rememberListed } from '../listedProducts';
import { useProductAccess } from '../productAccess';
import { queryFromUrl, routeOfQuery } from '../productsQuery';
import { currentRoute, navigate, replaceRoute, useNavigationCount, useRoute } from '../router';
import { useDeleteProduct } from '../useDeleteProduct';

/** What the mark beside a product's name says, by the list of the offline queue its change is in. */
const PENDING_WORDS: Record<PendingChange['list'], string> = {
  pending: 'pending',
  failed: 'not sent',
  conflicts: 'changed by someone else',
  unknown: 'may have been applied',
  expired: 'too old to send',
};

/** The mark of a row whose change waits in the offline queue (BridgeTable puts it after the name). */
const pendingMark = (change: PendingChange) => (
  <span className={`badge pending ${change.list}`} data-testid="pending-mark">
    {PENDING_WORDS[change.list]}
  </span>
);

/** `#/products`: a link to it (or Back, Forward) starts the list over from the URL. */
export function ProductsPage() {
  const navigations = useNavigationCount();
  return <Products key={navigations} />;
}

/**
 * The products: one `BridgeTable` whose search text, minimum price, sort and page live in a
 * `useSearchQueryBuilder`, and from there in the URL, so a reload keeps them.
 */
function Products() {
  const { params } = useRoute();
  const search = useSearchQueryBuilder(queryFromUrl(params));
  const { query } = search;
  useEffect(() => {
    const route = routeOfQuery(query);
    // Only when the list changed: the URL it came from may also carry a "saved" notice.
    if (routeOfQuery(queryFromUrl(currentRoute().params)) !== route) replaceRoute(route);
  }, [query]);
  const [minPrice, setMinPrice] = useState(String(query.filters?.price?.value ?? ''));
  const { offerWrite } = useProductAccess();
  const { user } = useAuth();
  const remove = useDeleteProduct();
  const { ask } = remove;
  const columns = useMemo(
    () => (offerWrite ? columnsWithDelete(ask) : productColumns),
    [offerWrite, ask],
  );
  const searching = Boolean(query.q) || query.filters?.price !== undefined;
  const saved = params.get('saved');
  const deleted = params.get('deleted');

  const changeMinPrice = (text: string) => {
    setMinPrice(text);
    const value = Number(text);
    if (text.trim() === '') search.removeFilter('price');
    else if (Number.isFinite(value)) search.addFilter('price', 'gte', value);
  };

  return (
    <>
      <h1>Products</h1>
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
      <section className="card" data-testid="products-table">
        <search className="search">
          <label>
            Search
            <input
              type="search"
              name="q"
              placeholder="name, category…"
              value={query.q ?? ''}
              onChange={(event) => search.setQuery(event.target.value)}
            />
          </label>
          <label>
            Price at least
            <input
              type="number"
              name="minPrice"
              min="0"
              step="any"
              inputMode="decimal"
              value={minPrice}
              onChange={(event) => changeMinPrice(event.target.value)}
            />
          </label>
        </search>
        <BridgeTable
          endpoint="/products"
          caption={searching ? 'Products matching your search' : 'All products'}
          className={offerWrite ? 'product-table with-delete' : 'product-table'}
          columns={columns}
          query={query}
          onPageChange={search.setPage}
          onSortChange={search.setOrderBy}
          emptyComponent={searching ? 'No matching products.' : 'No products yet.'}
          // Products others create are counted above the table, not slid in under the pointer.
          liveNewRows
          pendingMark={pendingMark}
          onRowClick={
            offerWrite
              ? (row) => {
                  rememberListed(user?.id ?? '', row);
                  navigate(`/products/${encodeURIComponent(row.id)}`);
                }
              : undefined
          }
        />
        <p className="muted">
          {offerWrite
            ? 'Click a header to sort, a row to edit.'
            : 'Click a header to sort. Read-only for your user type.'}
        </p>
      </section>
      {remove.dialog}
    </>
  );
}
