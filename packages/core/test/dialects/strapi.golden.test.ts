/**
 * strapi() against golden tables taken from Strapi 5's own documentation, not a running
 * server: a Strapi project (admin build, database) cannot run here. Each group cites the page
 * its rows come from (docs.strapi.io/cms/...). Strapi's docs write queries as objects and tell
 * you to serialize them with `qs.stringify(query, { encodeValuesOnly: true })`: rows taken from
 * such an object compare our query string with exactly that, and with what Strapi's own parser
 * settings (`qs`, arrayLimit 100, depth 20, strictNullHandling) read from it. Response rows
 * replay the documented bodies from a real HTTP server on 127.0.0.1.
 */
import qs from 'qs';
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
  isBridgeApiError,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  notBetween,
  notIn,
  QueryBuilder,
  startsWith,
} from '@bridgekit/core';
import { createAuthLifecycle } from '@bridgekit/core/auth';
import { strapi } from '@bridgekit/core/dialects';
import { fakeExecutor } from '../query/fakeExecutor';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { type QueryRow, queryRows } from './golden';

/** What the docs tell you to send for a query object. */
const docQuery = (query: object) => qs.stringify(query, { encodeValuesOnly: true });
/** How Strapi 5 parses the query string (its koa query parser's settings). */
const STRAPI_QS = { strictNullHandling: true, arrayLimit: 100, depth: 20 } as const;

/** A row from a documented query object: the exact string qs makes of it. */
const fromDoc = (chain: string, build: QueryRow['build'], query: object): QueryRow => ({
  chain,
  build,
  query: docQuery(query),
});

