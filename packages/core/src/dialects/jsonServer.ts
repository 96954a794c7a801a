/**
 * json-server: 1.x (`field:op=value`, `_page`/`_per_page`, paginated body) and 0.17
 * (`field_gte=`, `field_like=` regex, `_page`/`_limit` + `X-Total-Count`, `q`).
 */
import type { Dialect } from '../dialect';
import type { QueryEntry } from '../query/serializer';
import {
  entryLabel,
  linkHeader,
  listPage,
  pair,
  restPath,
  totalCountHeader,
  unsupported,
} from './shared';

/** Options of `jsonServer()`. */
export interface JsonServerOptions {
  /**
   * The json-server major version: `1` for 1.x, `0` for 0.17.
   * @default 1
   */
  version?: 0 | 1;
}

type Wire = [key: string, values: unknown[]];

// `%text%`, `text%`, `%text` with `\%`/`\_` as literal characters.
const AFFIX = /^(%?)((?:\\.|[^%_\\])*)(%?)$/;
const V1_OPS = /^(eq|ne|gt|gte|lt|lte|in)$/;
const V0_SUFFIX: Record<string, string> = {
  eq: '',
  in: '',
  ne: '_ne',
  nin: '_ne',
  gte: '_gte',
  lte: '_lte',
};
// 0.17 reads these names itself, or reads a key ending so as an operator.
const V0_RESERVED =
  /^(q|callback|_|_(start|end|page|limit|sort|order|embed|expand))$|_(lte|gte|ne|like)$/;
const MAX = 9007199254740991;

