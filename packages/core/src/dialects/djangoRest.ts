/**
 * Django REST Framework with django-filter (core README, "Django REST Framework"). The query
 * assumes the view declares
 * the lookups it receives (`filterset_fields = { 'price': ['exact', 'gte', 'range'] }`):
 * django-filter silently ignores a name it has no filter for. It has no negation in the query
 * string (`exclude=True` is declared on the server), so `ne`, `nin` and `notBetween` are
 * refused rather than sent.
 */
import type { Dialect } from '../contract/dialect';
import type { QueryEntry } from '../query/serializer';
import { encodeQueryComponent as enc, flattenErrors } from './shared';
import { builtIn } from './restProvider';

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

// Builder values are validated already: Dates and lists are the only ones to shape.
const text = (x: unknown): string =>
  Array.isArray(x) ? x.map(text).join() : x instanceof Date ? x.toISOString() : String(x ?? '');

/** `[name, value]` of a filter, or what cannot be sent and why. */
function filterPair({ field, operator: op, value: v }: Obj): string[] | string {
  const no = (why: string) => `operator '${op}' (on "${field}"): ${why}`;
  if (/^(ne|nin|notBetween)$/.test(op)) return no('django-filter has no negation');
  // Other operator names are sent as the lookup: `where('released', 'year', 2024)`.
  let lookup = op === 'eq' ? '' : op === 'between' ? 'range' : op.toLowerCase();
  if (op === 'eq' ? v === null : /^n?null$/.test(op)) {
    lookup = 'isnull';
    v = op !== 'nnull';
  }
  if (/^i?like$/.test(op)) {
    const m = LIKE.exec(v);
    if (!m) return no("'%' only at the ends, no '_'");
    const i = op[0] === 'i' ? 'i' : '';
    lookup = m[1] ? (m[3] ? 'contains' : 'endswith') : m[3] ? 'startswith' : i && 'exact';
    lookup &&= i + lookup;
    v = (m[2] as string).replace(/\\(.)/gs, '$1');
  }
  const list = op === 'in' || op === 'between';
  const items: string[] = (list ? v : [v]).map(text);
  // django-filter ignores an empty value and splits a list on every decoded comma.
  if (Array.isArray(v) !== list || !items.join('') || (list && /,/.test(items.join('')))) {
    return no(`value ${JSON.stringify(v)}`);
  }
  return [enc(field) + (lookup && `__${lookup}`), items.map(enc).join()];
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
export function djangoRest(options: DjangoRestOptions = {}): Dialect & { envelope: false } {
  const { trailingSlash = true, pagination, pageSizeParam = 'page_size' } = options;
  const offsets = pagination === 'limitOffset';

  /** `[name, value]` of an entry, or what cannot be sent and why. */
  const wire = (e: QueryEntry, limit = 0): unknown[] | string => {
    switch (e.kind) {
      case 'filter':
        return filterPair(e);
      case 'sort':
        // `ordering` is split on commas, and a leading `-` means descending.
        return e.fields.some(([f]) => /^-|,/.test(f))
          ? "a sort field with a leading '-' or a ','"
          : ['ordering', e.fields.map(([f, d]) => (d === 'desc' ? '-' : '') + enc(f)).join()];
      case 'search':
        return ['search', enc(e.value)];
      case 'param':
        return [enc(e.key), enc(text(e.value))];
      case 'limit':
        return [offsets ? 'limit' : pageSizeParam, e.value];
      case 'offset':
        return offsets ? ['offset', e.value] : 'offset: use page()';
      default:
        return offsets ? ['offset', (e.value - 1) * limit] : ['page', e.value];
    }
  };
  const refusal = (e: QueryEntry): string | undefined => {
    const w = wire(e);
    if (typeof w === 'string') return `${NAME} cannot express ${w}`;
  };

  return builtIn({
    name: NAME,
    options,
    query: {
      // A refused entry keeps a name of its own, so it replaces no other entry.
      key: (e) => String(refusal(e) ? `${e.kind}[]` : (wire(e) as unknown[])[0]),
      check: refusal,
      // The builder's path ends with `/` like the services' (DRF's router 404s without it).
      ...(trailingSlash && {
        path: (endpoint: string) => endpoint.replace(/^([^?#]*?)\/?(?=[?#]|$)/, '$1/'),
      }),
      pairs(e, _, entries) {
        const why = refusal(e);
        if (why) throw new TypeError(why);
        const limit = (entries.find((x) => x.kind === 'limit') as Obj | undefined)?.value;
        if (e.kind === 'page' && offsets && e.value > 1 && !limit) {
          throw new TypeError(`${NAME}: page() needs limit()`);
        }
        return (wire(e, limit) as unknown[]).join('=');
      },
    },
    list(response, requested) {
      const body: Obj = response.data ?? {};
      const rows = Array.isArray(body) ? body : (body.results ?? []);
      const n = rows.length;
      const count = Array.isArray(body) ? n : body.count;
      const next = body.next ?? null;
      const page = next || count > n ? (requested.page ?? 1) : 1;
      return {
        data: rows,
        total: count >= 0 ? count : undefined,
        next: next !== null,
        // The page size the backend used: a page with a next one is full, and so was every
        // page before the last.
        limit: next ? n : page > 1 && !offsets ? (count - n) / (page - 1) : (requested.limit ?? n),
        // An offset's page is counted from it (listPage does).
        ...(!(offsets && requested.offset! >= 0) && { page }),
      };
    },
    records: {
      path: (_op, endpoint, id) =>
        `${endpoint}${id === undefined ? '' : `/${id}`}${trailingSlash ? '/' : ''}`,
    },
    auth: {
      paths: { login: '/api-token-auth/' },
      loginBody: (c) => ({ username: c.userName ?? c.email, password: c.password }),
      // DRF's obtain-token view answers `{ token }` only; a custom one may add the user.
      login: (data: Obj | undefined, read) => {
        const { token, user, ...rest } = data ?? {};
        return read({ token, user: user ?? { id: rest.user_id, ...rest } });
      },
    },
    session: { header: 'Authorization', scheme: 'Token' },
    errors(body: any) {
      if (!body || typeof body !== 'object') return undefined;
      // `detail` and `non_field_errors` are messages about no field: the general one, under ''.
      const { detail, non_field_errors, ...fields } = body;
      const { '': general, ...errors } =
        flattenErrors(
          Array.isArray(body) ? body : { '': detail ?? non_field_errors, ...fields },
          ' ',
        ) ?? {};
      const [first] = Object.entries(errors);
      return { error: general ?? first?.join(': '), ...(first && { errors }) };
    },
  });
}