describe('strapi(): query rows', () => {
  // cms/api/rest/filters: examples
  queryRows(strapi(), [
    fromDoc("where('username', 'John')", (q) => q.where('username', 'John'), {
      filters: { username: { $eq: 'John' } },
    }),
    fromDoc("where('id', inOp([3, 6, 8]))", (q) => q.where('id', inOp([3, 6, 8])), {
      filters: { id: { $in: [3, 6, 8] } },
    }),
    fromDoc(
      "where('chef.restaurants.stars', 5) (deep filtering)",
      (q) => q.where('chef.restaurants.stars', 5),
      { filters: { chef: { restaurants: { stars: { $eq: 5 } } } } },
    ),
    fromDoc("where('author.name', 'Kai doe')", (q) => q.where('author.name', 'Kai doe'), {
      filters: { author: { name: { $eq: 'Kai doe' } } },
    }),
  ]);

  // cms/api/document-service/filters: one example per attribute operator, sent as REST
  const title = (filter: object) => ({ filters: { title: filter } });
  const rating = (filter: object) => ({ filters: { rating: filter } });
  queryRows(strapi(), [
    fromDoc(
      "where('title', 'Hello World')",
      (q) => q.where('title', 'Hello World'),
      title({ $eq: 'Hello World' }),
    ),
    fromDoc(
      "where('title', ilike('HELLO World'))",
      (q) => q.where('title', ilike('HELLO World')),
      title({ $eqi: 'HELLO World' }),
    ),
    fromDoc(
      "where('title', ne('ABCD'))",
      (q) => q.where('title', ne('ABCD')),
      title({ $ne: 'ABCD' }),
    ),
    fromDoc(
      "where('title', inOp(['Hello', 'Hola', 'Bonjour']))",
      (q) => q.where('title', inOp(['Hello', 'Hola', 'Bonjour'])),
      title({ $in: ['Hello', 'Hola', 'Bonjour'] }),
    ),
    fromDoc(
      "where('title', notIn(['Hello', 'Hola', 'Bonjour']))",
      (q) => q.where('title', notIn(['Hello', 'Hola', 'Bonjour'])),
      title({ $notIn: ['Hello', 'Hola', 'Bonjour'] }),
    ),
    fromDoc("where('rating', lt(10))", (q) => q.where('rating', lt(10)), rating({ $lt: 10 })),
    fromDoc("where('rating', lte(10))", (q) => q.where('rating', lte(10)), rating({ $lte: 10 })),
    fromDoc("where('rating', gt(5))", (q) => q.where('rating', gt(5)), rating({ $gt: 5 })),
    fromDoc("where('rating', gte(5))", (q) => q.where('rating', gte(5)), rating({ $gte: 5 })),
    fromDoc(
      "where('rating', between(1, 20))",
      (q) => q.where('rating', between(1, 20)),
      rating({ $between: [1, 20] }),
    ),
    fromDoc(
      "where('title', like('%Hello%'))",
      (q) => q.where('title', like('%Hello%')),
      title({ $contains: 'Hello' }),
    ),
    fromDoc(
      "where('title', ilike('%hello%'))",
      (q) => q.where('title', ilike('%hello%')),
      title({ $containsi: 'hello' }),
    ),
    fromDoc(
      "where('title', startsWith('ABCD'))",
      (q) => q.where('title', startsWith('ABCD')),
      title({ $startsWith: 'ABCD' }),
    ),
    fromDoc(
      "where('title', like('ABCD%'))",
      (q) => q.where('title', like('ABCD%')),
      title({ $startsWith: 'ABCD' }),
    ),
    fromDoc(
      "where('title', ilike('ABCD%'))",
      (q) => q.where('title', ilike('ABCD%')),
      title({ $startsWithi: 'ABCD' }),
    ),
    fromDoc(
      "where('title', endsWith('ABCD'))",
      (q) => q.where('title', endsWith('ABCD')),
      title({ $endsWith: 'ABCD' }),
    ),
    fromDoc(
      "where('title', ilike('%ABCD'))",
      (q) => q.where('title', ilike('%ABCD')),
      title({ $endsWithi: 'ABCD' }),
    ),
    fromDoc("where('title', isNull())", (q) => q.where('title', isNull()), title({ $null: true })),
    fromDoc(
      "where('title', isNotNull())",
      (q) => q.where('title', isNotNull()),
      title({ $notNull: true }),
    ),
    // The attribute-level $not of the same page, around $between
    fromDoc(
      "where('rating', notBetween(1, 20))",
      (q) => q.where('rating', notBetween(1, 20)),
      rating({ $not: { $between: [1, 20] } }),
    ),
    // `$eq: null` is `whereNull` in Strapi's query engine; the string "null" would be a value
    fromDoc("where('title', null)", (q) => q.where('title', null), title({ $null: true })),
  ]);

  // cms/api/rest/sort-pagination
  queryRows(strapi(), [
    {
      // The REST tab prints `:` as is; qs encodes it (%3A): the same pairs
      chain: "sort('Description', 'asc').sort('Name', 'desc')",
      build: (q) => q.sort('Description', 'asc').sort('Name', 'desc'),
      query: 'sort[0]=Description:asc&sort[1]=Name:desc',
      doc: docQuery({ sort: ['Description:asc', 'Name:desc'] }),
    },
    fromDoc('page(1).limit(10)', (q) => q.page(1).limit(10), {
      pagination: { page: 1, pageSize: 10 },
    }),
    fromDoc('offset(0).limit(10)', (q) => q.offset(0).limit(10), {
      pagination: { start: 0, limit: 10 },
    }),
    fromDoc('limit(10).offset(0)', (q) => q.limit(10).offset(0), {
      pagination: { limit: 10, start: 0 },
    }),
  ]);

  // cms/api/rest (populate: "Use * for all"), cms/api/rest/locale, cms/api/rest/status
  queryRows(strapi(), [
    {
      chain: "param('populate', '*')",
      build: (q) => q.param('populate', '*'),
      query: 'populate=*',
    },
    { chain: "param('locale', 'fr')", build: (q) => q.param('locale', 'fr'), query: 'locale=fr' },
    {
      chain: "param('status', 'draft')",
      build: (q) => q.param('status', 'draft'),
      query: 'status=draft',
    },
  ]);

  // cms/api/rest/filters#complex-filtering: the $or form, one branch per search field
  queryRows(strapi({ search: ['name', 'description'] }), [
    fromDoc("search('chair') with search: ['name', 'description']", (q) => q.search('chair'), {
      filters: {
        $or: [{ name: { $containsi: 'chair' } }, { description: { $containsi: 'chair' } }],
      },
    }),
  ]);

  it('Strapi reads $in and $between back as arrays (and no more than 100 items: qs arrayLimit 100)', () => {
    const q = new QueryBuilder(fakeExecutor(), '/t', strapi().query)
      .where('id', inOp([3, 6, 8]))
      .where('rating', between(1, 20));
    expect(qs.parse(q.toQueryString(), STRAPI_QS)).toEqual({
      filters: { id: { $in: ['3', '6', '8'] }, rating: { $between: ['1', '20'] } },
    });
    const many = Array.from({ length: 101 }, (_, i) => i);
    expect(() =>
      new QueryBuilder(fakeExecutor(), '/t', strapi().query).where('id', inOp(many)),
    ).toThrow(/Strapi 5 cannot express more than 100 values/);
  });
});

