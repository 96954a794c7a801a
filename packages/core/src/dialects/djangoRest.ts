/**
 * Django REST Framework with django-filter (docs/guide/backends/django-rest.md). The query
 * assumes the view declares
 * the lookups it receives (`filterset_fields = { 'price': ['exact', 'gte', 'range'] }`):
 * django-filter silently ignores a name it has no filter for. It has no negation in the query
 * string (`exclude=True` is declared on the server), so `ne`, `nin` and `notBetween` are
 * refused rather than sent.
 */
import type { Dialect } from '../contract/dialect';
import { rejectUnknownKeys } from '../checks';
import { queryText } from '../query/params';
import type { QueryEntry } from '../query/serializer';
import { encodeQueryComponent as enc, flattenErrors } from './shared';
import { restProvider } from './restProvider';

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
type Filter = QueryEntry & { kind: 'filter' };

const NAME = 'Django REST Framework';
// A `like` pattern a lookup can hold: `%` only at the ends, no `_`; `\` escapes.
const LIKE = /^(%*)((?:\\.|[^%_\\]|\\$)*)(%*)$/s;

// A value's text (`null` as empty); a list's items joined by `,`.
const text = (value: unknown): string =>
  Array.isArray(value) ? value.map(text).join(',') : queryText(value ?? '');

/**
 * The lookup and text of a `like`/`ilike` pattern: `%x%` contains, `%x` ends with, `x%` starts
 * with, no `%` equals (`iexact`, or the plain field for `like`). `undefined` when no lookup
 * holds the pattern (an inner wildcard).
 */
function patternLookup(operator: string, pattern: string): [string, string] | undefined {
  const match = LIKE.exec(pattern);
  if (!match) return undefined;
  const [, lead, body, trail] = match as string[];
  const literal = body!.replace(/\\(.)/gs, '$1');
  const i = operator === 'ilike' ? 'i' : '';
  if (lead && trail) return [`${i}contains`, literal];
  if (lead) return [`${i}endswith`, literal];
  if (trail) return [`${i}startswith`, literal];
  return [i && 'iexact', literal];
}

/** `[name, value]` of a filter, or what cannot be sent and why. */
function filterPair({ field, operator, value }: Filter): string[] | string {
  const refused = (why: string) => `operator '${operator}' (on "${field}"): ${why}`;
  if (operator === 'ne' || operator === 'nin' || operator === 'notBetween') {
    return refused('django-filter has no negation');
  }
  let lookup: string;
  let sent = value;
  if ((operator === 'eq' && value === null) || operator === 'null' || operator === 'nnull') {
    lookup = 'isnull';
    sent = operator !== 'nnull';
  } else if (operator === 'like' || operator === 'ilike') {
    const pattern = patternLookup(operator, String(value));
    if (!pattern) return refused("'%' only at the ends, no '_'");
    [lookup, sent] = pattern;
  } else if (operator === 'eq') {
    lookup = '';
  } else if (operator === 'between') {
    lookup = 'range';
  } else {
    // Other operator names are sent as the lookup: `where('released', 'year', 2024)`.
    lookup = operator.toLowerCase();
  }
  const list = operator === 'in' || operator === 'between';
  const items = (Array.isArray(sent) ? sent : [sent]).map(text);
  // django-filter ignores an empty value and splits a list on every decoded comma.
  const joined = items.join('');
  if (Array.isArray(sent) !== list || !joined || (list && joined.includes(','))) {
    return refused(`value ${JSON.stringify(sent)}`);
  }
  const name = lookup ? `${enc(field)}__${lookup}` : enc(field);
  return [name, items.map(enc).join(',')];
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
  const { trailingSlash = true, pagination, pageSizeParam = 'page_size', ...unknown } = options;
  rejectUnknownKeys(unknown, [], { where: 'options', factory: 'djangoRest' });
  const offsets = pagination === 'limitOffset';

  /** `[name, value]` of an entry, or what cannot be sent and why. */
  const wire = (e: QueryEntry, limit = 0): unknown[] | string => {
    switch (e.kind) {
      case 'filter':
        return filterPair(e);
      case 'sort':
        // `ordering` is split on commas, and a leading `-` means descending.
        if (e.fields.some(([field]) => /^-|,/.test(field))) {
          return "a sort field with a leading '-' or a ','";
        }
        return [
          'ordering',
          e.fields
            .map(([field, direction]) => (direction === 'desc' ? '-' : '') + enc(field))
            .join(','),
        ];
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

  return restProvider({
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
