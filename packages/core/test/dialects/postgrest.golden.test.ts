/**
 * postgrest() against golden tables taken from PostgREST's own documentation, not a running
 * server: PostgREST needs PostgreSQL, which cannot run here. Each group cites the page its
 * rows come from (docs.postgrest.org/en/stable/references/...). Query rows check the exact
 * query string (and, where the page prints the URL encoded differently, the pairs it decodes
 * to). Response rows replay the documented status, headers and body from a real HTTP server on
 * 127.0.0.1, through the client and the entity and auth services.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  between,
  createAuthService,
  createBridgeApiService,
  createClient,
  gt,
  gte,
  ilike,
  inOp,
  isBridgeApiError,
  isNotNull,
  isNull,
  like,
  lt,
  notBetween,
  notIn,
  QueryBuilder,
  startsWith,
} from '@bridgekit/core';
import { postgrest } from '@bridgekit/core/dialects';
import { fakeExecutor } from '../query/fakeExecutor';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { queryRows, rowsFrom } from './golden';

const OBJECT = 'application/vnd.pgrst.object+json';

describe('postgrest(): query rows', () => {
  // api/tables_views.html#horizontal-filtering-rows and #operators
  queryRows(postgrest(), [
    { chain: "where('age', lt(13))", build: (q) => q.where('age', lt(13)), query: 'age=lt.13' },
    {
      chain: "where('age', gte(18)).where('student', true)",
      build: (q) => q.where('age', gte(18)).where('student', true),
      query: 'age=gte.18&student=is.true',
    },
    {
      chain: "where('status', 'ne', 'done') (neq: not equal)",
      build: (q) => q.where('status', 'ne', 'done'),
      query: 'status=neq.done',
    },
    {
      chain: "where('last_name', like('%Smith%')) (* is the URL alias of %)",
      build: (q) => q.where('last_name', like('%Smith%')),
      query: 'last_name=like.*Smith*',
    },
    {
      chain: "where('name', ilike('john%'))",
      build: (q) => q.where('name', ilike('john%')),
      query: 'name=ilike.john*',
    },
    {
      chain: "where('a', inOp([1, 2, 3]))",
      build: (q) => q.where('a', inOp([1, 2, 3])),
      query: 'a=in.(1,2,3)',
    },
    {
      chain: "where('a', inOp(['hi,there', 'yes,you'])) (commas in quoted strings)",
      build: (q) => q.where('a', inOp(['hi,there', 'yes,you'])),
      query: 'a=in.(%22hi%2Cthere%22,%22yes%2Cyou%22)',
      doc: 'a=in.("hi,there","yes,you")',
    },
    {
      chain: "where('deleted_at', isNull()) (is: null)",
      build: (q) => q.where('deleted_at', isNull()),
      query: 'deleted_at=is.null',
    },
    {
      chain: "where('deleted_at', isNotNull()) (not negates an operator)",
      build: (q) => q.where('deleted_at', isNotNull()),
      query: 'deleted_at=not.is.null',
    },
    {
      chain: "where('id', notIn([1, 2]))",
      build: (q) => q.where('id', notIn([1, 2])),
      query: 'id=not.in.(1,2)',
    },
    {
      chain: "where('active', false) (DELETE /user?active=is.false)",
      build: (q) => q.where('active', false),
      query: 'active=is.false',
    },
    {
      chain: "where('status', 'inactive') (/users?...&status=eq.inactive)",
      build: (q) => q.where('status', 'inactive'),
      query: 'status=eq.inactive',
    },
  ]);

  // api/tables_views.html#logical-operators: people under 18 or over 21
  queryRows(postgrest(), [
    {
      chain: "where('age', notBetween(18, 21))",
      build: (q) => q.where('age', notBetween(18, 21)),
      query: 'or=(age.lt.18,age.gt.21)',
    },
    {
      // Top-level filters are ANDed, so `and(age.gte.11,age.lte.17)` is two filters.
      chain: "where('age', between(11, 17))",
      build: (q) => q.where('age', between(11, 17)),
      query: 'age=gte.11&age=lte.17',
    },
  ]);

  // api/tables_views.html#ordering and #vertical-filtering-columns
  queryRows(postgrest(), [
    {
      chain: "sort('age', 'desc').sort('height', 'asc')",
      build: (q) => q.sort('age', 'desc').sort('height', 'asc'),
      query: 'order=age.desc,height.asc',
    },
    {
      chain: "param('select', 'first_name,age')",
      build: (q) => q.param('select', 'first_name,age'),
      query: 'select=first_name%2Cage',
      doc: 'select=first_name,age',
    },
  ]);

  // api/tables_views.html#json-columns and #composite-array-columns
  queryRows(postgrest(), [
    {
      chain: "where('json_data->>blood_type', 'A-')",
      build: (q) => q.where('json_data->>blood_type', 'A-'),
      query: 'json_data-%3E%3Eblood_type=eq.A-',
      doc: 'json_data->>blood_type=eq.A-',
    },
    {
      chain: "where('json_data->age', gt(20))",
      build: (q) => q.where('json_data->age', gt(20)),
      query: 'json_data-%3Eage=gt.20',
      doc: 'json_data->age=gt.20',
    },
    {
      chain: "where('location->lat', gte(19))",
      build: (q) => q.where('location->lat', gte(19)),
      query: 'location-%3Elat=gte.19',
      doc: 'location->lat=gte.19',
    },
  ]);

  // api/tables_views.html#full-text-search and #computed-virtual-columns
  queryRows(postgrest({ search: { column: 'full_name', operator: 'fts' } }), [
    {
      chain: "search('Beckett')",
      build: (q) => q.search('Beckett'),
      query: 'full_name=fts.Beckett',
    },
  ]);
  queryRows(postgrest({ search: { column: 'my_tsv', operator: 'fts(french)' } }), [
    {
      chain: "search('amusant')",
      build: (q) => q.search('amusant'),
      query: 'my_tsv=fts(french).amusant',
    },
  ]);
  queryRows(postgrest({ search: { column: 'my_tsv', operator: 'plfts' } }), [
    {
      chain: "search('The Fat Cats')",
      build: (q) => q.search('The Fat Cats'),
      query: 'my_tsv=plfts.The%20Fat%20Cats',
    },
  ]);

  // api/pagination_count.html#limits-and-pagination
  queryRows(postgrest(), [
    {
      chain: 'limit(15).offset(30)',
      build: (q) => q.limit(15).offset(30),
      query: 'limit=15&offset=30',
    },
    { chain: 'limit(15).page(3)', build: (q) => q.limit(15).page(3), query: 'limit=15&offset=30' },
    { chain: 'limit(25)', build: (q) => q.limit(25), query: 'limit=25' },
  ]);

  // api/url_grammar.html#tabs-cols-w-spaces and #reserved-chars
  queryRows(postgrest(), [
    {
      chain: "where('Unit Price', lt(200))",
      build: (q) => q.where('Unit Price', lt(200)),
      query: 'Unit%20Price=lt.200',
    },
    {
      chain: "where('name', inOp(['Hebdon,John', 'Williams,Mary']))",
      build: (q) => q.where('name', inOp(['Hebdon,John', 'Williams,Mary'])),
      query: 'name=in.(%22Hebdon%2CJohn%22,%22Williams%2CMary%22)',
      doc: 'name=in.(%22Hebdon,John%22,%22Williams,Mary%22)',
    },
    {
      chain: "where('information.cpe', like('%MS%')) (a column name with a dot)",
      build: (q) => q.where('information.cpe', like('%MS%')),
      query: '%22information.cpe%22=like.*MS*',
    },
    {
      chain: `where('name', inOp(['Quote:"', 'Backslash:\\\\']))`,
      build: (q) => q.where('name', inOp(['Quote:"', 'Backslash:\\'])),
      query: 'name=in.(%22Quote%3A%5C%22%22,%22Backslash%3A%5C%5C%22)',
      doc: 'name=in.(%22Quote:%5C%22%22,%22Backslash:%5C%5C%22)',
    },
    {
      chain: "param('select', 'username,status').where('is_active', true)",
      build: (q) => q.param('select', 'username,status').where('is_active', true),
      query: 'select=username%2Cstatus&is_active=is.true',
      doc: 'select=username,status&is_active=is.true',
    },
  ]);

  // PostgREST's own test suite (test/spec/Feature/Query/SingularSpec.hs): /items?id=gt.0&id=lt.0
  queryRows(postgrest(), [
    {
      chain: "where('id', gt(0)).where('id', lt(0))",
      build: (q) => q.where('id', gt(0)).where('id', lt(0)),
      query: 'id=gt.0&id=lt.0',
    },
  ]);

  // Derived from #pattern-matching: a literal prefix escapes LIKE's wildcards with `\`.
  queryRows(postgrest(), [
    {
      chain: "where('code', startsWith('50%_'))",
      build: (q) => q.where('code', startsWith('50%_')),
      query: 'code=like.50%5C%25%5C_*',
    },
    {
      chain: "where('order', 1) (a reserved name is quoted to stay a column)",
      build: (q) => q.where('order', 1),
      query: '%22order%22=eq.1',
    },
  ]);
});

describe('postgrest(): what it cannot express', () => {
  const q = () => new QueryBuilder(fakeExecutor(), '/t', postgrest().query);
  it('a literal * in a pattern (PostgREST reads every * as %)', () => {
    expect(() => q().where('name', like('a*b%'))).toThrow(
      new TypeError(`PostgREST cannot express a literal '*' in operator 'like' (on "name")`),
    );
  });
  it('search text without a search column', () => {
    expect(() => q().search('chair')).toThrow(/PostgREST cannot express full-text search/);
  });
  it('an operator it does not know', () => {
    expect(() => q().where('tags', 'contains', 'a')).toThrow(
      new TypeError(`PostgREST cannot express operator 'contains' (on "tags")`),
    );
  });
  it('a page without a limit is sent with the default size of 10, never dropped', () => {
    expect(q().page(3).toQueryString()).toBe('limit=10&offset=20');
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const api = (options?: Parameters<typeof postgrest>[0]) =>
  createClient(server.url, { dialect: postgrest(options) });
const people = () => createBridgeApiService(api(), { endpoint: '/people' });
const last = () => server.requests.at(-1)!;

describe('postgrest(): list rows (Content-Range)', () => {
  // api/pagination_count.html#limits-and-pagination: "Content-Range: 0-14/*"
  it('0-14/* with 15 rows for limit 15: no total, a full page has more', async () => {
    server.reply({ json: rowsFrom(1, 15), headers: { 'Content-Range': '0-14/*' } });
    const { data, meta } = await people().getList({ limit: 15 });
    expect(last().url).toBe('/people?limit=15');
    expect(last().headers.prefer).toBe('count=exact');
    expect(data).toHaveLength(15);
    expect(meta).toEqual({ page: 1, limit: 15, hasMore: true });
  });

  // Same page: "the server may respond with fewer ... Content-Range: 0-17/*"
  it('0-17/* with 18 rows for limit 20: the last page', async () => {
    server.reply({ json: rowsFrom(1, 18), headers: { 'Content-Range': '0-17/*' } });
    const { meta } = await people().getList({ limit: 20 });
    expect(meta).toEqual({ page: 1, limit: 20, hasMore: false });
  });

  // api/pagination_count.html#exact-count: "206 Partial Content, Content-Range: 0-24/3573458"
  it('Prefer: count=exact -> 0-24/3573458: total and more', async () => {
    server.reply({
      status: 206,
      json: rowsFrom(1, 25),
      headers: { 'Range-Unit': 'items', 'Content-Range': '0-24/3573458' },
    });
    const { data, meta } = await people().getList({ page: 1, limit: 25 });
    expect(last().url).toBe('/people?offset=0&limit=25');
    expect(data[24]).toEqual({ id: 25 });
    expect(meta).toEqual({ page: 1, limit: 25, total: 3573458, hasMore: true });
  });

  // #planned-count: "Content-Range: 0-24/3572000"
  it('a planned count is a total too', async () => {
    server.reply({
      status: 206,
      json: rowsFrom(1, 25),
      headers: { 'Content-Range': '0-24/3572000' },
    });
    const { meta } = await people().getList({ page: 1, limit: 25 });
    expect(meta.total).toBe(3572000);
  });

  // #estimated-count: smalltable of 321 rows, "Content-Range: 0-24/321"; its last page derived
  it('0-24/321 on page 1 has more; page 13 (300-320/321) is the last', async () => {
    server.reply({ status: 206, json: rowsFrom(1, 25), headers: { 'Content-Range': '0-24/321' } });
    expect((await people().getList({ page: 1, limit: 25 })).meta).toEqual({
      page: 1,
      limit: 25,
      total: 321,
      hasMore: true,
    });
    server.reply({
      status: 206,
      json: rowsFrom(301, 21),
      headers: { 'Content-Range': '300-320/321' },
    });
    const { data, meta } = await people().getList({ page: 13, limit: 25 });
    expect(last().url).toBe('/people?offset=300&limit=25');
    expect(data).toHaveLength(21);
    expect(meta).toEqual({ page: 13, limit: 25, total: 321, hasMore: false });
  });

  // RFC 9110 unsatisfied range: an empty table with a count answers "*/0"
  it('*/0: no rows, total 0', async () => {
    server.reply({ json: [], headers: { 'Content-Range': '*/0' } });
    expect(await people().getList({ page: 1, limit: 10 })).toEqual({
      data: [],
      meta: { page: 1, limit: 10, total: 0, hasMore: false },
    });
  });
});