describe('strapi(): what it cannot express', () => {
  const q = () => new QueryBuilder(fakeExecutor(), '/t', strapi().query);
  it('a wildcard in the middle of a pattern without one at an end', () => {
    expect(() => q().where('title', like('a%b'))).toThrow(
      new TypeError(`Strapi 5 cannot express the pattern "a%b" of operator 'like' (on "title")`),
    );
  });
  it("startsWith/endsWith with % or _ (Strapi does not escape LIKE's wildcards)", () => {
    expect(() => q().where('code', startsWith('50%'))).toThrow(/Strapi 5 cannot express/);
    expect(() => q().where('code', endsWith('a_b'))).toThrow(/Strapi 5 cannot express/);
  });
  it('wildcards inside %...% pass through, with the same meaning', () => {
    expect(q().where('title', like('%a_b%')).toQueryString()).toBe('filters[title][$contains]=a_b');
  });
  it('search text without search fields, and unknown operators', () => {
    expect(() => q().search('chair')).toThrow(/Strapi 5 cannot express search/);
    expect(() => q().where('tags', 'overlaps', 'a')).toThrow(
      new TypeError(`Strapi 5 cannot express operator 'overlaps' (on "tags")`),
    );
  });
  it('page and offset cannot be mixed: the later replaces the earlier in place', () => {
    expect(q().page(2).limit(10).offset(40).toQueryString()).toBe(
      'pagination[start]=40&pagination[limit]=10',
    );
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const api = () => createClient(`${server.url}/api`, { dialect: strapi() });
const restaurants = () => createBridgeApiService(api(), { endpoint: '/restaurants' });
const last = () => server.requests.at(-1)!;

describe('strapi(): list rows', () => {
  // cms/api/rest#get-all: two restaurants, page 1 of 1
  it('{ data, meta: { pagination: { page, pageSize, pageCount, total } } }', async () => {
    const data = [
      { id: 2, documentId: 'hgv1vny5cebq2l3czil1rpb3', Name: 'BMK Paris Bamako' },
      { id: 4, documentId: 'znrlzntu9ei5onjvwfaalu2v', Name: 'Biscotte Restaurant' },
    ];
    server.reply({
      json: { data, meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 } } },
    });
    expect(await restaurants().getList()).toEqual({
      data,
      meta: { page: 1, limit: 25, total: 2, hasMore: false },
    });
    expect(last().url).toBe('/api/restaurants');
  });

  // cms/api/rest/sort-pagination#pagination-by-page: page 1 of 5, 48 in all
  it('page 1 of 5: more pages', async () => {
    server.reply({
      json: {
        data: Array.from({ length: 10 }, (_, i) => ({ id: i + 1 })),
        meta: { pagination: { page: 1, pageSize: 10, pageCount: 5, total: 48 } },
      },
    });
    const { meta } = await createBridgeApiService(api(), { endpoint: '/articles' }).getList({
      page: 1,
      limit: 10,
    });
    expect(last().url).toBe('/api/articles?pagination[page]=1&pagination[pageSize]=10');
    expect(meta).toEqual({ page: 1, limit: 10, total: 48, hasMore: true });
  });

  // Same numbers, last page (derived): 8 rows on page 5
  it('page 5 of 5: the last page', async () => {
    server.reply({
      json: {
        data: Array.from({ length: 8 }, (_, i) => ({ id: 41 + i })),
        meta: { pagination: { page: 5, pageSize: 10, pageCount: 5, total: 48 } },
      },
    });
    const { data, meta } = await createBridgeApiService(api(), { endpoint: '/articles' }).getList({
      page: 5,
      limit: 10,
    });
    expect(data).toHaveLength(8);
    expect(meta).toEqual({ page: 5, limit: 10, total: 48, hasMore: false });
  });

  // cms/api/rest/sort-pagination#pagination-by-offset: { start: 0, limit: 10, total: 42 }
  it('offset pagination meta: { start, limit, total }', async () => {
    server.reply({
      json: {
        data: Array.from({ length: 10 }, (_, i) => ({ id: i })),
        meta: { pagination: { start: 0, limit: 10, total: 42 } },
      },
    });
    const res = await api().get('/articles?pagination[start]=0&pagination[limit]=10');
    expect(strapi().list!(res, {})).toMatchObject({
      meta: { page: 1, limit: 10, total: 42, hasMore: true },
    });
  });

  // cms/features/users-permissions/rest-api#list-users: "An array of user objects" (no wrapper)
  it('a bare array (users-permissions) is the data', async () => {
    server.reply({ json: [{ id: 1, username: 'testuser1' }] });
    const { data, meta } = await createBridgeApiService(api(), { endpoint: '/users' }).getList();
    expect(data).toEqual([{ id: 1, username: 'testuser1' }]);
    expect(meta).not.toHaveProperty('total');
  });
});

describe('strapi(): record rows', () => {
  // cms/api/rest#get: GET /api/restaurants/:documentId -> { data, meta: {} }
  it('getById by documentId unwraps data', async () => {
    const doc = { id: 6, documentId: 'znrlzntu9ei5onjvwfaalu2v', Name: 'Biscotte Restaurant' };
    server.reply({ json: { data: doc, meta: {} } });
    expect(await restaurants().getById('znrlzntu9ei5onjvwfaalu2v')).toEqual(doc);
    expect(last()).toMatchObject({
      method: 'GET',
      url: '/api/restaurants/znrlzntu9ei5onjvwfaalu2v',
    });
  });

  // cms/api/rest#create: POST { data: { Name, ... } }
  it('create wraps the body in { data } and unwraps the answer', async () => {
    const created = { documentId: 'bw64dnu97i56nq85106yt4du', Name: 'Restaurant D' };
    server.reply({ json: { data: created, meta: {} } });
    expect(await restaurants().create({ Name: 'Restaurant D' })).toEqual(created);
    expect(last()).toMatchObject({ method: 'POST', url: '/api/restaurants' });
    expect(JSON.parse(last().body)).toEqual({ data: { Name: 'Restaurant D' } });
  });

  // cms/api/rest#update: "Partially updates a document by documentId" -> PUT is partial in Strapi 5
  it('update is PUT { data: partial }', async () => {
    const updated = {
      id: 9,
      documentId: 'hgv1vny5cebq2l3czil1rpb3',
      Name: 'BMK Paris Bamako',
      locale: 'en',
    };
    server.reply({ json: { data: updated, meta: {} } });
    expect(
      await restaurants().update('hgv1vny5cebq2l3czil1rpb3', { Name: 'BMK Paris Bamako' }),
    ).toEqual(updated);
    expect(last()).toMatchObject({
      method: 'PUT',
      url: '/api/restaurants/hgv1vny5cebq2l3czil1rpb3',
    });
    expect(JSON.parse(last().body)).toEqual({ data: { Name: 'BMK Paris Bamako' } });
  });

  // cms/api/rest#delete
  it('delete is DELETE /:documentId', async () => {
    server.reply({ status: 204 });
    await restaurants().delete('bw64dnu97i56nq85106yt4du');
    expect(last()).toMatchObject({
      method: 'DELETE',
      url: '/api/restaurants/bw64dnu97i56nq85106yt4du',
    });
  });
});

describe('strapi(): error rows', () => {
  // cms/api/rest#get, 404 response
  it('404 { error: { status, name, message } }', async () => {
    server.reply({
      status: 404,
      json: { error: { status: 404, name: 'NotFoundError', message: 'Document not found' } },
    });
    const error = await restaurants()
      .getById('nope')
      .catch((e: unknown) => e);
    expect(isBridgeApiError(error)).toBe(true);
    expect(error).toMatchObject({
      status: 404,
      code: 'NotFoundError',
      message: 'Document not found',
    });
  });

  // cms/error-handling#rest-errors, with details as @strapi/utils formats yup errors
  // ({ errors: [{ path, message, name, value }], message })
  it('400 ValidationError: details.errors -> errors by field path', async () => {
    server.reply({
      status: 400,
      json: {
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message: '2 errors occurred',
          details: {
            errors: [
              {
                path: ['Name'],
                message: 'Name must be defined.',
                name: 'ValidationError',
                value: null,
              },
              {
                path: ['address', 'city'],
                message: 'city is a required field',
                name: 'ValidationError',
              },
            ],
            message: '2 errors occurred',
          },
        },
      },
    });
    const res = await api().post('/restaurants', { data: {} });
    expect(res).toMatchObject({
      success: false,
      status: 400,
      error: '2 errors occurred',
      code: 'ValidationError',
      errors: { Name: 'Name must be defined.', 'address.city': 'city is a required field' },
    });
  });
});

describe('strapi(): auth rows', () => {
  // cms/features/users-permissions/rest-api#login
  it('POST /auth/local { identifier, password } -> { jwt, user }; then Bearer', async () => {
    const client = api();
    const auth = createAuthService(client);
    const user = {
      id: 1,
      documentId: 'x74detpqybxw0bn6ormua5g2',
      username: 'testuser1',
      email: 'user@example.com',
      provider: 'local',
      confirmed: true,
      blocked: false,
    };
    server.reply({ json: { jwt: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9...', user } });
    const result = await auth.login({ email: 'user@example.com', password: 'yourPassword' });
    expect(last()).toMatchObject({ method: 'POST', url: '/api/auth/local' });
    expect(JSON.parse(last().body)).toEqual({
      identifier: 'user@example.com',
      password: 'yourPassword',
    });
    expect(result).toMatchObject({
      sessionId: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9...',
      user: { username: 'testuser1' },
    });
    server.reply({ json: user });
    expect(await auth.fetchUser()).toMatchObject({ username: 'testuser1' });
    expect(last()).toMatchObject({ url: '/api/users/me' });
    expect(last().headers.authorization).toBe('Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9...');
  });

  it('a user name signs in as the identifier too', async () => {
    server.reply({
      status: 400,
      json: {
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message: 'Invalid identifier or password',
          details: {},
        },
      },
    });
    const error = await createAuthService(api())
      .login({ userName: 'testuser1', password: 'wrong' })
      .catch((e: unknown) => e);
    expect(JSON.parse(last().body)).toEqual({ identifier: 'testuser1', password: 'wrong' });
    expect(error).toMatchObject({ status: 400, message: 'Invalid identifier or password' });
  });
});

describe('strapi(): account rows (@bridgekit/core/auth)', () => {
  // cms/features/users-permissions/rest-api: register, forgot/reset password, change password.
  const user = { id: 2, documentId: 'k2', username: 'kai', email: 'kai@example.com' };
  const signedIn = { jwt: 'jwt-after', user };

  it('register: POST /auth/local/register { username, email, password } -> signed in', async () => {
    const client = api();
    const account = createAuthLifecycle(createAuthService(client));
    server.replies({ json: signedIn }, { json: user });
    const result = await account.register({
      userName: 'kai',
      email: 'kai@example.com',
      password: 'Test1234',
    });
    const [register, me] = server.requests.slice(-2);
    expect(register).toMatchObject({ method: 'POST', url: '/api/auth/local/register' });
    expect(JSON.parse(register!.body)).toEqual({
      username: 'kai',
      email: 'kai@example.com',
      password: 'Test1234',
    });
    expect(me!.headers.authorization).toBe('Bearer jwt-after');
    expect(result).toMatchObject({ username: 'kai' });
    account.dispose();
  });

  it('forgot, reset ({ code, password, passwordConfirmation }) and change password', async () => {
    const client = api();
    const auth = createAuthService(client);
    const account = createAuthLifecycle(auth);
    server.reply({ json: { ok: true } });
    await account.requestPasswordReset('kai@example.com');
    expect(last()).toMatchObject({ method: 'POST', url: '/api/auth/forgot-password' });
    expect(JSON.parse(last().body)).toEqual({ email: 'kai@example.com' });

    server.reply({ json: signedIn });
    await account.resetPassword('privateCode', 'myNewPassword');
    expect(last()).toMatchObject({ url: '/api/auth/reset-password' });
    expect(JSON.parse(last().body)).toEqual({
      code: 'privateCode',
      password: 'myNewPassword',
      passwordConfirmation: 'myNewPassword',
    });

    client.setSessionId('jwt-before');
    server.reply({ json: { jwt: 'jwt-changed', user } });
    await account.changePassword('myNewPassword', 'another1');
    expect(last()).toMatchObject({ url: '/api/auth/change-password' });
    expect(last().headers.authorization).toBe('Bearer jwt-before');
    expect(JSON.parse(last().body)).toEqual({
      currentPassword: 'myNewPassword',
      password: 'another1',
      passwordConfirmation: 'another1',
    });
    // Strapi ends the old jwt with the password: the answer's jwt becomes the session.
    expect(await client.getSessionId()).toBe('jwt-changed');
    account.dispose();
  });

  it('two-factor calls reject with CLIENT_ERROR and send nothing (no 2FA in Users & Permissions)', async () => {
    const client = api();
    const account = createAuthLifecycle(createAuthService(client));
    client.setSessionId('jwt');
    const sent = server.requests.length;
    for (const call of [
      () => account.setupTwoFactor(),
      () => account.enableTwoFactor('123456'),
      () => account.disableTwoFactor('123456'),
    ]) {
      await expect(call()).rejects.toMatchObject({
        name: 'BridgeApiError',
        code: 'CLIENT_ERROR',
        message: expect.stringContaining('Strapi'),
      });
    }
    expect(server.requests.length).toBe(sent);
    account.dispose();
  });
});
