/** A row of the reference server's `products` collection. */
export interface Product {
  id: string;
  name: string;
  price: number;
  category: string;
  stock: number;
  active: boolean;
  createdAt: string;
}

export const formatPrice = (price: unknown) =>
  typeof price === 'number' ? `$${price.toFixed(2)}` : String(price ?? '');
