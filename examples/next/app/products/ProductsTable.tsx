'use client';
import { BridgeTable, type ColumnDef } from '@bridgekit/nextjs';
import { PAGE_SIZE } from '../../lib/products';

interface Product {
  id: string;
  name: string;
  price: number;
  category: string;
  stock: number;
  active: boolean;
}

const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const columns: ColumnDef<Product>[] = [
  { key: 'name', header: 'Name' },
  { key: 'category', header: 'Category' },
  { key: 'price', header: 'Price', render: (value) => price.format(value) },
  { key: 'stock', header: 'Stock' },
  { key: 'active', header: 'Active', render: (value) => (value ? 'yes' : 'no') },
];

export function ProductsTable() {
  return (
    <BridgeTable<Product>
      endpoint="/products"
      columns={columns}
      pageSize={PAGE_SIZE}
      caption="Products"
    />
  );
}