describe('postgrest(): record rows', () => {
  // api/resource_representation.html#singular-or-plural: GET /items?id=eq.1 -> { "id": 1 }
  it('getById: ?id=eq.1 with the single-object Accept', async () => {
    server.reply({ json: { id: 1 }, headers: { 'Content-Type': `${OBJECT}; charset=utf-8` } });
    const items = createBridgeApiService(api(), { endpoint: '/items' });
    expect(await items.getById('1')).toEqual({ id: 1 });
    expect(last()).toMatchObject({ method: 'GET', url: '/items?id=eq.1' });
    expect(last().headers.accept).toBe(OBJECT);
  });

  // Same section: no row -> 406 with PGRST116 (PGRST505 in newer docs)
  it('getById of a missing row rejects with the 406 and its code', async () => {
    server.reply({
      status: 406,
      json: {
        message: 'JSON object requested, multiple (or no) rows returned',
        details: 'Results contain 0 rows, application/vnd.pgrst.object+json requires 1 row',
        hint: null,
        code: 'PGRST116',
      },
    });
    const error = await createBridgeApiService(api(), { endpoint: '/items' })
      .getById('999')
      .catch((e: unknown) => e);
    expect(isBridgeApiError(error)).toBe(true);
    expect(error).toMatchObject({
      status: 406,
      code: 'PGRST116',
      message: 'JSON object requested, multiple (or no) rows returned',
    });
  });

  // api/tables_views.html#update with SingularSpec: PATCH /addresses?id=eq.1, return=representation
  it('update: PATCH ?id=eq.1 with Prefer: return=representation; the other fields stay', async () => {
    server.reply({ json: { id: 1, address: 'B Street', city: 'Lyon' } });
    const addresses = createBridgeApiService(api(), { endpoint: '/addresses' });
    expect(await addresses.update('1', { address: 'B Street' })).toEqual({
      id: 1,
      address: 'B Street',
      city: 'Lyon',
    });
    expect(last()).toMatchObject({ method: 'PATCH', url: '/addresses?id=eq.1' });
    expect(JSON.parse(last().body)).toEqual({ address: 'B Street' });
    expect(last().headers).toMatchObject({ prefer: 'return=representation', accept: OBJECT });
  });

  // api/tables_views.html#insert: POST /table_name { col1, col2 }, Prefer: return=representation
  it('create: POST the table with Prefer: return=representation', async () => {
    server.reply({ status: 201, json: { id: 7, col1: 'value1', col2: 'value2' } });
    const table = createBridgeApiService(api(), { endpoint: '/table_name' });
    expect(await table.create({ col1: 'value1', col2: 'value2' })).toEqual({
      id: 7,
      col1: 'value1',
      col2: 'value2',
    });
    expect(last()).toMatchObject({ method: 'POST', url: '/table_name' });
    expect(last().headers.prefer).toBe('return=representation');
  });

  // api/tables_views.html#delete: DELETE /user?id=eq.1, return=representation -> the row
  it('delete: DELETE ?id=eq.1 (a missing row is a 406, not a silent 204)', async () => {
    server.reply({ json: { id: 1, email: 'johndoe@email.com' } });
    await createBridgeApiService(api(), { endpoint: '/user' }).delete('1');
    expect(last()).toMatchObject({ method: 'DELETE', url: '/user?id=eq.1' });
    expect(last().headers).toMatchObject({ prefer: 'return=representation', accept: OBJECT });
  });

  it('postgrest({ id }) names the key column; ids are URI-encoded', async () => {
    server.reply({ json: { slug: 'a b' } });
    const client = api({ id: 'slug' });
    await createBridgeApiService(client, { endpoint: '/posts' }).getById('a b');
    expect(last().url).toBe('/posts?slug=eq.a%20b');
  });
});

