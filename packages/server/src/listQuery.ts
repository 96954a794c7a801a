import { HttpError } from './HttpError';
import { comparable } from './coerceValue';
import { FILTER_OPERATORS, type RowPredicate } from './filterOperators';
import type { EntityRow, FieldSpec } from './types';

/**
 * Page size of list and search responses when `limit` is absent.
 *
 * @example
 * res.meta.limit === DEFAULT_LIMIT; // for GET /api/products
 */
export const DEFAULT_LIMIT = 10;
/**
 * Largest `limit` a list accepts; above it the answer is a 400.
 *
 * @example
 * api.get('/products', { params: { limit: MAX_LIMIT } });
 */
export const MAX_LIMIT = 100;

/**
 * Pagination metadata of a list response (`offset`, `q`, `entity` are added when asked).
 *
 * @example
 * const meta: ListMeta = { page: 2, limit: 10, total: 300, totalPages: 30 };
 */
export interface ListMeta {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  [key: string]: unknown;
}

/** Query-string values as Fastify parses them (a repeated key becomes an array). */
export type RawQuery = Record<string, string | string[] | undefined>;

const RESERVED = new Set(['page', 'limit', 'offset', 'sort', 'q', 'orderBy', 'orderDir']);
const FILTER_KEY = /^([^[\]]+)(?:\[([^[\]]+)\])?$/;

function last(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function integer(
  name: string,
  raw: string | undefined,
  min: number,
  max = Infinity,
): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Infinity ? `an integer >= ${min}` : `an integer from ${min} to ${max}`;
    throw new HttpError(400, `"${name}" must be ${range}, got "${raw}"`);
  }
  return n;
}

function fieldSpec(schema: Record<string, FieldSpec>, field: string): FieldSpec {
  const spec = Object.hasOwn(schema, field) ? schema[field] : undefined;
  // Password fields are write-only: not filterable, sortable or searchable.
  if (!spec || spec.type === 'password') throw new HttpError(400, `Unknown field "${field}"`);
  return spec;
}

interface SortKey {
  field: string;
  spec: FieldSpec;
  dir: 1 | -1;
}

function parseSort(schema: Record<string, FieldSpec>, query: RawQuery): SortKey[] {
  let raw = last(query.sort);
  const orderBy = last(query.orderBy);
  // orderBy/orderDir are accepted as a fallback for clients that send them separately.
  if (!raw && orderBy) raw = `${orderBy}:${last(query.orderDir) ?? 'asc'}`;
  if (!raw) return [];
  return raw.split(',').map((part) => {
    const [name = '', dir = 'asc', ...rest] = part.split(':');
    const field = name.startsWith('-') ? name.slice(1) : name;
    const direction = name.startsWith('-') ? 'desc' : dir.toLowerCase();
    if (!field || rest.length > 0 || (direction !== 'asc' && direction !== 'desc')) {
      throw new HttpError(400, `Malformed sort "${part}": use field:asc or field:desc`);
    }
    return { field, spec: fieldSpec(schema, field), dir: direction === 'asc' ? 1 : -1 };
  });
}

function parseFilters(
  schema: Record<string, FieldSpec>,
  query: RawQuery,
  ignore: ReadonlySet<string>,
): { field: string; test: RowPredicate }[] {
  const filters: { field: string; test: RowPredicate }[] = [];
  for (const [key, rawValue] of Object.entries(query)) {
    if (RESERVED.has(key) || ignore.has(key) || rawValue === undefined) continue;
    const match = FILTER_KEY.exec(key);
    if (!match)
      throw new HttpError(400, `Malformed filter "${key}": use field=value or field[op]=value`);
    const field = match[1] as string;
    const op = match[2] ?? 'eq';
    const spec = fieldSpec(schema, field);
    const build = Object.hasOwn(FILTER_OPERATORS, op) ? FILTER_OPERATORS[op] : undefined;
    if (!build) throw new HttpError(400, `Unknown operator "${op}" on "${field}"`);
    // A repeated key applies every value (AND).
    for (const value of Array.isArray(rawValue) ? rawValue : [rawValue]) {
      filters.push({ field, test: build(field, spec, value) });
    }
  }
  return filters;
}

function compareRows(a: EntityRow, b: EntityRow, keys: SortKey[]): number {
  for (const { field, spec, dir } of keys) {
    const x = comparable(spec, a[field]);
    const y = comparable(spec, b[field]);
    if (x === y) continue;
    // Missing values sort last in either direction.
    if (x === null) return 1;
    if (y === null) return -1;
    return (x < y ? -1 : 1) * dir;
  }
  return 0;
}

/**
 * Applies a list query (filters, `q`, `sort`, `page`/`limit`/`offset`) to rows, validating
 * every part first: a malformed part throws a 400 `HttpError` before any row is touched.
 *
 * @example
 * const { data, meta } = applyListQuery(rows, schema, { 'price[gte]': '10', sort: 'price:desc' });
 */
export function applyListQuery(
  rows: readonly EntityRow[],
  schema: Record<string, FieldSpec>,
  query: RawQuery,
  ignore: ReadonlySet<string> = new Set(),
): { data: EntityRow[]; meta: ListMeta } {
  const page = integer('page', last(query.page), 1) ?? 1;
  const limit = integer('limit', last(query.limit), 1, MAX_LIMIT) ?? DEFAULT_LIMIT;
  const offset = integer('offset', last(query.offset), 0);
  const sort = parseSort(schema, query);
  const filters = parseFilters(schema, query, ignore);
  const q = last(query.q)?.trim().toLowerCase() ?? '';
  const searchable = Object.keys(schema).filter((f) => f !== 'id' && schema[f]?.type === 'string');

  let result = rows.filter(
    (row) =>
      filters.every(({ field, test }) => test(row[field])) &&
      (!q ||
        searchable.some((f) => {
          const v = row[f];
          return typeof v === 'string' && v.toLowerCase().includes(q);
        })),
  );
  if (sort.length > 0) result = [...result].sort((a, b) => compareRows(a, b, sort));

  const start = offset ?? (page - 1) * limit;
  const total = result.length;
  const meta: ListMeta = {
    page: offset === undefined ? page : Math.floor(offset / limit) + 1,
    limit,
    total,
    totalPages: Math.ceil(total / limit),
  };
  if (offset !== undefined) meta.offset = offset;
  return { data: result.slice(start, start + limit), meta };
}
