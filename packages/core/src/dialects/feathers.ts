/**
 * Feathers 5 services over REST: `field[$gte]=`, `$sort[f]=-1`, `$limit`/`$skip`,
 * `{ total, limit, skip, data }`, `POST /authentication` and `Authorization: Bearer`.
 */
import type { Dialect } from '../contract/dialect';
import { rejectUnknownKeys } from '../checks';
import type { QueryEntry } from '../query/serializer';
import { flattenErrors, pair } from './shared';
import { restProvider } from './restProvider';

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

// The operators Feathers writes as `field[$op]=value`.
const OPERATORS = /^(ne|gt|gte|lt|lte|in|nin)$/;

/**
 * The dialect of Feathers 5 REST services (any database adapter; `like: true` where the
 * adapter has `$like`/`$ilike`). Partial updates use `PATCH` (its `PUT` is `update`, which
 * replaces the record). See the wire table in docs/guide/backends/feathers.md.
 *
 * @param options @default {}
 * @example
 * const api = createClient('http://localhost:3030', { dialect: feathers() });
 * api.query('/products').where('price', gte(100)).sort('price', 'desc').limit(5).toQueryString();
 * // 'price[$gte]=100&$sort[price]=-1&$limit=5'
 */
export function feathers(options: FeathersOptions = {}): Dialect & { envelope: false } {
  const { like, pageSize: size = 10, arrayLimit = 20, nulls, ...unknown } = options;
  rejectUnknownKeys(unknown, [], { where: 'options', factory: 'feathers' });
  // qs reads brackets and Feathers reads `$` names: such a field would be another query.
  const badField = (field: string) => /[[\]]|^\$/.test(field);
  // A null goes as '' (what Feathers' own client sends), which only the app's schema makes a
  // null: the text 'null' would match the string "null", or be a 400 for a number field.
  const refusedNull = (field: string, items: unknown[]) =>
    !nulls && items.some((item) => item == null)
      ? `null (on "${field}") unless the app's query schema reads '' as null; set feathers({ nulls: true }) if it does`
      : undefined;
  const text = (value: unknown) => value ?? '';
  // A list as qs reads one (`k[]=a&k[]=b`, even for one item), up to its arrayLimit.
  const list = (name: string, items: unknown[], what: string): Pairs | string => {
    if (items.length > arrayLimit) {
      return `more than ${arrayLimit} items in ${what}: its query parser (qs) reads them as an object; raise its arrayLimit and set feathers({ arrayLimit })`;
    }
    if (items.length === 0) return `an empty list in ${what}`;
    return items.map((item) => [`${name}[]`, text(item)]);
  };
  // The pairs of one entry (`page` is written by `pairs`), or what Feathers cannot express.
  const wire = (e: QueryEntry): Pairs | string => {
    switch (e.kind) {
      case 'filter': {
        const { field, operator, value } = e;
        if (badField(field)) return `the field name "${field}"`;
        let items = Array.isArray(value) ? value : [value];
        if (operator === 'null' || operator === 'nnull') items = [null];
        const nullRefused = refusedNull(field, items);
        if (nullRefused) return nullRefused;
        switch (operator) {
          case 'eq':
            return [[field, text(value)]];
          case 'null':
            return [[field, '']];
          case 'nnull':
            return [[`${field}[$ne]`, '']];
          case 'in':
          case 'nin':
            return list(`${field}[$${operator}]`, items, `operator '${operator}' (on "${field}")`);
          case 'between': {
            // No range operator, but both bounds are: min <= x AND x <= max.
            const [min, max] = value as unknown[];
            return [
              [`${field}[$gte]`, min],
              [`${field}[$lte]`, max],
            ];
          }
        }
        const likeOperator = operator === 'like' || operator === 'ilike';
        if (OPERATORS.test(operator) || (likeOperator && like)) {
          return [[`${field}[$${operator}]`, text(value)]];
        }
        return `operator '${operator}' (on "${field}")`;
      }
      case 'sort': {
        const wrong = e.fields.find(([field]) => badField(field));
        if (wrong) return `the field name "${wrong[0]}"`;
        return e.fields.map(([field, direction]) => [
          `$sort[${field}]`,
          direction === 'desc' ? -1 : 1,
        ]);
      }
      case 'search':
        return 'full-text search';
      case 'param': {
        const { key, value } = e;
        const items = Array.isArray(value) ? value : [value];
        const nullRefused = refusedNull(key, items);
        if (nullRefused) return nullRefused;
        return Array.isArray(value) ? list(key, value, `param '${key}'`) : [[key, text(value)]];
      }
      default:
        // One position: `page` becomes `$skip` too, so the later call wins.
        return [[e.kind === 'limit' ? '$limit' : '$skip', e.value]];
    }
  };
  return restProvider({
    name: 'feathers',
    options,
    query: {
      key(e) {
        // A param is one entry whatever its value; one sort entry whatever its fields.
        if (e.kind === 'param') return e.key;
        if (e.kind === 'sort') return e.kind;
        const pairs = wire(e);
        return typeof pairs === 'string' ? e.kind : pairs[0]![0];
      },
      check(e) {
        const pairs = wire(e);
        return typeof pairs === 'string' ? `feathers cannot express ${pairs}` : undefined;
      },
      pairs(e, _, entries) {
        if (e.kind !== 'page') return (wire(e) as Pairs).map(([name, value]) => pair(name, value));
        // A page is a `$skip` of whole pages; without a limit, the service's page size is sent.
        const limit = entries.find((x) => x.kind === 'limit') as { value: number } | undefined;
        if (limit) return [pair('$skip', (e.value - 1) * limit.value)];
        return [pair('$skip', (e.value - 1) * size), pair('$limit', size)];
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
      if (typeof name !== 'string' || typeof message !== 'string') return undefined;
      // A field's errors: a message, a list of them or an error object (`{ message }`).
      const fields: Record<string, unknown> = {};
      for (const field of Object.keys(errors ?? {})) {
        fields[field] = errors[field]?.message ?? errors[field];
      }
      // Schema (ajv) validation puts its errors in `data`: `[{ instancePath: '/name', message }]`.
      for (const issue of Array.isArray(data) ? data : []) {
        if (issue?.instancePath) {
          fields[issue.instancePath.slice(1).replace(/\//g, '.')] = issue.message;
        }
      }
      return { error: message, code: name, errors: flattenErrors(fields, ', ') };
    },
  });
}
