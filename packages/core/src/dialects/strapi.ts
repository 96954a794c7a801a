/**
 * The Strapi 5 dialect. Wire format from Strapi's REST API reference ("Filters",
 * "Sort & Pagination", "REST API reference", "Users & Permissions REST API", "Error handling")
 * and from how Strapi parses queries (`qs` with `arrayLimit: 100`) and builds `LIKE` patterns
 * (it does not escape `%` or `_` in values).
 */
import type { Dialect } from '../contract/dialect';
import { rejectUnknownKeys } from '../checks';
import type { QueryEntry } from '../query/serializer';
import { encodeQueryComponent, entryLabel, flattenErrors, pair, unsupported } from './shared';
import { restProvider } from './restProvider';

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
// Strapi's `qs` parser reads an indexed list longer than this (`[100]` and up) as an object.
const ARRAY_LIMIT = 100;

// Our operators Strapi has (`like` and `ilike` by the pattern, `patternFilter`); each is `$` and
// our name but for the renamed ones.
const SUPPORTED =
  /^(eq|ne|gt|gte|lt|lte|in|nin|null|nnull|between|notBetween|startsWith|endsWith|like|ilike)$/;
const RENAMED: Record<string, string> = {
  nin: '$notIn',
  nnull: '$notNull',
  notBetween: '$not][$between',
};
// Strapi wraps the value in `%` itself and passes its wildcards on: a SQL pattern maps to
// $contains (`%x%`), $startsWith (`x%`), $endsWith (`%x`) or, without wildcards, $eq.
const PATTERN = /^(%?)(.*?)(%?)$/s;
const WILDCARD = /[%_]/;

type Filter = QueryEntry & { kind: 'filter' };

/** `[a][b]` for the field `a.b` (dots reach into relations, as Strapi's deep filters). */
const brackets = (field: string) =>
  field
    .split('.')
    .map((part) => `[${part}]`)
    .join('');

/** Strapi's operator and text for a `like`/`ilike` pattern (`$containsi` for `ilike('%x%')`). */
function patternFilter(operator: string, pattern: string): [operator: string, text: string] {
  const [, lead, text, trail] = PATTERN.exec(pattern) as string[];
  let name = '$eq';
  if (lead && trail) name = '$contains';
  else if (lead) name = '$endsWith';
  else if (trail) name = '$startsWith';
  return [operator === 'ilike' ? `${name}i` : name, text!];
}

function filterPairs({ field, operator, value }: Filter): string[] {
  let op = RENAMED[operator] ?? `$${operator}`;
  let text = value;
  if (operator === 'like' || operator === 'ilike') {
    [op, text] = patternFilter(operator, value as string);
  } else if (value === null && operator === 'eq') {
    op = '$null';
    text = true;
  } else if (value === null && operator === 'ne') {
    op = '$notNull';
    text = true;
  }
  const name = `filters${brackets(field)}[${op}]`;
  // A list is indexed (`[$in][0]=a`), as Strapi's documentation writes it.
  if (Array.isArray(text)) return text.map((item, index) => pair(`${name}[${index}]`, item));
  return [pair(name, text)];
}

/**
 * Whether Strapi's LIKE would read a value's `%` or `_` otherwise than meant: as wildcards in
 * `startsWith`/`endsWith` text (meant literally), as literal text in a `like` pattern without
 * a `%` end (sent as `$eq`). A `%` end is sent as $contains and the like, wildcards as meant.
 */
function misreadWildcards(operator: string, value: unknown): boolean {
  if (typeof value !== 'string' || !WILDCARD.test(value)) return false;
  if (operator === 'startsWith' || operator === 'endsWith') return true;
  return (operator === 'like' || operator === 'ilike') && !/^%|%$/.test(value);
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
  const { search, ...unknown } = options;
  rejectUnknownKeys(unknown, [], { where: 'options', factory: 'strapi' });
  return restProvider({
    name: NAME,
    options,
    query: {
      key(e) {
        switch (e.kind) {
          case 'filter':
            return `${e.field}.${e.operator}`;
          case 'param':
            return e.key;
          case 'offset':
            // Page and offset pagination cannot be mixed: page() and offset() replace each other.
            return 'page';
          default:
            return e.kind;
        }
      },
      pairs(e, _, entries) {
        switch (e.kind) {
          case 'filter':
            return filterPairs(e);
          case 'search':
            return (search ?? []).map((field, index) =>
              pair(`filters[$or][${index}]${brackets(field)}[$containsi]`, e.value),
            );
          case 'sort':
            return e.fields.map(
              ([field, direction], index) =>
                `sort[${index}]=${encodeQueryComponent(field)}:${direction}`,
            );
          case 'param':
            return pair(e.key, e.value);
          case 'page':
            return `pagination[page]=${e.value}`;
          case 'offset':
            return `pagination[start]=${e.value}`;
          default: {
            // The page size is `limit` next to an offset, `pageSize` next to a page.
            const size = entries.some((x) => x.kind === 'offset') ? 'limit' : 'pageSize';
            return `pagination[${size}]=${e.value}`;
          }
        }
      },
      check(e) {
        if (e.kind === 'search' && !search?.length) {
          return unsupported(NAME, 'search: set strapi({ search: [fields] })');
        }
        if (e.kind !== 'filter') return undefined;
        if (!SUPPORTED.test(e.operator)) return unsupported(NAME, entryLabel(e));
        if (Array.isArray(e.value) && e.value.length > ARRAY_LIMIT) {
          return unsupported(NAME, `more than ${ARRAY_LIMIT} values in ${entryLabel(e)}`);
        }
        if (misreadWildcards(e.operator, e.value)) {
          return unsupported(NAME, `the pattern ${JSON.stringify(e.value)} of ${entryLabel(e)}`);
        }
        return undefined;
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
      // `details.errors`: `[{ path: ['address', 'city'], message }]`, one per failed rule; a
      // field shows its first message.
      const messages: Record<string, string[]> = Object.create(null);
      for (const issue of error.details?.errors ?? []) {
        const field = issue?.path?.join?.('.');
        if (!field || issue.message == null) continue;
        messages[field] ??= [];
        messages[field].push(String(issue.message));
      }
      return { error: error.message, code: error.name, errors: flattenErrors(messages) };
    },
  });
}
