import type { ColumnDef } from '@bridgekit/react';
import { formatPrice, type Product } from './types';

/** The product columns, shared by the main table and the search results. */
export const productColumns: ColumnDef<Product>[] = [
  { key: 'name', header: 'Name' },
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
