import type { ApiResponse } from '../types';

/** Pagination of a list as the hooks see it (unlike `ApiResponse.meta`, it has `hasMore`). */
export interface PaginationMeta {
  /** Current page, 1-based. */
  page: number;
  /** Items per page. */
  limit: number;
  /** Total number of items on the server; absent when the backend does not say (never guessed). */
  total?: number;
  /** Whether a page after this one exists. */
  hasMore: boolean;
}

/** One page of a list. */
export interface PaginatedResponse<T> {
  data: T[];
  meta: PaginationMeta;
}

const PAGE_KEYS = ['page', 'current_page', 'currentPage'];
const LIMIT_KEYS = ['limit', 'per_page', 'perPage', 'pageSize', 'page_size'];
const TOTAL_KEYS = ['total', 'totalItems', 'total_items', 'totalCount', 'count'];
const TOTAL_PAGES_KEYS = ['totalPages', 'total_pages', 'pageCount'];
const ITEM_KEYS = ['items', 'data', 'results', 'rows', 'records'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pickNumber(sources: unknown[], keys: string[]): number | undefined {
  for (const source of sources) {
    if (!isRecord(source)) continue;
    for (const key of keys) {
      const raw = source[key];
      const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      if (typeof value === 'number' && Number.isFinite(value)) return value;
    }
  }
  return undefined;
}

/**
 * Turns a list response into `{ data, meta }`, whatever shape the server chose: an array in
 * `data`, or an object holding it under `items`, `data`, `results`, `rows` or `records`;
 * pagination from the response's `meta`, a nested `meta`/`pagination`, or the object itself,
 * with the usual aliases (`current_page`, `per_page`, `totalItems`, `total_pages`...).
 *
 * `hasMore` is `page * limit < total` when the total is known, else `page < totalPages`, else
 * "the page came back full".
 *
 * @example
 * parseListResponse({ success: true, status: 200, data: { results: [a, b], count: 12 } }, { page: 1, limit: 2 })
 * // { data: [a, b], meta: { page: 1, limit: 2, total: 12, hasMore: true } }
 */
export function parseListResponse<T>(
  response: ApiResponse,
  requested: { page?: number; limit?: number } = {},
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
  const page = pickNumber(sources, PAGE_KEYS) ?? requested.page ?? 1;
  const limit = pickNumber(sources, LIMIT_KEYS) ?? requested.limit ?? items.length;
  const totalPages = pickNumber(sources, TOTAL_PAGES_KEYS);
  let total = pickNumber(sources, TOTAL_KEYS);
  let hasMore: boolean;
  if (total !== undefined) {
    hasMore = page * limit < total;
  } else if (totalPages !== undefined) {
    hasMore = page < totalPages;
    total = hasMore ? totalPages * limit : (page - 1) * limit + items.length;
  } else {
    hasMore = limit > 0 && items.length >= limit;
    total = (page - 1) * limit + items.length;
  }
  return { data: items, meta: { page, limit, total, hasMore } };
}
