/**
 * feathers() against a real Feathers 5 app (Koa, memory services, local + JWT authentication),
 * started in-process on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  between,
  notBetween,
  type Client,
  createAuthService,
  createBridgeApiService,
  createClient,
  gt,
  gte,
  ilike,
  inOp,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notIn,
  startsWith,
} from '@bridgekit/core';
import { createAuthLifecycle } from '@bridgekit/core/auth';
import { feathers } from '@bridgekit/core/dialects';
import { type RunningBackend, startFeathers } from '../../../../backends/servers.mjs';
import { idsOf, idsWhere, PRODUCTS, type Product } from './seed';

// The memory service numbers records from 1 in seed order, so ids match the seed's.
const SEED = PRODUCTS.map(({ id: _id, ...rest }) => rest);
const USER = { email: 'admin@example.com', password: 'admin123', role: 'admin', name: 'Ada' };

let backend: RunningBackend;
let api: Client;
beforeAll(async () => {
  backend = await startFeathers({ users: [USER], products: SEED });
  api = createClient(backend.url, { dialect: feathers() });
  await createAuthService(api).login({ email: USER.email, password: USER.password });
});
afterAll(() => backend.close());

const products = () => createBridgeApiService<Product>(api, { endpoint: '/products' });

describe('feathers: login', () => {
  it('POST /authentication with strategy local; the session goes as Authorization: Bearer', async () => {
    const client = createClient(backend.url, { dialect: feathers() });
    const auth = createAuthService(client);
    expect(auth.paths.login).toBe('/authentication');
    const result = await auth.login({ email: USER.email, password: USER.password });
    expect(result.user).toMatchObject({ email: USER.email, role: 'admin', userType: 'admin' });
    expect(result.user).not.toHaveProperty('password');
    expect(result.sessionId?.split('.')).toHaveLength(3);
    expect(Date.parse(result.expiresAt!)).toBeGreaterThan(Date.now());
    expect(auth.getState()).toMatchObject({ isAuthenticated: true });
    const list = await client.get('/products');
    expect(list.success).toBe(true);
  });

  it('without the token the service answers 401 NotAuthenticated', async () => {
    const res = await createClient(backend.url, { dialect: feathers() }).get('/products');
    expect(res).toMatchObject({
      success: false,
      status: 401,
      code: 'NotAuthenticated',
      error: 'Not authenticated',
    });
  });

  it('bad credentials reject with the server message', async () => {
    const auth = createAuthService(createClient(backend.url, { dialect: feathers() }));
    const error = await auth
      .login({ email: USER.email, password: 'nope' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 401,
      code: 'NotAuthenticated',
      message: 'Invalid login',
    });
  });
});

describe('feathers: account flows (@bridgekit/core/auth)', () => {
  it('register creates a user at POST /users (no session in the answer); login then works', async () => {
    const client = createClient(backend.url, { dialect: feathers() });
    const auth = createAuthService(client);
    const account = createAuthLifecycle(auth);
    const credentials = { email: 'new@example.com', password: 'long-enough-1' };
    await expect(account.register({ ...credentials, name: 'Nia' })).resolves.toBeNull();
    expect(auth.getState().isAuthenticated).toBe(false);
    const result = await auth.login(credentials);
    expect(result.user).toMatchObject({ email: 'new@example.com', name: 'Nia' });
    expect(result.user).not.toHaveProperty('password');
    account.dispose();
  });

  it('flows core Feathers does not have reject with CLIENT_ERROR and send nothing', async () => {
    const client = createClient(backend.url, { dialect: feathers() });
    const auth = createAuthService(client);
    const account = createAuthLifecycle(auth);
    await auth.login({ email: USER.email, password: USER.password });
    const sent: string[] = [];
    client.addRequestInterceptor((request) => {
      sent.push(request.url);
      return request;
    });
    for (const call of [
      () => account.requestPasswordReset(USER.email),
      () => account.resetPassword('token', 'another-secret'),
      () => account.changePassword(USER.password, 'another-secret'),
      () => account.setupTwoFactor(),
    ]) {
      await expect(call()).rejects.toMatchObject({
        name: 'BridgeApiError',
        code: 'CLIENT_ERROR',
        message: expect.stringContaining('feathers has no'),
      });
    }
    // No refresh token either: refreshing is a quiet false, with no request.
    expect(await account.refreshSession()).toBe(false);
    expect(sent).toEqual([]);
    account.dispose();
  });
});

describe('feathers: filters return exactly the rows they mean', () => {
  const cases: Array<[string, (q: any) => any, (p: Product) => boolean]> = [
    ['eq', (q) => q.where('category', 'office'), (p) => p.category === 'office'],
    ['ne', (q) => q.where('category', ne('office')), (p) => p.category !== 'office'],
    ['gt', (q) => q.where('price', gt(80)), (p) => p.price > 80],
    ['gte', (q) => q.where('price', gte(80)), (p) => p.price >= 80],
    ['lt', (q) => q.where('price', lt(30)), (p) => p.price < 30],
    ['lte', (q) => q.where('price', lte(30)), (p) => p.price <= 30],
    [
      'between (sent as gte + lte)',
      (q) => q.where('price', between(30, 120)),
      (p) => p.price >= 30 && p.price <= 120,
    ],
    [
      'gte + lte',
      (q) => q.where('price', gte(30)).where('price', lte(120)),
      (p) => p.price >= 30 && p.price <= 120,
    ],
    ['in', (q) => q.where('category', inOp(['home', 'garden'])), (p) => p.category !== 'office'],
    ['in (one item)', (q) => q.where('category', inOp(['home'])), (p) => p.category === 'home'],
    ['nin', (q) => q.where('category', notIn(['home', 'garden'])), (p) => p.category === 'office'],
  ];
  it.each(cases)('%s', async (_name, build, keep) => {
    const res = await build(api.query('/products')).limit(50).get();
    expect(res.success).toBe(true);
    expect(idsOf(res.data as Product[])).toEqual(idsWhere(keep));
  });

  it('sorts with $sort[field]=1/-1, several fields in call order', async () => {
    const q = api.query('/products').sort('category').sort('price', 'desc').limit(50);
    expect(q.toQueryString()).toBe('$sort[category]=1&$sort[price]=-1&$limit=50');
    const res = await q.get();
    expect((res.data as Product[]).map((p) => String(p.id))).toEqual(
      [...PRODUCTS]
        .sort((a, b) => a.category.localeCompare(b.category) || b.price - a.price)
        .map((p) => p.id),
    );
  });
});

describe('feathers: a list param is sent as Feathers reads a list', () => {
  it("param('$select', [...]) selects those fields (sent as $select[]=id&$select[]=name)", async () => {
    const q = api.query('/products').param('$select', ['id', 'name']).limit(50);
    expect(q.toQueryString()).toBe('$select[]=id&$select[]=name&$limit=50');
    const res = await q.get();
    expect(res.success).toBe(true);
    expect(res.data).toEqual(SEED.map((p, i) => ({ id: i + 1, name: p.name })));
  });

  it('a list param longer than arrayLimit is refused at the call', () => {
    const many = Array.from({ length: 21 }, (_, i) => `f${i}`);
    expect(() => api.query('/products').param('$select', many)).toThrow(
      /feathers cannot express more than 20 items in param '\$select'/,
    );
  });
});

describe('feathers: null', () => {
  const nullCases: Array<[string, (q: any) => any]> = [
    ["where('tag', null)", (q) => q.where('tag', null)],
    ['isNull', (q) => q.where('tag', isNull())],
    ['isNotNull', (q) => q.where('tag', isNotNull())],
  ];
  it.each(nullCases)('%s is refused by default: REST sends text, never a null', (_n, add) => {
    expect(() => add(api.query('/products'))).toThrow(
      new TypeError(
        `feathers cannot express null (on "tag") unless the app's query schema reads '' as null; set feathers({ nulls: true }) if it does`,
      ),
    );
  });

  it('a service call with a null filter rejects with CLIENT_ERROR and sends nothing', async () => {
    const error = await products()
      .search({ q: '', filters: { tag: { operator: 'null', value: null } } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'CLIENT_ERROR', status: 0 });
  });

  it("the text 'null' is not null for Feathers: by hand, tag=null matches no row", async () => {
    const res = await api.get('/products?tag=null&$limit=50');
    expect(res).toMatchObject({ success: true, data: { total: 0, data: [] } });
  });

  it("with nulls: true null is sent as Feathers' client sends it (tag=) and means null", async () => {
    const client = createClient(backend.url, {
      dialect: feathers({ nulls: true }),
      sessionId: (await api.getSessionId()) ?? '',
    });
    const isNullQ = client.query('/products').where('tag', isNull()).limit(50);
    expect(isNullQ.toQueryString()).toBe('tag=&$limit=50');
    const nulls = await isNullQ.get();
    expect(idsOf(nulls.data)).toEqual(idsWhere((p) => p.tag === null));
    const eqNull = await client.query('/products').where('tag', null).limit(50).get();
    expect(idsOf(eqNull.data)).toEqual(idsWhere((p) => p.tag === null));
    const notNull = client.query('/products').where('tag', isNotNull()).limit(50);
    expect(notNull.toQueryString()).toBe('tag[$ne]=&$limit=50');
    expect(idsOf((await notNull.get()).data)).toEqual(idsWhere((p) => p.tag !== null));
  });
});

describe("feathers: the builder's get() gives the rows and Feathers' facts", () => {
  it('a page: rows in data; page, limit, total and totalPages from { total, limit, skip }', async () => {
    const res = await api.query('/products').sort('price').page(2).limit(5).get();
    const byPrice = [...PRODUCTS].sort((a, b) => a.price - b.price).map((p) => p.id);
    if (!res.success) expect.fail(res.error);
    expect((res.data as Product[]).map((p) => String(p.id))).toEqual(byPrice.slice(5, 10));
    expect(res.meta).toEqual({ page: 2, limit: 5, total: 12, totalPages: 3 });
  });

  it('the plain verbs keep the body as Feathers sent it', async () => {
    const res = await api.get('/products?$limit=5&$skip=5');
    expect(res.data).toMatchObject({ total: 12, limit: 5, skip: 5 });
    expect(res.meta).toBeUndefined();
  });
});

describe('feathers: lists through the service', () => {
  it('pages 1, 2 and last from { total, limit, skip, data }', async () => {
    const service = products();
    const byPrice = [...PRODUCTS].sort((a, b) => a.price - b.price).map((p) => p.id);
    const page = async (n: number) => {
      const res = await service.getList({ page: n, limit: 5, orderBy: 'price' });
      return { ids: res.data.map((p) => String(p.id)), meta: res.meta };
    };
    expect(await page(1)).toEqual({
      ids: byPrice.slice(0, 5),
      meta: { page: 1, limit: 5, total: 12, hasMore: true },
    });
    expect(await page(2)).toEqual({
      ids: byPrice.slice(5, 10),
      meta: { page: 2, limit: 5, total: 12, hasMore: true },
    });
    expect(await page(3)).toEqual({
      ids: byPrice.slice(10),
      meta: { page: 3, limit: 5, total: 12, hasMore: false },
    });
  });

  it('a page without a limit uses the service default (10)', async () => {
    const res = await products().getList({ page: 2 });
    expect(res.data).toHaveLength(2);
    expect(res.meta).toEqual({ page: 2, limit: 10, total: 12, hasMore: false });
  });

  it('search: filters on the list endpoint; full-text is CLIENT_ERROR', async () => {
    const res = await products().search({
      q: '',
      filters: { price: { operator: 'lt', value: 50 } },
    });
    expect(idsOf(res.data)).toEqual(idsWhere((p) => p.price < 50));
    const error = await products()
      .search({ q: 'desk' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 0,
      code: 'CLIENT_ERROR',
      message: 'feathers cannot express full-text search',
    });
  });
});

describe("feathers: its query parser's arrayLimit (20)", () => {
  const names = (n: number) =>
    [...PRODUCTS.map((p) => p.name), ...Array.from({ length: n }, (_, i) => `none${i}`)].slice(
      0,
      n,
    );
  it('20 in items return the rows they mean', async () => {
    const res = await api
      .query('/products')
      .where('name', inOp(names(20)))
      .limit(50)
      .get();
    expect(idsOf(res.data as Product[])).toEqual(idsWhere(() => true));
  });
  it('21 items sent anyway come back as 200 with no row: so the dialect refuses them', async () => {
    const raw = names(21)
      .map((n) => `name[$in][]=${n}`)
      .join('&');
    // The same query written by hand, past the dialect's check.
    const res = await api.get(`/products?${raw}&$limit=50`);
    // qs read the list as an object: a success that matches none of the 12 named rows.
    expect(res).toMatchObject({ success: true, status: 200, data: { total: 0, data: [] } });
    expect(() => api.query('/products').where('name', inOp(names(21)))).toThrow(
      /feathers cannot express more than 20 items/,
    );
  });
});

describe('feathers: what it cannot express is a TypeError at the call', () => {
  it.each([
    [
      'notBetween',
      (q: any) => q.where('price', notBetween(1, 5)),
      `operator 'notBetween' (on "price")`,
    ],
    [
      'ilike without like: true',
      (q: any) => q.where('name', ilike('%a%')),
      `operator 'ilike' (on "name")`,
    ],
    [
      'startsWith',
      (q: any) => q.where('name', startsWith('D')),
      `operator 'startsWith' (on "name")`,
    ],
    ['search', (q: any) => q.search('desk'), 'full-text search'],
    ['a field with brackets', (q: any) => q.where('a[b]', 1), 'the field name "a[b]"'],
    ['a $ field', (q: any) => q.sort('$x'), 'the field name "$x"'],
  ])('%s', (_name, add, what) => {
    const q = api.query('/products').where('category', 'home');
    const before = q.toQueryString();
    expect(() => add(q)).toThrow(new TypeError(`feathers cannot express ${what}`));
    expect(q.toQueryString()).toBe(before);
  });

  it('the memory adapter refuses $ilike: with like: true the query is sent and Feathers says 400', async () => {
    const client = createClient(backend.url, {
      dialect: feathers({ like: true }),
      sessionId: (await api.getSessionId()) ?? '',
    });
    const q = client.query('/products').where('name', ilike('%a%'));
    expect(q.toQueryString()).toBe('name[$ilike]=%25a%25');
    expect(await q.get()).toMatchObject({
      success: false,
      status: 400,
      code: 'BadRequest',
      error: 'Invalid query parameter $ilike',
    });
  });
});

describe('feathers: records', () => {
  it('get, create, partial update (PATCH) that keeps the other fields, delete, 404', async () => {
    const service = products();
    expect(await service.getById('3')).toEqual({ ...SEED[2], id: 3 });
    const created = await service.create({
      name: 'Crate',
      price: 12,
      category: 'garden',
      stock: 1,
      tag: 'new',
    });
    expect(created).toMatchObject({ name: 'Crate', price: 12 });
    const updated = await service.update(String(created.id), { price: 14 });
    expect(updated).toEqual({ ...created, price: 14 });
    expect(await service.getById(String(created.id))).toEqual({ ...created, price: 14 });
    await service.delete(String(created.id));
    const missing = await service.getById(String(created.id)).catch((e: unknown) => e);
    expect(missing).toMatchObject({
      status: 404,
      code: 'NotFound',
      message: `No record found for id '${created.id}'`,
    });
  });

  it('validation error: BadRequest with field errors', async () => {
    const error = await products()
      .create({ price: -1 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      code: 'BadRequest',
      message: 'Invalid product',
      errors: { name: 'name is required', price: 'price must be a number >= 0' },
    });
  });
});
