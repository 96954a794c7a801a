/**
 * The one table of pagination aliases, shared by the envelope's `meta` normalization and the
 * list parser, so both read the same keys (`page`/`currentPage`, `total`/`totalCount`, ...).
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
