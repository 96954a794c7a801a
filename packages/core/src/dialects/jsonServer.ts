/**
 * json-server: 1.x (`field:op=value`, `_page`/`_per_page`, paginated body) and 0.17
 * (`field_gte=`, `field_like=` regex, `_page`/`_limit` + `X-Total-Count`, `q`); without a
 * named version, the one that answers (jsonServerVersion.ts).
 */
import type { Dialect } from '../contract/dialect';
import { rejectUnknownKeys } from '../checks';
import type { QueryEntry } from '../query/serializer';
import { jsonServerOfAnyVersion } from './jsonServerVersion';
import { pair, totalCountHeader } from './shared';
import { restProvider } from './restProvider';

/** Options of `jsonServer()`. */
export interface JsonServerOptions {
  /**
   * The json-server major version: `1` for 1.x, `0` for 0.17 (what `npm i json-server`
   * installs). Without it, the dialect asks the server which one it is before a client's
   * first list (one request), and speaks that one.
   * @default the version that answers
   */
  version?: 0 | 1;
}

type Pairs = Array<[name: string, value: unknown]>;

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
const SPECIAL = /[.*+?^${}()|[\]\\/-]/g;

// SQL-like pattern -> anchored regex (0.17 reads `_like` as a case-insensitive RegExp).
const likeRegExp = (pattern: string) =>
  `^${pattern.replace(/\\(.)|([%_])|[.*+?^${}()|[\]\\/-]/g, (m, literal, wild) =>
    literal !== undefined
      ? literal.replace(SPECIAL, '\\$&')
      : wild
        ? `[\\s\\S]${wild === '%' ? '*' : ''}`
        : `\\${m}`,
  )}$`;

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/**
 * The dialect of json-server: 1.x with `{ version: 1 }`, 0.17 with `{ version: 0 }`, and
 * without a version the one that answers (asked once per client, before its first list).
 * Partial updates use `PATCH` (its `PUT` replaces the record). See the wire table in
 * docs/guide/backends/json-server.md.
 *
 * @param options @default {}
 * @example
 * const api = createClient('http://localhost:3000', { dialect: jsonServer({ version: 1 }) });
 * api.query('/products').where('price', gte(100)).sort('price', 'desc').toQueryString();
 * // 'price:gte=100&_sort=-price'
 */
export function jsonServer(options: JsonServerOptions = {}): Dialect & { envelope: false } {
  const { version, ...unknown } = options;
  rejectUnknownKeys(unknown, [], { where: 'options', factory: 'jsonServer' });
  if (version === undefined) return jsonServerOfAnyVersion([speaking(0), speaking(1)]);
  if (version !== 0 && version !== 1) {
    throw new TypeError('options.version must be 0 (json-server 0.17), 1 (1.x) or undefined');
  }
  return speaking(version);
}

/** The dialect of one json-server version. */
function speaking(version: 0 | 1): Dialect & { envelope: false } {
  const v0 = version === 0;
  const name = `json-server ${v0 ? '0.17' : '1.x'}`;
  // The pairs of one entry, or what this version cannot express.
  const wire = (e: QueryEntry): Pairs | string => {
    switch (e.kind) {
      case 'filter': {
        const { field: f, operator: op, value: v } = e;
        const items = list(v);
        if (v0) {
          if (V0_RESERVED.test(f)) return `the field name "${f}"`;
          if (op === 'ilike') return [[`${f}_like`, likeRegExp(v as string)]];
          if (op === 'between')
            return [
              [`${f}_gte`, items[0]],
              [`${f}_lte`, items[1]],
            ];
          const suffix = V0_SUFFIX[op];
          if (suffix === undefined) return `operator '${op}'`;
          // It compares text, so a null field never matches.
          if (items.includes(null)) return `null with operator '${op}'`;
          return op === 'in' || op === 'nin'
            ? items.map((x) => [f + suffix, x])
            : [[f + suffix, v]];
        }
        if (op === 'null' || op === 'nnull') return [[`${f}:${op === 'null' ? 'eq' : 'ne'}`, null]];
        if (op === 'ilike') {
          const m = AFFIX.exec(v as string);
          const to = m?.[1] ? (m[3] ? 'contains' : 'endsWith') : m?.[3] ? 'startsWith' : '';
          return to ? [[`${f}:${to}`, m![2]!.replace(/\\(.)/g, '$1')]] : `the ilike pattern "${v}"`;
        }
        // No range operator, but both bounds are: min <= x AND x <= max.
        if (op === 'between')
          return [
            [`${f}:gte`, items[0]],
            [`${f}:lte`, items[1]],
          ];
        if (!V1_OPS.test(op)) return `operator '${op}'`;
        // The server splits `in` on commas and trims each item.
        if (op === 'in' && items.some((x) => /,|^\s|\s$/.test(String(x)))) {
          return `'in' items with commas or edge spaces`;
        }
        return [[`${f}:${op}`, v]];
      }
      case 'sort': {
        const bad = e.fields.find(([f]) => f.includes(',') || (!v0 && f[0] === '-'));
        if (bad) return `sorting by "${bad[0]}"`;
        return v0
          ? [
              ['_sort', e.fields.map((x) => x[0])],
              ['_order', e.fields.map((x) => x[1])],
            ]
          : [['_sort', e.fields.map(([f, d]) => (d === 'desc' ? '-' : '') + f)]];
      }
      case 'param':
        return [[e.key, e.value]];
      case 'search':
        return v0 ? [['q', e.value]] : 'full-text search';
      case 'offset':
        return v0 ? [['_start', e.value]] : 'offset';
      default:
        return [[e.kind === 'page' ? '_page' : v0 ? '_limit' : '_per_page', e.value]];
    }
  };
  return restProvider({
    name,
    query: {
      key(e) {
        // 0.17 ignores `_start` when `_page` is there: one position, the later call wins.
        if (v0 && e.kind === 'offset') return '_page';
        const w = wire(e);
        return typeof w === 'string' ? e.kind : w[0]![0];
      },
      check(e) {
        const w = wire(e);
        if (typeof w === 'string') {
          return `${name} cannot express ${w}${e.kind === 'filter' ? ` (on "${e.field}")` : ''}`;
        }
      },
      pairs(e, i, entries) {
        const out = (wire(e) as Pairs).map(([k, v]) => pair(k, v));
        if (i === entries.length - 1) {
          const has = (kind: string) => entries.some((x) => x.kind === kind);
          // 1.x pages only with `_page`; 0.17 slices from `_start` only with `_limit`/`_end`.
          if (!v0 && has('limit') && !has('page')) out.push('_page=1');
          if (v0 && has('offset') && !has('limit')) out.push('_end=9007199254740991');
        }
        return out;
      },
    },
    list(response, requested) {
      const body = response.data as any;
      const limit = requested.limit ?? 10;
      if (Array.isArray(body)) {
        const total = totalCountHeader(response.headers);
        // No count header: nothing was sliced, so the array is the whole list.
        return total === undefined
          ? { data: body, total: body.length, page: 1, limit: body.length, next: false }
          : { data: body, total, limit };
      }
      const { data = [], items, prev, next } = body ?? {};
      const page = prev != null ? prev + 1 : next != null ? next - 1 : 1;
      return { data, total: items, next: next != null, page, limit };
    },
    errors(body) {
      const error = (body as { error?: unknown } | null)?.error;
      if (typeof error === 'string') return { error };
    },
  });
}
