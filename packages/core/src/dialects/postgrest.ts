/**
 * The PostgREST dialect (also Supabase's REST API, which is PostgREST). Wire format from
 * PostgREST's "Tables and Views", "Pagination and Count", "Resource Representation" and
 * "URL Grammar" references.
 */
import type { Dialect } from '../contract/dialect';
import { rejectUnknownKeys } from '../checks';
import { queryText } from '../query/params';
import type { QueryEntry } from '../query/serializer';
import { encodeQueryComponent as enc, encodeValue, entryLabel, unsupported } from './shared';
import { restProvider } from './restProvider';

/** Options of `postgrest()`. */
export interface PostgrestOptions {
  /**
   * The primary-key column: one record is addressed as `?<id>=eq.<value>`.
   * @default 'id'
   */
  id?: string;
  /**
   * What `search(text)` filters on: a `tsvector` (or text) column and a full-text operator,
   * optionally with a text-search configuration (`'fts(french)'`). Without it, search text
   * is an error: PostgREST has no search across columns.
   * @default none
   */
  search?: { column: string; operator?: 'fts' | 'plfts' | 'phfts' | 'wfts' | (string & {}) };
  /**
   * Where Supabase Auth (GoTrue) lives, absolute or relative to the client's base URL
   * (`'https://<project>.supabase.co/auth/v1'`). With it, `login` is
   * `POST <gotrue>/token?grant_type=password`. Plain PostgREST has no login endpoint.
   * @default none
   */
  gotrue?: string;
}

const NAME = 'PostgREST';
// Without a limit a page has no offset: PAGE rows per page, sent explicitly.
const PAGE = 10;
const OBJECT = 'application/vnd.pgrst.object+json';
// The operators PostgREST can express, and those it names otherwise.
const SUPPORTED =
  /^(eq|ne|gt|gte|lt|lte|like|ilike|startsWith|endsWith|in|nin|null|nnull|between|notBetween)$/;
const RENAMED: Record<string, string> = {
  ne: 'neq',
  startsWith: 'like',
  endsWith: 'like',
  nin: 'not.in',
  null: 'is',
  nnull: 'not.is',
};
// Text outside PostgREST's URL grammar (reserved characters, edge spaces, reserved names)
// goes in double quotes.
const quote = (text: string, plain: boolean): string =>
  plain ? text : `"${text.replace(/["\\]/g, '\\$&')}"`;

