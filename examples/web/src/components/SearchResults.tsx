import { type ColumnDef, type SearchQuery, useBridgeApi, useBridgeQuery } from '@bridgekit/react';
import { type ReactNode, useState } from 'react';
import { columnsWithDelete, productColumns } from '../columns';
import { useProductAccess } from '../productAccess';
import { productsEntity } from '../products';
import { navigate } from '../router';
import type { Product } from '../types';

interface Props {
  query: SearchQuery;
  onPage: (page: number) => void;
  /** Offered per row to users who may write. */
  onDelete: (product: Product) => void;
}

type Sort = { key: string; dir: 'asc' | 'desc' } | null;

/** Same cycle as `BridgeTable`'s headers: ascending, descending, unsorted. */
function nextSort(sort: Sort, key: string): Sort {
  if (!sort || sort.key !== key) return { key, dir: 'asc' };
  return sort.dir === 'asc' ? { key, dir: 'desc' } : null;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** "No matching products", "1 matching product", "24 matching products". */
export function matchingProducts(total: number): string {
  if (total === 0) return 'No matching products';
  return `${total} matching ${total === 1 ? 'product' : 'products'}`;
}

/**
 * The rows matching the search panel's query (`GET /products/search?...`), sortable by a
 * header click like the main table (`sort=field:dir` on the wire), back to page 1 on a new sort.
 */
export function SearchResults({ query, onPage, onDelete }: Props) {
  const { offerWrite } = useProductAccess();
  const [sort, setSort] = useState<Sort>(null);
  const products = useBridgeApi<Product>(productsEntity);
  const { data, meta, isLoading, error } = useBridgeQuery(
    products,
    'search',
    {
      ...query,
      q: query.q ?? '',
      ...(sort && { orderBy: sort.key, orderDir: sort.dir }),
    },
    { keepPreviousData: true },
  );
  const page = meta?.page ?? query.page ?? 1;
  const limit = meta?.limit ?? query.limit ?? 10;
  const pages = meta?.total !== undefined ? Math.max(1, Math.ceil(meta.total / limit)) : 1;
  const columns = (offerWrite ? columnsWithDelete(onDelete) : productColumns) as Array<
    ColumnDef<Product> & { render?: (value: unknown, row: Product) => ReactNode }
  >;
  const open = (row: Product) => navigate(`/products/${encodeURIComponent(row.id)}`);

  if (error) {
    return (
      <p className="error" role="alert" data-testid="search-error">
        {error.message}
      </p>
    );
  }
  return (
    <div
      className={`results bk-table product-table${offerWrite ? ' with-delete' : ''}`}
      data-testid="search-results"
      aria-busy={isLoading}
    >
      <p className="muted" data-testid="search-total">
        {isLoading && !meta ? 'Searching…' : matchingProducts(meta?.total ?? 0)}
      </p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {columns.map((column) => {
                const key = String(column.key);
                const sorted = sort?.key === key ? sort.dir : undefined;
                return (
                  <th
                    key={key}
                    className={column.sortable === false ? undefined : 'bk-table__header--sortable'}
                    aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
                  >
                    {column.sortable === false ? (
                      column.header
                    ) : (
                      <button
                        type="button"
                        className="bk-table__sort"
                        onClick={() => {
                          setSort(nextSort(sort, key));
                          onPage(1);
                        }}
                      >
                        {column.header}
                        {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                      </button>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {(data ?? []).map((row) => (
              <tr
                key={row.id}
                className={offerWrite ? 'clickable' : undefined}
                {...(offerWrite && {
                  tabIndex: 0,
                  onClick: () => open(row),
                  onKeyDown: (event) => {
                    if (event.target === event.currentTarget && event.key === 'Enter') open(row);
                  },
                })}
              >
                {columns.map((column) => (
                  <td key={String(column.key)}>
                    {column.render
                      ? column.render(row[column.key], row)
                      : String(row[column.key] ?? '')}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
