import { type SearchQuery, useBridgeApi, useBridgeQuery } from '@bridgekit/react';
import { productColumns } from '../columns';
import { productsEntity } from '../products';
import { navigate } from '../router';
import type { Product } from '../types';

interface Props {
  query: SearchQuery;
  onPage: (page: number) => void;
}

/** The rows matching the search panel's query (`GET /products/search?...`). */
export function SearchResults({ query, onPage }: Props) {
  const products = useBridgeApi<Product>(productsEntity);
  const { data, meta, isLoading, error } = useBridgeQuery(products, 'search', {
    ...query,
    q: query.q ?? '',
  });
  const page = meta?.page ?? query.page ?? 1;
  const limit = meta?.limit ?? query.limit ?? 10;
  const pages = meta?.total !== undefined ? Math.max(1, Math.ceil(meta.total / limit)) : 1;

  if (error) {
    return (
      <p className="error" role="alert" data-testid="search-error">
        {error.message}
      </p>
    );
  }
  return (
    <div className="results bk-table" data-testid="search-results" aria-busy={isLoading}>
      <p className="muted" data-testid="search-total">
        {isLoading && !data ? 'Searching…' : `${meta?.total ?? 0} matching products`}
      </p>
      <table>
        <thead>
          <tr>
            {productColumns.map((column) => (
              <th key={String(column.key)}>{column.header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(data ?? []).map((row) => (
            <tr key={row.id} onClick={() => navigate(`/products/${encodeURIComponent(row.id)}`)}>
              {productColumns.map((column) => (
                <td key={String(column.key)}>
                  {column.render
                    ? (column.render as (v: unknown, r: Product) => React.ReactNode)(
                        row[column.key],
                        row,
                      )
                    : String(row[column.key] ?? '')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="pager">
        <button
          type="button"
          className="secondary"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        <span>
          Page {page} of {pages}
        </span>
        <button
          type="button"
          className="secondary"
          disabled={!meta?.hasMore}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </div>
    </div>
  );
}
