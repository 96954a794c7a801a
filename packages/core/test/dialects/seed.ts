/**
 * Seed rows shared by the real-backend dialect tests, and the helpers that compute, from the
 * seed, exactly which rows a filter means.
 */
export interface Product {
  id: string;
  name: string;
  price: number;
  category: string;
  stock: number;
  tag: string | null;
}

const NAMES = [
  'Desk',
  'Chair',
  'Lamp',
  'Shelf',
  'Sofa',
  'Rug',
  'Mirror',
  'Clock',
  'Stool',
  'Bench',
  'Vase',
  'Table',
];
const CATEGORIES = ['office', 'home', 'garden'];

/** 12 products, ids '1'..'12'; every third one has `tag: null`. */
export const PRODUCTS: readonly Product[] = NAMES.map((name, i) => ({
  id: String(i + 1),
  name,
  price: [150, 80, 25, 120, 900, 60, 45, 30, 20, 75, 15, 300][i]!,
  category: CATEGORIES[i % 3]!,
  stock: (i * 7) % 10,
  tag: i % 3 === 2 ? null : i % 2 ? 'sale' : 'new',
}));

/** The ids of the seed rows that `keep` accepts, sorted numerically. */
export function idsWhere(keep: (p: Product) => boolean, rows: readonly Product[] = PRODUCTS) {
  return rows
    .filter(keep)
    .map((p) => String(p.id))
    .sort((a, b) => Number(a) - Number(b));
}

/** The ids of `rows`, sorted numerically (to compare with `idsWhere`). */
export function idsOf(rows: unknown): string[] {
  return (rows as Array<{ id: unknown }>)
    .map((r) => String(r.id))
    .sort((a, b) => Number(a) - Number(b));
}
