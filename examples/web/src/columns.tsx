import type { ColumnDef } from '@bridgekit/react';
import { formatPrice, type Product } from './types';

/**
 * The product columns, shared by the main table and the search results. The table shows the
 * user's changes that wait offline in their rows and marks them (BridgeTable with the offline
 * queue; ProductsPage gives the mark).
 */
export const productColumns: ColumnDef<Product>[] = [
  { key: 'name', header: 'Name' },
  {
    key: 'price',
    header: 'Price',
    render: (price) => <span data-testid="price">{formatPrice(price)}</span>,
  },
  { key: 'category', header: 'Category' },
  { key: 'stock', header: 'Stock' },
  { key: 'active', header: 'Active', render: (active) => (active ? 'yes' : 'no') },
];

/**
 * The columns plus a "Delete" button per row, for users the UI offers writing to. The click
 * stops at the button, so it does not also open the row for editing. A row created offline has
 * no id yet, so no button (BridgeTable renders no cell for a field it was not sent with): the
 * changes panel discards it.
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
