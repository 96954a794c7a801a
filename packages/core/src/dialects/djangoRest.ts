/**
 * Django REST Framework with django-filter (DESIGN §6). The query assumes the view declares
 * the lookups it receives (`filterset_fields = { 'price': ['exact', 'gte', 'range'] }`):
 * django-filter silently ignores a name it has no filter for. It has no negation in the query
 * string (`exclude=True` is declared on the server), so `ne`, `nin` and `notBetween` are
 * refused rather than sent.
 */
import type { Dialect } from '../dialect';
import { serializeValue } from '../params';
import { encodeQueryComponent as enc, type QueryEntry } from '../query/serializer';
import { readUser, type User } from '../services/authService';
import { restPath } from './shared';

/** Options of `djangoRest`. */
export interface DjangoRestOptions {
  /**
   * Whether paths end with `/`, as DRF's routers make them (`/products/`, `/products/7/`).
   * `false` for `SimpleRouter(trailing_slash=False)`.
   * @default true
   */
  trailingSlash?: boolean;
  /**
   * The view's pagination class: `'page'` for `PageNumberPagination` (`page`, `page_size`),
   * `'limitOffset'` for `LimitOffsetPagination` (`limit`, `offset`; a page becomes an offset).
   * @default 'page'
   */
  pagination?: 'page' | 'limitOffset';
  /**
   * `page_size_query_param` of the backend's `PageNumberPagination`. DRF's own default is
   * `None`, which ignores any page size the client asks for.
   * @default 'page_size'
   */
  pageSizeParam?: string;
}

type Obj = Record<string, any>;

const NAME = 'Django REST Framework';
// A `like` pattern a lookup can hold: `%` only at the ends, no `_`; `\` escapes.
const LIKE = /^(%*)((?:\\.|[^%_\\]|\\$)*)(%*)$/s;

const text = (x: unknown): string => serializeValue(x) ?? '';

/** `[name, value]` of a filter, or why it cannot be sent. */
function filterPair({ field, operator: op, value: v }: Obj): string[] | string {
  if (/^(ne|nin|notBetween)$/.test(op)) return 'django-filter has no negation';
  // Other operator names are sent as the lookup: `where('released', 'year', 2024)`.
  let lookup = op === 'eq' ? '' : op === 'between' ? 'range' : op.toLowerCase();
  if (op === 'eq' ? v === null : /^n?null$/.test(op)) {
    lookup = 'isnull';
    v = op !== 'nnull';
  }
  if (/^i?like$/.test(op)) {
    const m = LIKE.exec(v);
    if (!m) return "'%' only at the ends, no '_'";
    const i = op[0] === 'i' ? 'i' : '';
    lookup = m[1] ? (m[3] ? 'contains' : 'endswith') : m[3] ? 'startswith' : i && 'exact';
    lookup &&= i + lookup;
    v = (m[2] as string).replace(/\\(.)/gs, '$1');
  }
  const list = op === 'in' || op === 'between';
  const items: string[] = (list ? v : [v]).map(text);
  // django-filter ignores an empty value and splits a list on every decoded comma.
  if (Array.isArray(v) !== list || !items.join('') || (list && /,/.test(items.join('')))) {
    return `value ${JSON.stringify(v)}`;
  }
  return [enc(field) + (lookup && `__${lookup}`), items.map(enc).join()];
}

/** DRF's error detail flattened: `{ a: { b: ['m'] } }` -> `{ 'a.b': 'm' }`. */
function flatten(v: unknown, key: string, out: Record<string, string>): void {
  if (Array.isArray(v) && v.every((m) => typeof m === 'string')) out[key] = v.join(' ');
  else if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v)) flatten(x, key ? `${key}.${k}` : k, out);
  } else out[key] = String(v);
}

/**
 * The dialect of Django REST Framework + django-filter: `price__gte=10`,
 * `name__icontains=desk`, `price__range=1,5`, `stock__isnull=true`, `ordering=-price,name`,
 * `search=`, `page`/`page_size` or `limit`/`offset`, `{ count, next, previous, results }`
 * lists, `PATCH` updates, token login (`{ username, password }` -> `{ token }`, then
 * `Authorization: Token <key>`), `{ field: [..] }` and `{ detail }` errors.
 *
 * @example
 * const api = createClient('https://shop.example/api', { dialect: djangoRest() });
 * await api.query('/products/').where('price', between(1, 5)).sort('price', 'desc').get();
 * // GET /api/products/?price__range=1,5&ordering=-price
 */