function likeRegExp(pattern: string): string {
  return `^${pattern.replace(/\\(.)|([%_])|[.*+?^${}()|[\]\\/-]/g, (m, lit, wild) =>
    lit !== undefined
      ? lit.replace(/[.*+?^${}()|[\]\\/-]/, '\\$&')
      : wild
        ? `[\\s\\S]${wild === '%' ? '*' : ''}`
        : `\\${m}`,
  )}$`;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** json-server 1.x: the wire name and values of a filter, or why it cannot be sent. */
function wire1(field: string, operator: string, value: unknown): Wire | string {
  if (operator === 'null' || operator === 'nnull') {
    return [`${field}:${operator === 'null' ? 'eq' : 'ne'}`, [null]];
  }
  if (operator === 'ilike') {
    const m = AFFIX.exec(value as string);
    const op = m?.[1] ? (m[3] ? 'contains' : 'endsWith') : m?.[3] ? 'startsWith' : '';
    if (!op || !m) return `ilike pattern "${value}" (only %text%, text%, %text)`;
    return [`${field}:${op}`, [m[2]!.replace(/\\(.)/g, '$1')]];
  }
  if (!V1_OPS.test(operator)) return `operator '${operator}'`;
  // The server splits `in` on commas and trims each item.
  if (operator === 'in' && list(value).some((v) => /,|^\s|\s$/.test(String(v)))) {
    return `an 'in' item with a comma or surrounding spaces`;
  }
  return [`${field}:${operator}`, [value]];
}

/** json-server 0.17: the wire name and values of a filter, or why it cannot be sent. */
function wire0(field: string, operator: string, value: unknown): Wire | string {
  if (V0_RESERVED.test(field)) return `a filter on "${field}" (a name it reads itself)`;
  if (operator === 'ilike') return [`${field}_like`, [likeRegExp(value as string)]];
  const suffix = V0_SUFFIX[operator];
  if (suffix === undefined) return `operator '${operator}'`;
  // 0.17 compares text; a null field never matches.
  if (list(value).includes(null)) return `null with operator '${operator}'`;
  return [`${field}${suffix}`, operator === 'in' || operator === 'nin' ? list(value) : [value]];
}

/**
 * The dialect of json-server 1.x, or 0.17 with `{ version: 0 }`. Partial updates use `PATCH`
 * (its `PUT` replaces the record). See the wire table in the core README ("Backends").
 *
 * @example
 * const api = createClient('http://localhost:3000', { dialect: jsonServer() });
 * api.query('/products').where('price', gte(100)).sort('price', 'desc').toQueryString();
 * // 'price:gte=100&_sort=-price'
 */
export function jsonServer(options: JsonServerOptions = {}): Dialect {
  const v0 = options.version === 0;
  const name = v0 ? 'json-server 0.17' : 'json-server 1.x';
  const filter = (e: QueryEntry & { kind: 'filter' }) =>
    (v0 ? wire0 : wire1)(e.field, e.operator, e.value);
  const sortProblem = (fields: ReadonlyArray<readonly [string, string]>) =>
    fields.find(([f]) => f.includes(',') || (!v0 && f[0] === '-'));
  const key = (e: QueryEntry): string => {
    switch (e.kind) {
      case 'filter': {
        const w = filter(e);
        return typeof w === 'string' ? `${e.field}[${e.operator}]` : w[0];
      }
      case 'param':
        return e.key;
      case 'search':
        return 'q';
      case 'limit':
        return v0 ? '_limit' : '_per_page';
      case 'offset':
        // 0.17 ignores `_start` when `_page` is there: one position, the later call wins.
        return v0 ? '_page' : '_offset';
      default:
        return `_${e.kind}`;
    }
  };
  const pairs = (e: QueryEntry): string[] => {
    switch (e.kind) {
      case 'filter': {
        const [k, values] = filter(e) as Wire;
        return values.map((v) => pair(k, v));
      }
      case 'sort':
        return v0
          ? [
              pair(
                '_sort',
                e.fields.map(([f]) => f),
              ),
              pair(
                '_order',
                e.fields.map(([, d]) => d),
              ),
            ]
          : [
              pair(
                '_sort',
                e.fields.map(([f, d]) => (d === 'desc' ? `-${f}` : f)),
              ),
            ];
      case 'offset':
        return [pair('_start', e.value)];
      case 'param':
        return [pair(e.key, e.value)];
      default:
        return [pair(key(e), e.value)];
    }
  };
  return {
    name,
    envelope: false,
    query: {
      key,
      check(e) {
        let what: string | undefined;
        if (e.kind === 'filter') {
          const w = filter(e);
          if (typeof w === 'string') what = `${w} (on "${e.field}")`;
        } else if (e.kind === 'sort') {
          const f = sortProblem(e.fields);
          if (f) what = `sorting by "${f[0]}"`;
        } else if (!v0 && (e.kind === 'search' || e.kind === 'offset')) {
          what = entryLabel(e);
        }
        return what && unsupported(name, what);
      },
      serialize(entries) {
        const has = (kind: string) => entries.some((e) => e.kind === kind);
        const out = entries.flatMap(pairs);
        // 1.x pages only with `_page`; 0.17 slices from `_start` only with `_limit`/`_end`.
        if (!v0 && has('limit') && !has('page')) out.push('_page=1');
        if (v0 && has('offset') && !has('limit')) out.push(`_end=${MAX}`);
        return out.join('&');
      },
    },
    list(response, requested) {
      const body = response.data as Record<string, unknown> | unknown[] | undefined;
      if (Array.isArray(body)) {
        const total = totalCountHeader(response.headers);
        // No count header: nothing was sliced, so the array is the whole list.
        if (total === undefined) return listPage({ data: body, total: body.length }, {});
        return listPage(
          {
            data: body,
            total,
            ...(linkHeader(response.headers, 'next') && { next: true }),
            ...(requested.page && !requested.limit && { limit: 10 }),
          },
          requested,
        );
      }
      const { data, items, prev, next } = (body ?? {}) as Record<string, any>;
      return listPage(
        {
          data: Array.isArray(data) ? data : [],
          ...(typeof items === 'number' && { total: items }),
          next: next != null,
          page: prev != null ? prev + 1 : next != null ? next - 1 : 1,
          limit: requested.limit ?? 10,
        },
        requested,
      );
    },
    records: { path: restPath, updateMethod: 'PATCH' },
    errors: (body) => {
      const error = (body as { error?: unknown } | null)?.error;
      return typeof error === 'string' ? { error } : undefined;
    },
  };
}
