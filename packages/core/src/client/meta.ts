/**
 * Pagination, written once: the table of aliases, shared by the envelope's `meta` normalization
 * and the list parser, so both read the same keys (`page`/`currentPage`, `total`/`totalCount`,
 * ...), and the page count (`pageCount`) every layer gives.
 */
import type { ResponseMeta } from '../contract/http';

type MetaName = keyof ResponseMeta & string;

/** Pagination names and the keys backends use for them, in order of preference. */
export const META_ALIASES: ReadonlyArray<readonly [MetaName, readonly string[]]> = [
  ['page', ['page', 'current_page', 'currentPage']],
  ['limit', ['limit', 'per_page', 'perPage', 'pageSize', 'page_size']],
  ['total', ['total', 'totalItems', 'total_items', 'totalCount', 'count']],
  ['totalPages', ['totalPages', 'total_pages', 'pageCount']],
];

/** A numeric string as a number; anything else unchanged. */
export function toNumber(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    if (Number.isFinite(n)) return n;
  }
  return value;
}

/**
 * The finite number stored under `name` or one of its aliases in the first source that has
 * one (numeric strings parsed); `undefined` when none has.
 *
 * @example
 * metaNumber([undefined, { per_page: '20' }], 'limit') // 20
 */
export function metaNumber(sources: readonly unknown[], name: MetaName): number | undefined {
  const aliases = META_ALIASES.find(([n]) => n === name)?.[1] ?? [name];
  for (const source of sources) {
    if (typeof source !== 'object' || source === null || Array.isArray(source)) continue;
    for (const alias of aliases) {
      const value = toNumber((source as Record<string, unknown>)[alias]);
      if (typeof value === 'number' && Number.isFinite(value)) return value;
    }
  }
  return undefined;
}

/**
 * How many pages a list of `total` items has, `limit` per page: `ceil(total / limit)`. An empty
 * list has 0 pages, whatever the limit. Without a limit (absent, or 0) a list that is not empty
 * has an unknown count (`undefined`): the backend's page size is not known, and a count is never
 * guessed. The envelope's `meta`, the query builder's list meta and the table hooks all count so.
 *
 * @internal for the Bridgekit packages; not a part of the public API
 * @example
 * pageCount(35, 10) // 4
 * pageCount(0, 10) // 0
 * pageCount(35, undefined) // undefined
 */
export function pageCount(total: number, limit: number | undefined): number | undefined {
  if (total === 0) return 0;
  if (limit === undefined || !(limit > 0)) return undefined;
  return Math.ceil(total / limit);
}
