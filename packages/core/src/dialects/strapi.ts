/**
 * The Strapi 5 dialect. Wire format from Strapi's REST API reference ("Filters",
 * "Sort & Pagination", "REST API reference", "Users & Permissions REST API", "Error handling")
 * and from how Strapi parses queries (`qs` with `arrayLimit: 100`) and builds `LIKE` patterns
 * (it does not escape `%` or `_` in values).
 */
import type { Dialect } from '../contract/dialect';
import type { QueryEntry } from '../query/serializer';
import { encodeQueryComponent as enc, pair, unsupported } from './shared';
import { builtIn } from './restProvider';

/** Options of `strapi()`. */
export interface StrapiOptions {
  /**
   * Fields that `search(text)` matches, each with `$containsi`, joined by `$or`. Without it,
   * search text is an error: Strapi 5's REST API has no full-text search.
   * @default none
   */
  search?: readonly string[];
}

const NAME = 'Strapi 5';
// Strapi's operator names, `$` + ours for most (`like`/`ilike` are completed from the pattern).
const OPS: Record<string, string> = {
  nin: '$notIn',
  nnull: '$notNull',
  notBetween: '$not][$between',
  like: '',
  ilike: 'i',
};
for (const op of 'eq ne gt gte lt lte in null between startsWith endsWith'.split(' ')) {
  OPS[op] = `$${op}`;
}
// Strapi wraps the value in `%` itself and passes its wildcards on: a SQL pattern maps to
// $contains (`%x%`), $startsWith (`x%`), $endsWith (`%x`) or, without wildcards, $eq.
const PATTERN = /^(%?)(.*?)(%?)$/s;
const WILDCARD = /[%_]/;

const label = (e: { operator: string; field: string }) =>
  `operator '${e.operator}' (on "${e.field}")`;

/** `filters[a][b]` for the field `a.b` (dots reach into relations, as Strapi's deep filters). */
const path = (field: string) => `filters[${field.split('.').join('][')}]`;

function filterPairs({ field, operator, value }: QueryEntry & { kind: 'filter' }): string[] {
  let op = OPS[operator] as string;
  let text = value;
  if (operator === 'like' || operator === 'ilike') {
    const [, lead, middle, trail] = PATTERN.exec(value as string) as string[];
    text = middle;
    op = `$${lead ? (trail ? 'contains' : 'endsWith') : trail ? 'startsWith' : 'eq'}${op}`;
  } else if (value === null && /^(eq|ne)$/.test(operator)) {
    op = operator === 'eq' ? '$null' : '$notNull';
    text = true;
  }
  const name = `${path(field)}[${op}]`;
  return Array.isArray(text) ? text.map((v, i) => pair(`${name}[${i}]`, v)) : [pair(name, text)];
}

/**
 * A dialect for Strapi 5: `filters[price][$gte]=10`, `filters[f][$in][0]=a`,
 * `filters[name][$containsi]=x`, `sort[0]=price:desc`, `pagination[page]` and
 * `pagination[pageSize]` (`pagination[start]`/`[limit]` for offsets), `{ data, meta }` bodies,
 * records by `documentId` with `{ data }` bodies both ways, `PUT` (a partial update in Strapi
 * 5), `POST /auth/local { identifier, password }` -> `{ jwt, user }`, `Authorization: Bearer`.
 * The client's base URL ends in `/api`.
 *
 * @example
 * const api = createClient('http://localhost:1337/api', { dialect: strapi({ search: ['name'] }) });
 * await api.query('/products').where('price', gte(10)).sort('price', 'desc').page(2).get();
 * // GET /api/products?filters[price][$gte]=10&sort[0]=price:desc&pagination[page]=2
 */
