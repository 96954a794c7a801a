import type { Product } from './types';

/**
 * The rows the products list opened, per user: a product's page shows its row when the record
 * itself cannot be fetched (offline, a product never opened before is not in the cache, but
 * the list that links to it holds its fields). Kept for the page's life, never across users.
 */
const rows = new Map<string, Product>();
const keyOf = (userId: string, id: string) => `${userId}\u0000${id}`;

/** Keeps the row the user opened from the list. */
export function rememberListed(userId: string, row: Product): void {
  rows.set(keyOf(userId, row.id), row);
}

/** The row this user opened from the list for product `id`, if any. */
export function listedProduct(userId: string, id: string): Product | undefined {
  return rows.get(keyOf(userId, id));
}