// A list item or logic-tree value: quoted unless free of `,()"\` and spaces.
const item = (value: unknown): string => {
  const text = queryText(value);
  return enc(quote(text, /^[^,()"\\\s]+$/.test(text)));
};

// A column name: identifiers (letters, digits, `_$`, inner spaces) joined by `-`, `->` or
// `->>` (JSON paths); never a reserved query name (`order=eq.1` would be an ordering).
const column = (field: string): string =>
  enc(
    quote(
      field,
      /^[\p{L}\d_$]+(?: +[\p{L}\d_$]+)*(?:->?>?[\p{L}\d_$]+(?: +[\p{L}\d_$]+)*)*$/u.test(field) &&
        !/^(select|columns|on_conflict|order|limit|offset|and|or)$/.test(field),
    ),
  );

function filterPairs({ field, operator, value }: QueryEntry & { kind: 'filter' }): string[] {
  const name = column(field);
  if (operator === 'between' || operator === 'notBetween') {
    const [min, max] = value as unknown[];
    if (operator === 'between')
      return [`${name}=gte.${encodeValue(min)}`, `${name}=lte.${encodeValue(max)}`];
    return [`or=(${name}.lt.${item(min)},${name}.gt.${item(max)})`];
  }
  let op = RENAMED[operator] ?? operator;
  let text: string;
  if (value === null || operator === 'null' || operator === 'nnull') {
    // `eq null` / `ne null` are `is.null` / `not.is.null`
    op = op === 'eq' || op === 'is' ? 'is' : 'not.is';
    text = 'null';
  } else if (op === 'in' || op === 'not.in') {
    const items = Array.isArray(value) ? value : [value];
    text = `(${items.map(item).join(',')})`;
  } else if (op === 'like' || op === 'ilike') {
    // `*` is PostgREST's URL alias of `%`; a literal prefix or suffix escapes LIKE's wildcards
    // with `\`, PostgreSQL's default escape character.
    const literal = (value as string).replace(/[\\%_]/g, '\\$&');
    let pattern = (value as string).replace(/%/g, '*');
    if (operator === 'startsWith') pattern = `${literal}*`;
    if (operator === 'endsWith') pattern = `*${literal}`;
    text = enc(pattern);
  } else {
    if (op === 'eq' && typeof value === 'boolean') op = 'is';
    text = encodeValue(value);
  }
  return [`${name}=${op}.${text}`];
}

/**
 * A dialect for PostgREST and Supabase: `price=gte.10`, `name=ilike.*a*`, `id=in.(1,2)`,
 * `is.null`, `order=price.desc`, `limit`/`offset` (a page becomes an offset), lists counted
 * with `Prefer: count=exact` + `Content-Range`, one record as `?id=eq.7` with the
 * single-object `Accept`, `PATCH` to update, errors `{ code, message, details, hint }`,
 * `Authorization: Bearer <jwt>`.
 *
 * @example
 * const api = createClient('https://h.supabase.co/rest/v1', {
 *   dialect: postgrest({ gotrue: 'https://h.supabase.co/auth/v1' }),
 *   headers: { apikey: SUPABASE_ANON_KEY },
 * });
 * await api.query('/products').where('price', gte(10)).sort('price', 'desc').get();
 * // GET /rest/v1/products?price=gte.10&order=price.desc
 */
export function postgrest(options: PostgrestOptions = {}): Dialect & { envelope: false } {
  const { id = 'id', search, gotrue, ...unknown } = options;
  rejectUnknownKeys(unknown, [], { where: 'options', factory: 'postgrest' });
  return restProvider({
    name: NAME,
    options,
    query: {
      key(e) {
        // The wire name: a page is an offset, so page() and offset() replace each other.
        switch (e.kind) {
          case 'filter':
            return `${e.field}.${e.operator}`;
          case 'param':
            return e.key;
          case 'sort':
            return 'order';
          case 'page':
            return 'offset';
          default:
            return e.kind;
        }
      },
      pairs(e, _, entries) {
        switch (e.kind) {
          case 'filter':
            return filterPairs(e);
          case 'search':
            return `${column(search?.column ?? '')}=${search?.operator ?? 'wfts'}.${enc(e.value)}`;
          case 'sort':
            return `order=${e.fields.map(([f, d]) => `${column(f)}.${d}`).join(',')}`;
          case 'page': {
            const limit = (entries.find((x) => x.kind === 'limit') as { value: number } | undefined)
              ?.value;
            return limit
              ? `offset=${(e.value - 1) * limit}`
              : [`limit=${PAGE}`, `offset=${(e.value - 1) * PAGE}`];
          }
          case 'param':
            return `${enc(e.key)}=${encodeValue(e.value)}`;
          default:
            return `${e.kind}=${e.value}`;
        }
      },
      check(e) {
        if (e.kind === 'search' && !search) {
          return unsupported(NAME, 'full-text search without postgrest({ search })');
        }
        if (e.kind !== 'filter') return undefined;
        if (!SUPPORTED.test(e.operator)) return unsupported(NAME, entryLabel(e));
        if (/like|With/.test(e.operator) && String(e.value).includes('*')) {
          return unsupported(NAME, `a literal '*' in ${entryLabel(e)}`);
        }
        return undefined;
      },
    },
    list(response, requested) {
      // `Content-Range: 0-24/3573458`; `0-24/*` when not counted
      const total = /\/(\d+)$/.exec(response.headers?.get('content-range') ?? '')?.[1];
      return {
        data: Array.isArray(response.data) ? response.data : [],
        total: total === undefined ? undefined : Number(total),
        limit: requested.limit ?? (requested.page && PAGE),
      };
    },
    records: {
      path: (_operation, endpoint, key) =>
        key === undefined ? endpoint : `${endpoint}?${enc(id)}=eq.${key}`,
      // One object instead of an array; zero rows is a 406 and nothing is changed or deleted.
      headers: (operation) =>
        /list|search/.test(operation)
          ? { Prefer: 'count=exact' }
          : { Accept: OBJECT, ...(operation !== 'get' && { Prefer: 'return=representation' }) },
    },
    ...(gotrue !== undefined && {
      auth: {
        paths: {
          login: `${gotrue}/token?grant_type=password`,
          logout: `${gotrue}/logout`,
          me: `${gotrue}/user`,
          validation: `${gotrue}/user`,
        },
        loginBody: (c) => ({ email: c.email ?? c.userName, password: c.password }),
      },
    }),
    session: { header: 'Authorization', scheme: 'Bearer' },
    errors: (body) => {
      const code = (body as { code?: unknown } | null)?.code;
      return typeof code === 'string' ? { code } : undefined;
    },
  });
}