export function strapi(options: StrapiOptions = {}): Dialect & { envelope: false } {
  const { search } = options;
  return builtIn({
    name: NAME,
    options,
    query: {
      // Page and offset pagination cannot be mixed: page() and offset() replace each other.
      key: (e) =>
        e.kind === 'filter'
          ? `${e.field}.${e.operator}`
          : e.kind === 'param'
            ? e.key
            : e.kind === 'offset'
              ? 'page'
              : e.kind,
      pairs(e, _, entries) {
        switch (e.kind) {
          case 'filter':
            return filterPairs(e);
          case 'search':
            return (search ?? []).map((f, i) =>
              pair(`filters[$or][${i}]${path(f).slice(7)}[$containsi]`, e.value),
            );
          case 'sort':
            return e.fields.map(([f, d], i) => `sort[${i}]=${enc(f)}:${d}`);
          case 'param':
            return pair(e.key, e.value);
          default:
            return `pagination[${
              e.kind === 'limit'
                ? entries.some((x) => x.kind === 'offset')
                  ? 'limit'
                  : 'pageSize'
                : e.kind === 'page'
                  ? 'page'
                  : 'start'
            }]=${e.value}`;
        }
      },
      check(e) {
        if (e.kind === 'search') {
          return search?.length
            ? undefined
            : unsupported(NAME, 'search: set strapi({ search: [fields] })');
        }
        if (e.kind !== 'filter') return undefined;
        const { operator, value } = e;
        if (!Object.hasOwn(OPS, operator)) return unsupported(NAME, label(e));
        // qs (arrayLimit 100) reads a longer indexed list (`[100]` and up) as an object.
        if (Array.isArray(value) && value.length > 100) {
          return unsupported(NAME, `more than 100 values in ${label(e)}`);
        }
        // Strapi's LIKE keeps `%`/`_` as wildcards: right in a `like` pattern with a `%` end,
        // wrong in startsWith/endsWith text and in a `like` sent as $eq (no `%` end).
        return (/With/.test(operator) ||
          (/like/.test(operator) && !/^%|%$/.test(value as string))) &&
          WILDCARD.test(value as string)
          ? unsupported(NAME, `the pattern ${JSON.stringify(value)} of ${label(e)}`)
          : undefined;
      },
    },
    list(response) {
      const body = response.data as {
        data?: unknown;
        meta?: { pagination?: Record<string, number> };
      };
      const p = body?.meta?.pagination ?? {};
      return {
        data: (Array.isArray(body) ? body : Array.isArray(body?.data) ? body.data : []) as never[],
        total: p.total,
        page: p.page,
        limit: p.pageSize ?? p.limit,
        offset: p.start,
      };
    },
    records: {
      updateMethod: 'PUT',
      wrap: (_operation, data) => ({ data }),
      unwrap: (_operation, body) => (body as { data?: unknown } | null)?.data ?? body,
    },
    auth: {
      paths: {
        login: '/auth/local',
        logout: '/auth/logout',
        register: '/auth/local/register',
        passwordForgot: '/auth/forgot-password',
        passwordReset: '/auth/reset-password',
        passwordChange: '/auth/change-password',
        me: '/users/me',
        validation: '/users/me',
      },
      loginBody: (c) => ({ identifier: c.email ?? c.userName, password: c.password }),
      // cms/features/users-permissions/rest-api: register, forgot, reset and change password.
      // Users & Permissions has no second factor.
      account: {
        register: ({ userName, email, ...rest }) => ({
          username: userName ?? email,
          email,
          ...rest,
        }),
        passwordReset: ({ token, password }) => ({
          code: token,
          password,
          passwordConfirmation: password,
        }),
        passwordChange: ({ oldPassword, newPassword }) => ({
          currentPassword: oldPassword,
          password: newPassword,
          passwordConfirmation: newPassword,
        }),
        twoFactorVerify: null,
        twoFactorSetup: null,
        twoFactorEnable: null,
        twoFactorDisable: null,
      },
    },
    session: { header: 'Authorization', scheme: 'Bearer' },
    errors(body) {
      const error = (body as { error?: Record<string, any> } | null)?.error;
      if (typeof error !== 'object' || error === null) return undefined;
      // `[{ path: ['address', 'city'], message }]`; the first message of a path wins.
      let errors: Record<string, string> | undefined;
      for (const i of error.details?.errors ?? []) {
        const k = i?.path?.join?.('.');
        if (k && i.message != null) {
          errors ??= {};
          errors[k] ??= String(i.message);
        }
      }
      return { error: error.message, code: error.name, errors };
    },
  });
}
