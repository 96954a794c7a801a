import type { ColumnDef } from '@bridgekit/react';
import type { ReactNode } from 'react';
import { PendingMark } from './components/PendingChanges';
import { useQueuedProduct } from './queuedProduct';
import { formatPrice, type Product } from './types';

/**
 * One field of a product's row, as the changes waiting in the offline queue will leave it: an
 * edit made offline shows in its row at once (the name cell marks the row pending).
 */
function QueuedField({
  product,
  field,
  show = (value) => String(value ?? ''),
}: {
  product: Product;
  field: keyof Product;
  show?: (value: unknown) => ReactNode;
}) {
  return show(useQueuedProduct(product).product[field]);
}

/** The product columns, shared by the main table and the search results. */
export const productColumns: ColumnDef<Product>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (_name, product) => (
      <>
        <QueuedField product={product} field="name" />
        <PendingMark product={product} />
      </>
    ),
  },
  {
    key: 'price',
    header: 'Price',
    render: (_price, product) => (
      <QueuedField
        product={product}
        field="price"
        show={(price) => <span data-testid="price">{formatPrice(price)}</span>}
      />
    ),
  },
  {
    key: 'category',
    header: 'Category',
    render: (_category, product) => <QueuedField product={product} field="category" />,
  },
  {
    key: 'stock',
    header: 'Stock',
    render: (_stock, product) => <QueuedField product={product} field="stock" />,
  },
  {
    key: 'active',
    header: 'Active',
    render: (_active, product) => (
      <QueuedField product={product} field="active" show={(active) => (active ? 'yes' : 'no')} />
    ),
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
