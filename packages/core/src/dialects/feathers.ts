/**
 * Feathers 5 services over REST: `field[$gte]=`, `$sort[f]=-1`, `$limit`/`$skip`,
 * `{ total, limit, skip, data }`, `POST /authentication` and `Authorization: Bearer`.
 */
import type { Dialect, DialectErrorFields } from '../dialect';
import type { QueryEntry } from '../query/serializer';
import { readLogin } from '../services/authService';
import { entryLabel, listPage, pair, restPath, unsupported } from './shared';

/** Options of `feathers()`. */
export interface FeathersOptions {
  /**
   * Whether the services' adapter accepts `$like` and `$ilike` (Knex, Sequelize). The memory
   * and MongoDB adapters refuse them with a 400, so `like`/`ilike` are errors by default.
   * @default false
   */
  like?: boolean;
  /**
   * Items per page when `page` is given without `limit`: the service's `paginate.default`
   * (`page` becomes `$skip`, which needs a page size).
   * @default 10
   */
  pageSize?: number;
}

const NAME = 'feathers';
const OPS = /^(ne|gt|gte|lt|lte|in|nin)$/;

type Obj = Record<string, any>;

function fieldErrors(errors: unknown, data: unknown): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    for (const [k, v] of Object.entries(errors)) {
      out[k] = Array.isArray(v) ? v.join(', ') : typeof v === 'string' ? v : (v?.message ?? `${v}`);
    }
  }
  // Schema (ajv) validation puts its errors in `data`: `[{ instancePath: '/name', message }]`.
  if (Array.isArray(data)) {
    for (const e of data) {
      if (typeof e?.instancePath === 'string' && e.message) {
        out[e.instancePath.slice(1).replace(/\//g, '.')] = e.message;
      }
    }
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * The dialect of Feathers 5 REST services (any database adapter; `like: true` where the
 * adapter has `$like`/`$ilike`). Partial updates use `PATCH` (its `PUT` is `update`, which
 * replaces the record). See the wire table in the core README ("Backends").
 *
 * @param options @default {}
 * @example
 * const api = createClient('http://localhost:3030', { dialect: feathers() });
 * api.query('/products').where('price', gte(100)).sort('price', 'desc').limit(5).toQueryString();
 * // 'price[$gte]=100&$sort[price]=-1&$limit=5'
 */
export function feathers(options: FeathersOptions = {}): Dialect {
  const pageSize = options.pageSize ?? 10;
  const op = (operator: string) =>
    OPS.test(operator) || (options.like && /^i?like$/.test(operator)) ? `$${operator}` : '';
  const key = (e: QueryEntry): string => {
    switch (e.kind) {
      case 'filter':
        return e.operator === 'eq' || e.operator === 'null'
          ? e.field
          : `${e.field}[${e.operator === 'nnull' ? '$ne' : op(e.operator)}]`;
      case 'param':
        return e.key;
      case 'page':
      case 'offset':
        // One position: `page` becomes `$skip` too, so the later call wins.
        return '$skip';
      default:
        return `$${e.kind}`;
    }
  };
  return {
    name: NAME,
    envelope: false,
    query: {
      key,
      check(e) {
        let what: string | undefined;
        if (e.kind === 'search') what = entryLabel(e);
        if (e.kind === 'filter' || e.kind === 'sort') {
          // qs reads brackets and Feathers reads `$` names: such a field is another query.
          const fields = e.kind === 'sort' ? e.fields.map(([f]) => f) : [e.field];
          const bad = fields.find((f) => /[[\]]|^\$/.test(f));
          if (bad !== undefined) what = `the field name "${bad}"`;
          else if (
            e.kind === 'filter' &&
            !/^(eq|null|nnull)$/.test(e.operator) &&
            !op(e.operator)
          ) {
            what = entryLabel(e);
          }
        }
        return what && unsupported(NAME, what);
      },
      serialize(entries) {
        const found = entries.find((e) => e.kind === 'limit');
        const limit = found?.kind === 'limit' ? found.value : undefined;
        return entries
          .flatMap((e): string[] => {
            switch (e.kind) {
              case 'filter': {
                if (e.operator === 'null' || e.operator === 'nnull') return [pair(key(e), null)];
                if (!/^n?in$/.test(e.operator)) return [pair(key(e), e.value)];
                const items = Array.isArray(e.value) ? e.value : [e.value];
                return items.map((v) => pair(`${key(e)}[]`, v));
              }
              case 'sort':
                return e.fields.map(([f, d]) => pair(`$sort[${f}]`, d === 'desc' ? -1 : 1));
              case 'page':
                return [
                  pair('$skip', (e.value - 1) * (limit ?? pageSize)),
                  ...(limit === undefined ? [pair('$limit', pageSize)] : []),
                ];
              default:
                return [pair(key(e), e.value)];
            }
          })
          .join('&');
      },
    },
    list(response, requested) {
      const body = response.data as Obj | unknown[] | undefined;
      if (Array.isArray(body)) return listPage({ data: body }, requested);
      const { data, total, limit, skip } = (body ?? {}) as Obj;
      const size = typeof limit === 'number' && limit > 0 ? limit : requested.limit;
      const offset = typeof skip === 'number' ? skip : 0;
      return listPage(
        {
          data: Array.isArray(data) ? data : [],
          ...(typeof total === 'number' && { total }),
          ...(size && { limit: size, page: Math.floor(offset / size) + 1 }),
        },
        { ...requested, offset },
      );
    },
    records: { path: restPath, updateMethod: 'PATCH' },
    auth: {
      paths: { login: '/authentication' },
      loginBody: (credentials) => ({ strategy: 'local', ...credentials }),
      login(data) {
        const result = readLogin(data);
        const exp = (data as Obj | undefined)?.authentication?.payload?.exp;
        return result && typeof exp === 'number'
          ? { ...result, expiresAt: new Date(exp * 1000).toISOString() }
          : result;
      },
    },
    session: { header: 'Authorization', scheme: 'Bearer' },
    errors(body) {
      const b = body as Obj | null;
      if (typeof b?.message !== 'string' || typeof b.name !== 'string') return undefined;
      const errors = fieldErrors(b.errors, b.data);
      const out: DialectErrorFields = { error: b.message, code: b.name };
      if (errors) out.errors = errors;
      return out;
    },
  };
}
