/**
 * laravel() against golden tables taken from the documentation of spatie/laravel-query-builder
 * (spatie.be/docs/laravel-query-builder, "Filtering", "Sorting", "Including relationships",
 * "Selecting fields") and of Laravel (laravel.com/docs: "Pagination", "Eloquent: API
 * Resources", "Validation", "Routing", "Sanctum"); laravel.test.ts runs the dialect against a
 * real Laravel 8 app. Each group cites its page. Query rows check the exact query
 * string and, where the page prints the URL unencoded (`filter[salary]=>3000`), the pairs it
 * decodes to. Response rows replay the documented bodies from a real HTTP server on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  between,
  createAuthService,
  createBridgeApiService,
  createClient,
  endsWith,
  gt,
  gte,
  ilike,
  inOp,
  isNull,
  like,
  lt,
  lte,
  ne,
  QueryBuilder,
  startsWith,
} from '@bridgekit/core';
import { laravel } from '@bridgekit/core/dialects';
import { fakeExecutor } from '../query/fakeExecutor';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { queryRows, rowsFrom } from './golden';

describe('laravel(): query rows', () => {
  // spatie: features/filtering#basic-usage (plain names are partial filters)
  queryRows(laravel({ filters: { name: 'partial', email: 'partial' } }), [
    {
      chain: "where('name', ilike('%john%')).where('email', ilike('%gmail%'))",
      build: (q) => q.where('name', ilike('%john%')).where('email', ilike('%gmail%')),
      query: 'filter[name]=john&filter[email]=gmail',
    },
  ]);

  // spatie: features/filtering#exact-filters
  queryRows(laravel(), [
    {
      chain: "where('name', 'John Doe')",
      build: (q) => q.where('name', 'John Doe'),
      query: 'filter[name]=John%20Doe',
    },
    {
      chain: "where('id', inOp([1, 2, 3, 4, 5])).where('admin', true)",
      build: (q) => q.where('id', inOp([1, 2, 3, 4, 5])).where('admin', true),
      query: 'filter[id]=1,2,3,4,5&filter[admin]=true',
    },
    {
      chain: "where('name', 'John') (filter aliases)",
      build: (q) => q.where('name', 'John'),
      query: 'filter[name]=John',
    },
  ]);

  // spatie: features/filtering#operator-filters (FilterOperator::DYNAMIC; its operators are
  // the values of the FilterOperator enum: = < > <= >= <>)
  const salary = laravel({ filters: { salary: 'operator' } });
  queryRows(salary, [
    {
      chain: "where('salary', gt(3000))",
      build: (q) => q.where('salary', gt(3000)),
      query: 'filter[salary]=%3E3000',
      doc: 'filter[salary]=>3000',
    },
    {
      chain: "where('salary', gte(3000))",
      build: (q) => q.where('salary', gte(3000)),
      query: 'filter[salary]=%3E%3D3000',
      doc: 'filter[salary]=>=3000',
    },
    {
      chain: "where('salary', lt(3000))",
      build: (q) => q.where('salary', lt(3000)),
      query: 'filter[salary]=%3C3000',
      doc: 'filter[salary]=<3000',
    },
    {
      chain: "where('salary', lte(3000))",
      build: (q) => q.where('salary', lte(3000)),
      query: 'filter[salary]=%3C%3D3000',
      doc: 'filter[salary]=<=3000',
    },
    {
      chain: "where('salary', ne(3000))",
      build: (q) => q.where('salary', ne(3000)),
      query: 'filter[salary]=%3C%3E3000',
      doc: 'filter[salary]=<>3000',
    },
    {
      chain: "where('salary', 3000) (= keeps a value starting with < or > literal)",
      build: (q) => q.where('salary', 3000),
      query: 'filter[salary]=%3D3000',
      doc: 'filter[salary]==3000',
    },
    {
      // A comma-separated value is an array; an operator filter ANDs its items.
      chain: "where('salary', between(1000, 3000))",
      build: (q) => q.where('salary', between(1000, 3000)),
      query: 'filter[salary]=%3E%3D1000,%3C%3D3000',
      doc: 'filter[salary]=>=1000,<=3000',
    },
    {
      chain: "where('salary', gte(1000)).where('salary', lt(3000))",
      build: (q) => q.where('salary', gte(1000)).where('salary', lt(3000)),
      query: 'filter[salary]=%3E%3D1000,%3C3000',
      doc: 'filter[salary]=>=1000,<3000',
    },
  ]);

  // spatie: features/filtering#partial-beginswithstrict-and-endswithstrict-filters (LIKE value%)
  queryRows(laravel({ filters: { name: 'beginsWith', email: 'endsWith' } }), [
    {
      chain: "where('name', startsWith('Jo')).where('email', endsWith('@spatie.be'))",
      build: (q) => q.where('name', startsWith('Jo')).where('email', endsWith('@spatie.be')),
      query: 'filter[name]=Jo&filter[email]=%40spatie.be',
      doc: 'filter[name]=Jo&filter[email]=@spatie.be',
    },
  ]);

  // spatie: features/filtering#scope-filters, #trashed-filters, #custom-filters (by name)
  queryRows(laravel({ search: 'permission' }), [
    {
      chain: "param('filter[starts_before]', '2018-01-01')",
      build: (q) => q.param('filter[starts_before]', '2018-01-01'),
      query: 'filter[starts_before]=2018-01-01',
    },
    {
      chain: "param('filter[schedule.starts_between]', ['2018-01-01', '2018-12-31'])",
      build: (q) => q.param('filter[schedule.starts_between]', ['2018-01-01', '2018-12-31']),
      query: 'filter[schedule.starts_between]=2018-01-01,2018-12-31',
    },
    {
      chain: "param('filter[trashed]', 'only')",
      build: (q) => q.param('filter[trashed]', 'only'),
      query: 'filter[trashed]=only',
    },
    {
      chain: "search('createPosts') with search: 'permission'",
      build: (q) => q.search('createPosts'),
      query: 'filter[permission]=createPosts',
    },
  ]);

  // spatie: features/sorting, features/including-relationships, features/selecting-fields
  queryRows(laravel(), [
    { chain: "sort('name', 'desc')", build: (q) => q.sort('name', 'desc'), query: 'sort=-name' },
    {
      chain: "sort('name').sort('street', 'desc')",
      build: (q) => q.sort('name').sort('street', 'desc'),
      query: 'sort=name,-street',
    },
    {
      chain: "param('include', ['posts', 'permissions'])",
      build: (q) => q.param('include', ['posts', 'permissions']),
      query: 'include=posts,permissions',
    },
    {
      chain: "param('include', 'author').param('fields[authors]', ['id', 'name'])",
      build: (q) => q.param('include', 'author').param('fields[authors]', ['id', 'name']),
      query: 'include=author&fields[authors]=id,name',
    },
  ]);

  // laravel.com/docs/pagination#paginating-query-builder-results: the `page` query argument;
  // `per_page` is this dialect's documented assumption (the controller passes it to paginate())
  queryRows(laravel(), [
    { chain: 'page(2)', build: (q) => q.page(2), query: 'page=2' },
    { chain: 'page(2).limit(15)', build: (q) => q.page(2).limit(15), query: 'page=2&per_page=15' },
  ]);
});

describe('laravel(): what it cannot express', () => {
  const q = (filters = {}) =>
    new QueryBuilder(fakeExecutor(), '/t', laravel({ filters, search: 'q' }).query);
  it('an operator the field is not registered for', () => {
    expect(() => q().where('price', gte(10))).toThrow(
      new TypeError(
        `Laravel cannot express operator 'gte' (on "price") on a filter registered as 'exact'`,
      ),
    );
    expect(() => q({ name: 'partial' }).where('name', 'x')).toThrow(/registered as 'partial'/);
    expect(() => q({ price: 'operator' }).where('price', inOp([1, 2]))).toThrow(
      /registered as 'operator'/,
    );
  });
  it('partial filters match %x% only, case-insensitively', () => {
    expect(() => q({ name: 'partial' }).where('name', ilike('jo%'))).toThrow(/Laravel cannot/);
    expect(() => q({ name: 'partial' }).where('name', ilike('%a_b%'))).toThrow(/Laravel cannot/);
    expect(() => q({ name: 'partial' }).where('name', like('%jo%'))).toThrow(/Laravel cannot/);
  });
  it('values holding a comma (spatie splits on it), empty values and null', () => {
    expect(() => q().where('name', 'Doe, John')).toThrow(/comma-holding value/);
    expect(() => q().where('tag', inOp(['a,b']))).toThrow(/comma-holding value/);
    expect(() => q().where('name', '')).toThrow(/empty, null/);
    expect(() => q().where('name', null)).toThrow(/empty, null/);
    expect(() => q().where('name', isNull())).toThrow(/Laravel cannot express operator 'null'/);
    expect(() => q().search('red, blue')).toThrow(/comma-holding value/);
    expect(() => q().sort('a,b')).toThrow(/a sort field holding a comma/);
  });
  it('a gt/lt value the dynamic operator would misread (> then =5 reads as >=5)', () => {
    expect(() => q({ v: 'operator' }).where('v', 'gt', '=5')).toThrow(/Laravel cannot/);
    expect(q({ v: 'operator' }).where('v', 'gte', '>5').toQueryString()).toBe(
      'filter[v]=%3E%3D%3E5',
    );
  });
  it('an offset, and search without a search filter', () => {
    expect(() => q().offset(20)).toThrow(/Laravel cannot express offset/);
    expect(() => new QueryBuilder(fakeExecutor(), '/t', laravel().query).search('x')).toThrow(
      /Laravel cannot express search/,
    );
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const api = () => createClient(`${server.url}/api`, { dialect: laravel() });
const users = () => createBridgeApiService(api(), { endpoint: '/users' });
const last = () => server.requests.at(-1)!;

describe('laravel(): list rows', () => {
  // laravel.com/docs/pagination#converting-results-to-json
  it('the paginator: { total, per_page, current_page, last_page, next_page_url, data }', async () => {
    server.reply({
      json: {
        total: 50,
        per_page: 15,
        current_page: 1,
        last_page: 4,
        current_page_url: 'http://laravel.app?page=1',
        first_page_url: 'http://laravel.app?page=1',
        last_page_url: 'http://laravel.app?page=4',
        next_page_url: 'http://laravel.app?page=2',
        prev_page_url: null,
        path: 'http://laravel.app',
        from: 1,
        to: 15,
        data: rowsFrom(1, 15),
      },
    });
    const { data, meta } = await users().getList({ page: 1, limit: 15 });
    expect(last().url).toBe('/api/users?page=1&per_page=15');
    expect(data).toHaveLength(15);
    expect(meta).toEqual({ page: 1, limit: 15, total: 50, hasMore: true });
  });

  // The same paginator on its last page (derived): next_page_url null
  it('the paginator on page 4 of 4', async () => {
    server.reply({
      json: {
        total: 50,
        per_page: 15,
        current_page: 4,
        last_page: 4,
        next_page_url: null,
        prev_page_url: 'http://laravel.app?page=3',
        links: [{ url: null, label: '&laquo; Previous', active: false }],
        data: rowsFrom(46, 5),
      },
    });
    const { meta } = await users().getList({ page: 4, limit: 15 });
    expect(meta).toEqual({ page: 4, limit: 15, total: 50, hasMore: false });
  });

  // laravel.com/docs/eloquent-resources#pagination
  it('an API resource collection: { data, links, meta }', async () => {
    const data = [
      { id: 1, name: 'Eladio Schroeder Sr.', email: 'therese28@example.com' },
      { id: 2, name: 'Liliana Mayert', email: 'evandervort@example.com' },
    ];
    server.reply({
      json: {
        data,
        links: {
          first: 'http://example.com/users?page=1',
          last: 'http://example.com/users?page=1',
          prev: null,
          next: null,
        },
        meta: {
          current_page: 1,
          from: 1,
          last_page: 1,
          path: 'http://example.com/users',
          per_page: 15,
          to: 10,
          total: 10,
        },
      },
    });
    expect(await users().getList()).toEqual({
      data,
      meta: { page: 1, limit: 15, total: 10, hasMore: false },
    });
  });

  // simplePaginate (Illuminate\Pagination\Paginator::toArray): no total; per_page as given
  it('simplePaginate: no total, hasMore from next_page_url; a string per_page is a number', async () => {
    server.reply({
      json: {
        current_page: 2,
        data: rowsFrom(16, 15),
        first_page_url: 'http://laravel.app?page=1',
        from: 16,
        next_page_url: 'http://laravel.app?page=3',
        path: 'http://laravel.app',
        per_page: '15',
        prev_page_url: 'http://laravel.app?page=1',
        to: 30,
      },
    });
    const { meta } = await users().getList({ page: 2, limit: 15 });
    expect(meta).toEqual({ page: 2, limit: 15, hasMore: true });
  });

  it('a plain array (->get()) is the data, with no total', async () => {
    server.reply({ json: rowsFrom(1, 3) });
    const { data, meta } = await users().getList({ page: 1, limit: 10 });
    expect(data).toHaveLength(3);
    expect(meta).toEqual({ page: 1, limit: 10, hasMore: false });
  });
});

describe('laravel(): record rows', () => {
  // laravel.com/docs/eloquent-resources#resource-responses: one resource is { data: {...} }
  it('getById unwraps a resource; a bare model is the record', async () => {
    server.reply({ json: { data: { id: 1, name: 'Ada' } } });
    expect(await users().getById('1')).toEqual({ id: 1, name: 'Ada' });
    expect(last()).toMatchObject({ method: 'GET', url: '/api/users/1' });
    server.reply({ json: { id: 2, name: 'Bob', data: { note: 'kept' } } });
    expect(await users().getById('2')).toEqual({ id: 2, name: 'Bob', data: { note: 'kept' } });
  });

  it('update is PATCH with the partial record; create and delete as a resource route', async () => {
    server.reply({ json: { data: { id: 1, name: 'Ada L.', email: 'ada@example.com' } } });
    expect(await users().update('1', { name: 'Ada L.' })).toEqual({
      id: 1,
      name: 'Ada L.',
      email: 'ada@example.com',
    });
    expect(last()).toMatchObject({ method: 'PATCH', url: '/api/users/1' });
    expect(JSON.parse(last().body)).toEqual({ name: 'Ada L.' });
    server.reply({ status: 201, json: { data: { id: 3, name: 'Cy' } } });
    expect(await users().create({ name: 'Cy' })).toEqual({ id: 3, name: 'Cy' });
    expect(JSON.parse(last().body)).toEqual({ name: 'Cy' });
    server.reply({ status: 204 });
    await users().delete('3');
    expect(last()).toMatchObject({ method: 'DELETE', url: '/api/users/3' });
  });
});

describe('laravel(): error rows', () => {
  // laravel.com/docs/validation#validation-error-response-format
  it('422 { message, errors: { field: [messages] } } -> the first message per field', async () => {
    server.reply({
      status: 422,
      json: {
        message: 'The team name must be a string. (and 4 more errors)',
        errors: {
          team_name: [
            'The team name must be a string.',
            'The team name must be at least 1 characters.',
          ],
          'authorization.role': ['The selected authorization.role is invalid.'],
          'users.0.email': ['The users.0.email field is required.'],
          'users.2.email': ['The users.2.email must be a valid email address.'],
        },
      },
    });
    expect(await api().post('/teams', {})).toMatchObject({
      success: false,
      status: 422,
      error: 'The team name must be a string. (and 4 more errors)',
      errors: {
        team_name: 'The team name must be a string.',
        'authorization.role': 'The selected authorization.role is invalid.',
        'users.0.email': 'The users.0.email field is required.',
        'users.2.email': 'The users.2.email must be a valid email address.',
      },
    });
  });

  // spatie: features/filtering#disallowed-filters: InvalidFilterQuery (400, { message })
  it('400 from a filter the server does not allow keeps its message', async () => {
    server.reply({
      status: 400,
      json: {
        message: 'Requested filter(s) `price` are not allowed. Allowed filter(s) are `name`.',
      },
    });
    expect(await api().get('/users?filter[price]=1')).toMatchObject({
      status: 400,
      error: 'Requested filter(s) `price` are not allowed. Allowed filter(s) are `name`.',
    });
  });
});

describe('laravel(): auth rows', () => {
  // laravel.com/docs/sanctum#issuing-mobile-api-tokens (token as Bearer) and
  // laravel.com/docs/routing (Route::get('/user', ...)->middleware('auth:sanctum')). Laravel
  // has no standard login route: POST /login -> { token, user } is this dialect's assumption.
  it('POST /login -> { token, user }; GET /user with Authorization: Bearer', async () => {
    const client = api();
    const auth = createAuthService(client);
    const user = { id: 1, name: 'Taylor', email: 'taylor@laravel.com' };
    server.reply({ json: { token: '1|laravel_sanctum_abc', user } });
    const result = await auth.login({ email: 'taylor@laravel.com', password: 'secret' });
    expect(last()).toMatchObject({ method: 'POST', url: '/api/login' });
    expect(JSON.parse(last().body)).toEqual({ email: 'taylor@laravel.com', password: 'secret' });
    expect(result.sessionId).toBe('1|laravel_sanctum_abc');
    server.reply({ json: user });
    expect(await auth.fetchUser()).toMatchObject({ name: 'Taylor' });
    expect(last()).toMatchObject({ url: '/api/user' });
    expect(last().headers.authorization).toBe('Bearer 1|laravel_sanctum_abc');
  });

  it("the login route's 422 (wrong credentials) rejects with the field message", async () => {
    server.reply({
      status: 422,
      json: {
        message: 'The provided credentials are incorrect.',
        errors: { email: ['The provided credentials are incorrect.'] },
      },
    });
    const error = await createAuthService(api())
      .login({ email: 'taylor@laravel.com', password: 'nope' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 422,
      message: 'The provided credentials are incorrect.',
      errors: { email: 'The provided credentials are incorrect.' },
    });
  });
});
