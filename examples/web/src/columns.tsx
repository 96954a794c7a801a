import type { ColumnDef } from '@bridgekit/react';
import { PendingMark } from './components/PendingChanges';
import { formatPrice, type Product } from './types';

/** The product columns, shared by the main table and the search results. */
export const productColumns: ColumnDef<Product>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (name, product) => (
      <>
        {name}
        <PendingMark id={product.id} />
      </>
    ),
  },
  {
    key: 'price',
    header: 'Price',
    render: (price) => <span data-testid="price">{formatPrice(price)}</span>,
  },
  { key: 'category', header: 'Category' },
  { key: 'stock', header: 'Stock' },
  {
    key: 'active',
    header: 'Active',
    render: (active) => (active ? 'yes' : 'no'),
  },
];

/**
 * The columns plus a "Delete" button per row, for users the UI offers writing to. The click
 * stops at the button, so it does not also open the row for editing.
 */
export function columnsWithDelete(onDelete: (product: Product) => void): ColumnDef<Product>[] {
  return [
    ...productColumns,
    {
      key: 'id',
      header: 'Actions',
      sortable: false,
      render: (_id, product) => (
        <button
          type="button"
          className="link danger"
          aria-label={`Delete ${product.name}`}
          data-testid="delete-row"
          onClick={(event) => {
            event.stopPropagation();
            onDelete(product);
          }}
        >
          Delete
        </button>
      ),
    },
  ];
}
