import type { ListRequest, PaginatedResponse } from '../contract/entity';
import { isRecord } from '../checks';
import { linkHeader } from './listHeaders';
import { metaNumber } from '../client/meta';
import type { ApiResponse } from '../contract/http';

export type { PaginatedResponse, PaginationMeta } from '../contract/entity';

const ITEM_KEYS = ['items', 'data', 'results', 'rows', 'records'];

/**
 * Turns a list response into `{ data, meta }`, whatever shape the server chose: an array in
 * `data`, or an object holding it under `items`, `data`, `results`, `rows` or `records`;
 * pagination from the response's `meta`, a nested `meta`/`pagination`, or the object itself,
 * with the aliases of one table (`current_page`, `per_page`, `totalItems`, `total_pages`...).
 *
 * Honest: `total` only when the server gives it (or, on the last page, when it gives the page
 * count); `hasMore` is `offset + items < total` when the total is known, else
 * `page < totalPages`, else a `Link: rel="next"` header, else "a full page of a known size came
 * back", else `false`.
 *
 * @example
 * parseListResponse({ success: true, status: 200, data: { results: [a, b], count: 12 } }, { page: 1, limit: 2 })
 * // { data: [a, b], meta: { page: 1, limit: 2, total: 12, hasMore: true } }
 */
export function parseListResponse<T>(
  response: ApiResponse,
  requested: ListRequest = {},
): PaginatedResponse<T> {
  const body = response.data;
  let items: T[] = [];
  const sources: unknown[] = [response.meta];
  if (Array.isArray(body)) {
    items = body as T[];
  } else if (isRecord(body)) {
    const key = ITEM_KEYS.find((k) => Array.isArray(body[k]));
    if (key) items = body[key] as T[];
    sources.push(body.meta, body.pagination, body);
  }
  const size = metaNumber(sources, 'limit') ?? requested.limit;
  const limit = size ?? items.length;
  const page =
    metaNumber(sources, 'page') ??
    requested.page ??
    (size && requested.offset ? Math.floor(requested.offset / size) + 1 : 1);
  const offset = requested.offset ?? (page - 1) * limit;
  const totalPages = metaNumber(sources, 'totalPages');
  let total = metaNumber(sources, 'total');
  let hasMore: boolean;
  if (total !== undefined) {
    hasMore = offset + items.length < total;
  } else if (totalPages !== undefined) {
    hasMore = page < totalPages;
    // On the last page the count is exact: earlier pages are full.
    if (!hasMore) total = offset + items.length;
  } else {
    hasMore =
      linkHeader(response.headers, 'next') !== undefined ||
      (size !== undefined && size > 0 && items.length >= size);
  }
  return { data: items, meta: { page, limit, ...(total !== undefined && { total }), hasMore } };
}
