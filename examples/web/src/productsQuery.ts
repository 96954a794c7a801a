import type { SearchQuery } from '@bridgekit/react';

/** Rows per page of the products table. */
export const PAGE_SIZE = 10;

/** The columns the table sorts by; a sort by anything else in a typed-in URL is dropped. */
const SORTABLE = ['name', 'price', 'category', 'stock', 'active'];

/** A whole number ≥ 1 from the URL, or `undefined`. */
function count(text: string | null): number | undefined {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value >= 1 ? value : undefined;
}

/**
 * The products list's state as the URL keeps it, `#/products?q=lamp&minPrice=100&sort=price:desc&page=2`,
 * read into a `SearchQuery`. A value the URL spells wrongly (typed in by hand) is left out.
 *
 * @example
 * queryFromUrl(new URLSearchParams('q=lamp&minPrice=100'));
 * // { limit: 10, q: 'lamp', filters: { price: { operator: 'gte', value: 100 } } }
 */
export function queryFromUrl(params: URLSearchParams): SearchQuery {
  const query: SearchQuery = { limit: PAGE_SIZE };
  const q = params.get('q');
  if (q) query.q = q;
  const minPrice = params.get('minPrice');
  if (minPrice !== null && minPrice.trim() !== '' && Number.isFinite(Number(minPrice))) {
    query.filters = { price: { operator: 'gte', value: Number(minPrice) } };
  }
  const [orderBy = '', orderDir] = (params.get('sort') ?? '').split(':');
  if (SORTABLE.includes(orderBy) && (orderDir === 'asc' || orderDir === 'desc')) {
    query.orderBy = orderBy;
    query.orderDir = orderDir;
  }
  const page = count(params.get('page'));
  if (page !== undefined) query.page = page;
  return query;
}

/**
 * The route of a products list state: the inverse of `queryFromUrl`, with only what differs
 * from the plain first page.
 *
 * @example
 * routeOfQuery({ limit: 10, q: 'lamp', page: 2 }); // '/products?q=lamp&page=2'
 */
export function routeOfQuery(query: SearchQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  const minPrice = query.filters?.price?.value;
  if (minPrice !== undefined) params.set('minPrice', String(minPrice));
  if (query.orderBy) params.set('sort', `${query.orderBy}:${query.orderDir ?? 'asc'}`);
  if (query.page !== undefined && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `/products?${search}` : '/products';
}