describe('postgrest(): error rows', () => {
  // references/errors.html#errors-from-postgresql: a failed not-null constraint
  it('400 { code: "23502", details, hint, message }', async () => {
    server.reply({
      status: 400,
      json: {
        code: '23502',
        details: 'Failing row contains (null, foo, null).',
        hint: null,
        message: 'null value in column "id" of relation "projects" violates not-null constraint',
      },
    });
    const res = await api().post('/projects', { name: 'foo' });
    expect(res).toMatchObject({
      success: false,
      status: 400,
      code: '23502',
      error: 'null value in column "id" of relation "projects" violates not-null constraint',
    });
  });

  // references/errors.html#errors-from-postgrest: PGRST202
  it('404 PGRST202 from PostgREST itself', async () => {
    server.reply({
      status: 404,
      json: {
        hint: '...',
        details: null,
        code: 'PGRST202',
        message: 'Could not find the api.nonexistent_function() function in the schema cache',
      },
    });
    expect(await api().post('/rpc/nonexistent_function')).toMatchObject({
      code: 'PGRST202',
      error: 'Could not find the api.nonexistent_function() function in the schema cache',
    });
  });

  it('a record with a `success` field is data, not an envelope', async () => {
    server.reply({ json: [{ id: 1, success: false }] });
    expect(await api().get('/runs')).toMatchObject({
      success: true,
      data: [{ id: 1, success: false }],
    });
  });
});