export function djangoRest(options: DjangoRestOptions = {}): Dialect {
  const { trailingSlash = true, pagination, pageSizeParam = 'page_size' } = options;
  const offsets = pagination === 'limitOffset';

  const names: Obj = {
    search: 'search',
    sort: 'ordering',
    limit: offsets ? 'limit' : pageSizeParam,
    page: offsets ? 'offset' : 'page',
    offset: 'offset',
  };
  const key = (e: QueryEntry): string => {
    const pair = e.kind === 'filter' && filterPair(e);
    // A refused filter keeps a name of its own, so it replaces no other entry.
    if (pair) return typeof pair === 'string' ? `${(e as Obj).field}[]` : (pair[0] as string);
    return e.kind === 'param' ? e.key : names[e.kind];
  };
  const refusal = (e: QueryEntry): string | undefined => {
    const why = e.kind === 'filter' && filterPair(e);
    if (typeof why === 'string')
      return `${NAME} cannot express operator '${(e as Obj).operator}' (on "${(e as Obj).field}"): ${why}`;
    if (e.kind === 'offset' && !offsets) return `${NAME} cannot express offset: use page()`;
    // `ordering` is split on commas and a leading `-` means descending.
    if (e.kind === 'sort' && e.fields.some(([f]) => /^-|,/.test(f))) {
      return `${NAME} cannot express sort fields starting with '-' or holding ','`;
    }
  };

  return {
    name: NAME,
    envelope: false,
    query: {
      key,
      check: refusal,
      serialize(entries) {
        const limit = (entries.find((e) => e.kind === 'limit') as Obj | undefined)?.value;
        return entries
          .map((e) => {
            const why = refusal(e);
            if (why) throw new TypeError(why);
            if (e.kind === 'filter') return (filterPair(e) as string[]).join('=');
            if (e.kind === 'sort') {
              return `ordering=${e.fields.map(([f, d]) => (d === 'desc' ? '-' : '') + enc(f))}`;
            }
            let v: any = e.value;
            if (e.kind === 'page' && offsets) {
              if (v > 1 && !limit) throw new TypeError(`${NAME}: page() needs limit()`);
              v = (v - 1) * (limit ?? 0);
            }
            return `${enc(key(e))}=${enc(text(v))}`;
          })
          .join('&');
      },
    },
    list(response, requested) {
      const body: Obj = response.data ?? {};
      const rows = Array.isArray(body) ? body : (body.results ?? []);
      const n = rows.length;
      const count = Array.isArray(body) ? n : body.count;
      const next = body.next ?? null;
      let page = next || count > n ? (requested.page ?? 1) : 1;
      // The page size the backend used: a page with a next one is full, and so was every
      // page before the last.
      const limit = next
        ? n
        : page > 1 && !offsets
          ? (count - n) / (page - 1)
          : (requested.limit ?? n);
      if (offsets && requested.offset! >= 0) page = Math.floor(requested.offset! / limit) + 1;
      return {
        data: rows,
        meta: { page, limit, ...(count >= 0 && { total: count }), hasMore: next !== null },
      };
    },
    records: {
      updateMethod: 'PATCH',
      path: (op, endpoint, id) => restPath(op, endpoint, id) + (trailingSlash ? '/' : ''),
    },
    auth: {
      paths: { login: '/api-token-auth/' },
      loginBody: (c) => ({ username: c.userName ?? c.email, password: c.password }),
      login(data: Obj | undefined) {
        const { token, user, ...rest } = data ?? {};
        // DRF's obtain-token view answers `{ token }` only; a custom one may add the user.
        if (typeof token === 'string') {
          return {
            sessionId: token,
            user: readUser(user ?? { id: rest.user_id, ...rest }) as User,
          };
        }
      },
    },
    session: { header: 'Authorization', scheme: 'Token' },
    errors(body: Obj) {
      if (!body || typeof body !== 'object') return undefined;
      if (typeof body.detail === 'string') return { error: body.detail };
      const errors: Record<string, string> = {};
      flatten(body, '', errors);
      // `non_field_errors`, or a bare list of messages (a `ValidationError` raised in a view).
      const general = errors.non_field_errors ?? errors[''];
      delete errors.non_field_errors;
      delete errors[''];
      const [first] = Object.entries(errors);
      return { error: general ?? first?.join(': '), errors };
    },
  };
}
