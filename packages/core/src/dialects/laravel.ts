/**
 * The Laravel dialect: spatie/laravel-query-builder for filters and sorts, Laravel's
 * paginator (plain or through API resources) for lists, Sanctum tokens for auth. Wire format
 * from spatie's "Filtering"/"Sorting" docs and Laravel's "Pagination", "Eloquent: API
 * Resources", "Validation" and "Sanctum" docs.
 */
import type { Dialect } from '../contract/dialect';
import { rejectUnknownKeys } from '../checks';
import { queryText } from '../query/params';
import type { QueryEntry } from '../query/serializer';
import {
  encodeQueryComponent as enc,
  encodeValue,
  entryLabel,
  flattenErrors,
  unsupported,
} from './shared';
import { restProvider } from './restProvider';

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
// The operators each kind of filter takes.
const MODES: Record<LaravelFilter, readonly string[]> = {
  exact: ['eq', 'in'],
  partial: ['ilike'],
  beginsWith: ['startsWith'],
  endsWith: ['endsWith'],
  operator: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between'],
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

const valuesOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** How this dialect's messages name an entry (`operator 'gte' (on "price")`, `search`). */
const label = (e: QueryEntry) => (e.kind === 'search' ? 'search' : entryLabel(e));

/**
 * Whether a filter value reads as meant: an `ilike` is `%x%` only (a partial filter), and a
 * `gt`/`lt` value must not start with `=` or `>` (`>` + `=5` would read as `>=5`).
 */
function valueFitsFilter(operator: string, value: string): boolean {
  if (operator === 'ilike') return /^%[^%_]+%$/.test(value);
  if (operator === 'gt' || operator === 'lt') return !/^[=>]/.test(value);
  return true;
}

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
  const { filters = {}, search, ...unknown } = options;
  rejectUnknownKeys(unknown, [], { where: 'options', factory: 'laravel' });
  const mode = (field: string): LaravelFilter =>
    Object.hasOwn(filters, field) ? (filters[field] as LaravelFilter) : 'exact';
  // The texts of one filter entry, before encoding: spatie splits a value on `,`.
  const texts = ({ field, operator, value }: Filter): string[] => {
    const items = valuesOf(value).map(queryText);
    if (operator === 'between') return [`>=${items[0]}`, `<=${items[1]}`];
    if (mode(field) === 'operator') return [`${PREFIX[operator]}${items[0]}`];
    // `%x%` -> x (partial), a literal prefix or suffix as is.
    if (operator === 'ilike') return [items[0]!.slice(1, -1)];
    return items;
  };
  // `name=value` with the name's brackets literal (`filter[name]=x`).
  const pairText = (name: string, value: string) =>
    `${enc(name).replace(/%5B|%5D/g, decodeURIComponent)}=${value}`;
  return restProvider({
    name: NAME,
    options,
    query: {
      key(e) {
        switch (e.kind) {
          case 'filter':
            // One `filter[f]` per field, except operator filters, whose conditions are ANDed.
            return mode(e.field) === 'operator'
              ? `filter[${e.field}]${e.operator}`
              : `filter[${e.field}]`;
          case 'param':
            return e.key;
          default:
            return e.kind;
        }
      },
      pairs(e, _, entries) {
        switch (e.kind) {
          case 'filter': {
            // A field's filters are one pair, its values joined (`filter[id]=1,2`): the first
            // writes them all.
            const same = entries.filter(
              (x): x is Filter => x.kind === 'filter' && x.field === e.field,
            );
            if (same[0] !== e) return [];
            const value = same
              .flatMap(texts)
              .map((text) => enc(text))
              .join(',');
            return pairText(`filter[${e.field}]`, value);
          }
          case 'search':
            return pairText(`filter[${search}]`, enc(e.value));
          case 'sort': {
            const fields = e.fields.map(
              ([field, direction]) => (direction === 'desc' ? '-' : '') + enc(field),
            );
            return pairText('sort', fields.join(','));
          }
          case 'param':
            return pairText(e.key, valuesOf(e.value).map(encodeValue).join(','));
          case 'limit':
            return pairText('per_page', String(e.value));
          default:
            return pairText(e.kind, String(e.value));
        }
      },
      check(e) {
        if (e.kind === 'offset') return unsupported(NAME, 'offset (the paginator counts pages)');
        if (e.kind === 'search' && !search) {
          return unsupported(NAME, 'search: set laravel({ search: filterName })');
        }
        if (e.kind === 'sort') {
          if (e.fields.some(([field]) => field.includes(','))) {
            return unsupported(NAME, 'a sort field holding a comma');
          }
          return undefined;
        }
        if (e.kind !== 'filter' && e.kind !== 'search' && e.kind !== 'param') return undefined;
        const values = valuesOf(e.value);
        // The TrimStrings middleware trims every query value: the server would read another one.
        if (values.some((v) => typeof v === 'string' && /^\s|\s$/.test(v))) {
          return unsupported(
            NAME,
            `a value with leading or trailing whitespace in ${label(e)}: its TrimStrings middleware trims it`,
          );
        }
        if (e.kind === 'param') return undefined;
        if (e.kind === 'filter') {
          const filterMode = mode(e.field);
          if (!MODES[filterMode].includes(e.operator)) {
            return unsupported(NAME, `${label(e)} on a filter registered as '${filterMode}'`);
          }
          if (!valueFitsFilter(e.operator, String(e.value))) {
            return unsupported(NAME, `the value ${JSON.stringify(e.value)} of ${label(e)}`);
          }
        }
        // spatie splits values on `,`; it skips empty ones and has no null.
        if (values.some((v) => v === null || v === '' || queryText(v).includes(','))) {
          return unsupported(NAME, `an empty, null or comma-holding value in ${label(e)}`);
        }
        return undefined;
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