describe('postgrest({ gotrue }): Supabase Auth', () => {
  // Supabase Auth README, POST /token (grant_type=password); the response is its
  // AccessTokenResponse (access_token, token_type, expires_in, expires_at, refresh_token, user).
  it('login: POST {gotrue}/token?grant_type=password; then Authorization: Bearer', async () => {
    const client = api({ gotrue: '/auth/v1' });
    const auth = createAuthService(client);
    server.reply({
      json: {
        access_token: 'jwt-token-representing-the-user',
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: 1893456000,
        refresh_token: 'a-refresh-token',
        user: {
          id: '11111111-2222-3333-4444-5555555555555',
          role: 'authenticated',
          email: 'email@example.com',
        },
      },
    });
    const result = await auth.login({ email: 'name@domain.com', password: 'somepassword' });
    expect(last()).toMatchObject({ method: 'POST', url: '/auth/v1/token?grant_type=password' });
    expect(JSON.parse(last().body)).toEqual({ email: 'name@domain.com', password: 'somepassword' });
    expect(result).toMatchObject({
      sessionId: 'jwt-token-representing-the-user',
      user: { id: '11111111-2222-3333-4444-5555555555555', userType: 'authenticated' },
    });
    server.reply({ json: [] });
    await client.get('/todos');
    expect(last().headers.authorization).toBe('Bearer jwt-token-representing-the-user');
    expect(auth.paths).toMatchObject({ me: '/auth/v1/user', logout: '/auth/v1/logout' });
  });

  it('without gotrue there is no login endpoint of its own (the default paths stay)', () => {
    expect(createAuthService(api()).paths.login).toBe('/auth/login');
  });
});
