/**
 * Feathers 5 services over REST: `field[$gte]=`, `$sort[f]=-1`, `$limit`/`$skip`,
 * `{ total, limit, skip, data }`, `POST /authentication` and `Authorization: Bearer`.
 */
import type { Dialect } from '../contract/dialect';
import type { QueryEntry } from '../query/serializer';
import { flattenErrors, pair } from './shared';
import { builtIn } from './restProvider';

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
  /**
   * The `arrayLimit` of the app's query parser (`qs`, through `koa-qs` or Express's
   * `query parser`): it reads a list of more items as an object, so the query matches no
   * row instead of failing. `in`/`nin` with more items are refused; raise both together.
   * @default 20
   */
  arrayLimit?: number;
  /**
   * Whether the services' query schema reads an empty value as null (Feathers' Ajv query
   * validator with `coerceTypes` does so for a nullable number, boolean or date field; a
   * string field keeps `''`). REST sends text, never a null: without this option `null`
   * (`eq(null)`, `isNull`, `isNotNull`, a null param) is refused; with it, null is sent as
   * Feathers' own client sends it, `f=` and `f[$ne]=`.
   * @default false
   */
  nulls?: boolean;
}

type Pairs = Array<[name: string, value: unknown]>;

const OPS = /^(ne|gt|gte|lt|lte|in|nin)$/;

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
export function feathers(options: FeathersOptions = {}): Dialect & { envelope: false } {
  const { pageSize: size = 10, arrayLimit = 20 } = options;
  // qs reads brackets and Feathers reads `$` names: such a field would be another query.
  const bad = (field: string) => /[[\]]|^\$/.test(field) && `the field name "${field}"`;
  // A null goes as '' (what Feathers' own client sends), which only the app's schema makes a
  // null: the text 'null' would match the string "null", or be a 400 for a number field.
  const nulled = (f: string, items: unknown[]) =>
    items.some((x) => x == null) && !options.nulls
      ? `null (on "${f}") unless the app's query schema reads '' as null; set feathers({ nulls: true }) if it does`
      : undefined;
  const text = (x: unknown) => x ?? '';
  // A list as qs reads one (`k[]=a&k[]=b`, even for one item), up to its arrayLimit.
  const list = (k: string, items: unknown[], what: string): Pairs | string =>
    items.length > arrayLimit
      ? `more than ${arrayLimit} items in ${what}: its query parser (qs) reads them as an object; raise its arrayLimit and set feathers({ arrayLimit })`
      : items.length === 0
        ? `an empty list in ${what}`
        : items.map((x) => [`${k}[]`, text(x)]);
  // The pairs of one entry (`page` is written by serialize), or what Feathers cannot express.
  const wire = (e: QueryEntry): Pairs | string => {
    switch (e.kind) {
      case 'filter': {
        const { field: f, operator: o, value: v } = e;
        const items = o === 'null' || o === 'nnull' ? [null] : Array.isArray(v) ? v : [v];
        const refused = bad(f) || nulled(f, items);
        if (refused) return refused;
        if (o === 'eq' || o === 'null') return [[f, o === 'null' ? '' : text(v)]];
        if (o === 'nnull') return [[`${f}[$ne]`, '']];
        if (o === 'in' || o === 'nin')
          return list(`${f}[$${o}]`, items, `operator '${o}' (on "${f}")`);
        // No range operator, but both bounds are: min <= x AND x <= max.
        if (o === 'between')
          return [
            [`${f}[$gte]`, (v as unknown[])[0]],
            [`${f}[$lte]`, (v as unknown[])[1]],
          ];
        return OPS.test(o) || (options.like && /^i?like$/.test(o))
          ? [[`${f}[$${o}]`, text(v)]]
          : `operator '${o}' (on "${f}")`;
      }
      case 'sort': {
        const wrong = e.fields.find(([f]) => bad(f));
        if (wrong) return bad(wrong[0]) as string;
        return e.fields.map(([f, d]) => [`$sort[${f}]`, d === 'desc' ? -1 : 1]);
      }
      case 'search':
        return 'full-text search';
      case 'param': {
        const { key: k, value: v } = e;
        const refused = nulled(k, Array.isArray(v) ? v : [v]);
        if (refused) return refused;
        return Array.isArray(v) ? list(k, v, `param '${k}'`) : [[k, text(v)]];
      }
      default:
        // One position: `page` becomes `$skip` too, so the later call wins.
        return [[e.kind === 'limit' ? '$limit' : '$skip', e.value]];
    }
  };
  return builtIn({
    name: 'feathers',
    options,
    query: {
      key(e) {
        const w = wire(e);
        // One sort entry whatever its fields; a param is one entry whatever its value.
        if (e.kind === 'param') return e.key;
        return typeof w === 'string' || e.kind === 'sort' ? e.kind : w[0]![0];
      },
      check(e) {
        const w = wire(e);
        if (typeof w === 'string') return `feathers cannot express ${w}`;
      },
      pairs(e, _, entries) {
        if (e.kind !== 'page') return (wire(e) as Pairs).map(([k, v]) => pair(k, v));
        const limit = (entries.find((x) => x.kind === 'limit') as { value: number } | undefined)
          ?.value;
        return [
          pair('$skip', (e.value - 1) * (limit ?? size)),
          ...(limit ? [] : [pair('$limit', size)]),
        ];
      },
    },
    list(response) {
      const body = response.data as any;
      if (Array.isArray(body)) return { data: body };
      const { data = [], total, limit, skip = 0 } = body ?? {};
      return {
        data,
        total,
        offset: skip,
        ...(limit > 0 && { limit, page: Math.floor(skip / limit) + 1 }),
      };
    },
    auth: {
      // A Feathers app signs up by creating a user (the generated `users` service); the answer
      // holds no session. Core Feathers has no refresh token, password reset or second factor.
      paths: { login: '/authentication', register: '/users' },
      loginBody: (credentials) => ({ strategy: 'local', ...credentials }),
      account: {
        refresh: null,
        passwordForgot: null,
        passwordReset: null,
        passwordChange: null,
        twoFactorVerify: null,
        twoFactorSetup: null,
        twoFactorEnable: null,
        twoFactorDisable: null,
      },
      login(data, read) {
        const result = read(data);
        const exp = (data as any)?.authentication?.payload?.exp;
        return result && exp
          ? { ...result, expiresAt: new Date(exp * 1000).toISOString() }
          : result;
      },
    },
    session: { header: 'Authorization', scheme: 'Bearer' },
    errors(body) {
      const { name, message, errors, data } = (body ?? {}) as any;
      if (typeof name !== 'string' || typeof message !== 'string') return;
      // A field's errors: a message, a list of them or an error object (`{ message }`).
      const fields: Record<string, unknown> = {};
      for (const k in errors) fields[k] = errors[k]?.message ?? errors[k];
      // Schema (ajv) validation puts its errors in `data`: `[{ instancePath: '/name', message }]`.
      for (const e of Array.isArray(data) ? data : []) {
        if (e?.instancePath) fields[e.instancePath.slice(1).replace(/\//g, '.')] = e.message;
      }
      return { error: message, code: name, errors: flattenErrors(fields, ', ') };
    },
  });
}
