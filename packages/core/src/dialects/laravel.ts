/**
 * The Laravel dialect: spatie/laravel-query-builder for filters and sorts, Laravel's
 * paginator (plain or through API resources) for lists, Sanctum tokens for auth. Wire format
 * from spatie's "Filtering"/"Sorting" docs and Laravel's "Pagination", "Eloquent: API
 * Resources", "Validation" and "Sanctum" docs.
 */
import type { Dialect } from '../contract/dialect';
import type { QueryEntry } from '../query/serializer';
import { encodeQueryComponent as enc, encodeValue, flattenErrors, unsupported } from './shared';
import { builtIn } from './restProvider';

/**
 * How a field is registered in spatie's `allowedFilters()`, which decides what
 * `filter[field]=value` means on the server (the client cannot see it):
 * - `exact`: `AllowedFilter::exact` (`=`, or `IN` for a list): `eq`, `in`;
 * - `partial`: a plain name or `AllowedFilter::partial` (`LOWER(f) LIKE %value%`): `ilike('%x%')`;
 * - `beginsWith` / `endsWith`: `AllowedFilter::beginsWith|endsWith`: `startsWith`, `endsWith`;
 * - `operator`: `AllowedFilter::operator(f, FilterOperator::DYNAMIC)` (`>=10`, `<>3`):
 *   `eq`, `ne`, `gt`, `gte`, `lt`, `lte`, `between`.
 */
export type LaravelFilter = 'exact' | 'partial' | 'beginsWith' | 'endsWith' | 'operator';

/** Options of `laravel()`. */
export interface LaravelOptions {
  /**
   * How each filterable field is registered on the server; unlisted fields are `exact`.
   * @default {}
   */
  filters?: Readonly<Record<string, LaravelFilter>>;
  /**
   * The name of a filter (a scope or callback filter) that takes `search(text)` as
   * `filter[<name>]=text`. Without it, search text is an error.
   * @default none
   */
  search?: string;
}

type Filter = QueryEntry & { kind: 'filter' };

const NAME = 'Laravel';
const label = (e: QueryEntry) =>
  e.kind === 'filter'
    ? `operator '${e.operator}' (on "${e.field}")`
    : e.kind === 'param'
      ? `param "${e.key}"`
      : 'search';
const MODES: Record<LaravelFilter, string> = {
  exact: 'eq in',
  partial: 'ilike',
  beginsWith: 'startsWith',
  endsWith: 'endsWith',
  operator: 'eq ne gt gte lt lte between',
};
// FilterOperator::DYNAMIC reads the operator in front of the value.
const PREFIX: Record<string, string> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

/**
 * A dialect for Laravel with spatie/laravel-query-builder: `filter[name]=x`, `filter[id]=1,2`,
 * `filter[price]=>=10` (operator filters), `sort=-price,name`, `page` and `per_page`, the
 * paginator's `{ data, total, ... }` or the resource's `{ data, links, meta }`, `PATCH` to
 * update, 422 `{ message, errors }`, Sanctum's `Authorization: Bearer`. Login is
 * `POST /login` -> `{ token, user }` and the user is `GET /user` (change them with the auth
 * service's `paths`).
 *
 * @example
 * const api = createClient('https://shop.test/api', {
 *   dialect: laravel({ filters: { name: 'partial', price: 'operator' } }),
 * });
 * await api.query('/products').where('name', ilike('%desk%')).where('price', gte(10)).get();
 * // GET /api/products?filter[name]=desk&filter[price]=%3E%3D10
 */
