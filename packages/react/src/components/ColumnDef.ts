import type { ReactNode } from 'react';

/**
 * One column of a `BridgeTable<T>`. `key` is a field of `T`; `render` receives that field's
 * value (typed `T[K]`) and the whole row.
 *
 * @example
 * const columns: ColumnDef<Product>[] = [
 *   { key: 'name', header: 'Name' },
 *   { key: 'price', header: 'Price', render: (price) => `$${price.toFixed(2)}` },
 *   { key: 'active', header: 'Active', render: (active) => (active ? 'yes' : 'no'), sortable: false },
 * ];
 */
export type ColumnDef<T> = {
  [K in keyof T]-?: {
    /** The field shown in the column; also the `orderBy` sent when the header is clicked. */
    key: K;
    /** The header text. */
    header: string;
    /**
     * Renders a cell.
     * @default the value as text (`''` for null and undefined, JSON for objects)
     */
    render?: (value: T[K], row: T) => ReactNode;
    /**
     * Whether the header is a button that sorts the table by this column.
     * @default true
     */
    sortable?: boolean;
  };
}[keyof T];