export function laravel(options: LaravelOptions = {}): Dialect & { envelope: false } {
  const { filters = {}, search } = options;
  const mode = (field: string): LaravelFilter =>
    Object.hasOwn(filters, field) ? (filters[field] as LaravelFilter) : 'exact';
  // The decoded value of one filter entry: comma-separated items (spatie splits on `,`).
  const texts = ({ field, operator, value }: Filter): string[] => {
    const list = ([] as unknown[]).concat(value).map((v) => decodeURIComponent(encodeValue(v)));
    if (operator === 'between') return [`>=${list[0]}`, `<=${list[1]}`];
    if (mode(field) === 'operator') return [`${PREFIX[operator]}${list[0]}`];
    // `%x%` -> x (partial), literal prefix or suffix as is.
    return operator === 'ilike' ? [list[0]!.slice(1, -1)] : list;
  };
  return builtIn({
    name: NAME,
    options,
    query: {
      // One `filter[f]` per field, except operator filters, whose conditions are ANDed.
      key: (e) =>
        e.kind === 'filter'
          ? `filter[${e.field}]${mode(e.field) === 'operator' ? e.operator : ''}`
          : e.kind === 'param'
            ? e.key
            : e.kind,
      pairs(e, _, entries) {
        // A field's filters are one pair, its values joined (`filter[id]=1,2`): the first
        // writes them all.
        const same = entries.filter(
          (x): x is Filter => x.kind === 'filter' && x.field === (e as Filter).field,
        );
        if (e.kind === 'filter' && same[0] !== e) return [];
        const [name, value] =
          e.kind === 'filter'
            ? [
                `filter[${e.field}]`,
                same
                  .flatMap(texts)
                  .map((x) => enc(x))
                  .join(','),
              ]
            : e.kind === 'search'
              ? [`filter[${search}]`, enc(e.value)]
              : e.kind === 'sort'
                ? ['sort', e.fields.map(([f, d]) => (d === 'desc' ? '-' : '') + enc(f)).join(',')]
                : e.kind === 'param'
                  ? [e.key, ([] as unknown[]).concat(e.value).map(encodeValue).join(',')]
                  : [e.kind === 'limit' ? 'per_page' : e.kind, String(e.value)];
        return `${enc(name).replace(/%5B|%5D/g, decodeURIComponent)}=${value}`;
      },
      check(e) {
        if (e.kind === 'offset') return unsupported(NAME, 'offset (the paginator counts pages)');
        if (e.kind === 'search' && !search)
          return unsupported(NAME, 'search: set laravel({ search: filterName })');
        if (e.kind === 'sort') {
          return e.fields.some(([f]) => f.includes(','))
            ? unsupported(NAME, 'a sort field holding a comma')
            : undefined;
        }
        if (e.kind !== 'filter' && e.kind !== 'search' && e.kind !== 'param') return undefined;
        const values = ([] as unknown[]).concat(e.value);
        // The TrimStrings middleware trims every query value: the server would read another one.
        if (values.some((v) => typeof v === 'string' && /^\s|\s$/.test(v))) {
          return unsupported(
            NAME,
            `a value with leading or trailing whitespace in ${label(e)}: its TrimStrings middleware trims it`,
          );
        }
        if (e.kind === 'param') return undefined;
        if (e.kind === 'filter') {
          const m = mode(e.field);
          if (!MODES[m].split(' ').includes(e.operator)) {
            return unsupported(NAME, `${label(e)} on a filter registered as '${m}'`);
          }
          // `%x%` only; `>` + `=5` would read as `>=5`.
          if (
            e.operator === 'ilike'
              ? !/^%[^%_]+%$/.test(String(e.value))
              : /^(gt|lt)$/.test(e.operator) && /^[=>]/.test(String(e.value))
          ) {
            return unsupported(NAME, `the value ${JSON.stringify(e.value)} of ${label(e)}`);
          }
        }
        // spatie splits values on `,`; it skips empty ones and has no null.
        return values.some(
          (v) => v === null || v === '' || /,/.test(decodeURIComponent(encodeValue(v))),
        )
          ? unsupported(NAME, `an empty, null or comma-holding value in ${label(e)}`)
          : undefined;
      },
    },
    list(response) {
      const body = response.data as Record<string, any>;
      const meta = body?.meta ?? body ?? {};
      // The resource's `links` is an object; the plain paginator's is an array of buttons.
      const links = body?.links;
      const next = links && !Array.isArray(links) ? links.next : meta.next_page_url;
      const number = (x: unknown) => (x == null || Number.isNaN(Number(x)) ? undefined : Number(x));
      return {
        data: Array.isArray(body) ? body : Array.isArray(body?.data) ? body.data : [],
        total: number(meta.total),
        page: number(meta.current_page),
        limit: number(meta.per_page),
        next: next === undefined ? undefined : next !== null,
      };
    },
    records: {
      // An API resource wraps one record in `{ data }`; a model has its own keys (and an id).
      unwrap: (_operation, body) => {
        const b = body as { data?: unknown; id?: unknown } | null;
        return b && typeof b.data === 'object' && b.data !== null && !('id' in b) ? b.data : body;
      },
    },
    auth: { paths: { login: '/login', logout: '/logout', me: '/user', validation: '/user' } },
    session: { header: 'Authorization', scheme: 'Bearer' },
    errors(body) {
      const list = (body as { errors?: Record<string, unknown> } | null)?.errors;
      if (typeof list !== 'object' || list === null) return undefined;
      // `{ field: [messages] }`: the first message per field, as Laravel's own `message`.
      return { errors: flattenErrors(list) };
    },
  });
}
