/**
 * The djangoRest dialect against a real Django REST Framework + django-filter server (the
 * fixture project in ./drf, started with Debian's Python): every expected row set is computed
 * from the seed the server loaded.
 */
import {
  type BridgeApiError,
  between,
  type Client,
  createAuthService,
  createBridgeApiService,
  createClient,
  endsWith,
  type FilterOperator,
  gt,
  gte,
  ilike,
  inOp,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  notBetween,
  notIn,
  type QueryBuilder,
  startsWith,
} from '@bridgekit/core';
import { djangoRest } from '@bridgekit/core/dialects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DrfServer, type Product, seed, startDrf } from './drf/startDrf';

let drf: DrfServer;
let api: Client;
const sent: string[] = [];

beforeAll(async () => {
  drf = await startDrf();
  api = createClient(`${drf.url}/api`, { dialect: djangoRest() });
  api.addRequestInterceptor((config) => {
    sent.push(`${config.method} ${config.url.slice(drf.url.length)}`);
    return config;
  });
}, 60_000);

afterAll(async () => {
  await drf?.stop();
});

const rows = seed.products;
const ids = (list: Array<{ id: number }>) => list.map((p) => p.id);
const where = (test: (p: Product) => boolean) => ids(rows.filter(test));
const time = (p: Product) => (p.released === null ? null : Date.parse(p.released));
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (error: BridgeApiError) => error,
  );

/** Every row of a builder query, in one page (page_size 100), and the query string sent. */
async function all(chain: (b: QueryBuilder<unknown>) => QueryBuilder<unknown>) {
  const builder = chain(api.query('/products/')).limit(100);
  const response = await builder.get();
  expect(response.error).toBeUndefined();
  expect(response.success).toBe(true);
  const found = response.data as Product[];
  expect(response.meta?.total).toBe(found.length);
  return { ids: ids(found), query: builder.toQueryString() };
}

describe('djangoRest against Django REST Framework: filters', () => {
  const filters: Array<[string, (b: QueryBuilder<unknown>) => QueryBuilder<unknown>, number[]]> = [
    ['equality', (b) => b.where('category', 'lighting'), where((p) => p.category === 'lighting')],
    ['a boolean', (b) => b.where('active', false), where((p) => !p.active)],
    ['equality with null', (b) => b.where('stock', null), where((p) => p.stock === null)],
    ['gt', (b) => b.where('stock', gt(10)), where((p) => p.stock !== null && p.stock > 10)],
    ['gte', (b) => b.where('price', gte(120)), where((p) => p.price >= 120)],
    ['lt', (b) => b.where('price', lt(25)), where((p) => p.price < 25)],
    ['lte', (b) => b.where('price', lte(25)), where((p) => p.price <= 25)],
    [
      'between (range, inclusive)',
      (b) => b.where('price', between(25, 120)),
      where((p) => p.price >= 25 && p.price <= 120),
    ],
    [
      'in',
      (b) => b.where('name', inOp(['Oak Desk', 'Footrest', 'Nothing'])),
      where((p) => ['Oak Desk', 'Footrest'].includes(p.name)),
    ],
    [
      'in on numbers',
      (b) => b.where('stock', inOp([0, 2, 4])),
      where((p) => [0, 2, 4].includes(p.stock as number)),
    ],
    ['isNull', (b) => b.where('stock', isNull()), where((p) => p.stock === null)],
    ['isNotNull', (b) => b.where('stock', isNotNull()), where((p) => p.stock !== null)],
    [
      'startsWith',
      (b) => b.where('name', startsWith('Desk')),
      where((p) => p.name.startsWith('Desk')),
    ],
    ['endsWith', (b) => b.where('name', endsWith('Lamp')), where((p) => p.name.endsWith('Lamp'))],
    // Case-sensitive lookups run as LIKE on SQLite, which ignores ASCII case (a documented
    // Django limitation): these patterns mean the same either way.
    ['like %x%', (b) => b.where('name', like('%Lamp%')), where((p) => p.name.includes('Lamp'))],
    ['like x%', (b) => b.where('name', like('Desk%')), where((p) => p.name.startsWith('Desk'))],
    ['like %x', (b) => b.where('name', like('%Arm')), where((p) => p.name.endsWith('Arm'))],
    [
      'like without wildcards',
      (b) => b.where('name', like('Oak Desk')),
      where((p) => p.name === 'Oak Desk'),
    ],
    [
      'ilike %x%',
      (b) => b.where('name', ilike('%desk%')),
      where((p) => p.name.toLowerCase().includes('desk')),
    ],
    [
      'ilike x%',
      (b) => b.where('name', ilike('DESK%')),
      where((p) => p.name.toLowerCase().startsWith('desk')),
    ],
    [
      'ilike %x',
      (b) => b.where('name', ilike('%lamp')),
      where((p) => p.name.toLowerCase().endsWith('lamp')),
    ],
    [
      'ilike without wildcards',
      (b) => b.where('name', ilike('oak desk')),
      where((p) => p.name.toLowerCase() === 'oak desk'),
    ],
    [
      'gte on a date',
      (b) => b.where('released', gte(new Date('2023-06-15T09:00:00Z'))),
      where((p) => (time(p) ?? -Infinity) >= Date.parse('2023-06-15T09:00:00Z')),
    ],
    [
      'between dates',
      (b) => b.where('released', between(new Date('2022-01-01'), new Date('2023-06-30'))),
      where((p) => {
        const t = time(p);
        return t !== null && t >= Date.parse('2022-01-01') && t <= Date.parse('2023-06-30');
      }),
    ],
    [
      'a custom lookup (year)',
      (b) => b.where('released', 'year', 2023),
      where((p) => p.released?.startsWith('2023') === true),
    ],
    [
      'two lookups on one field and another field',
      (b) => b.where('price', gte(20)).where('price', lt(200)).where('category', 'furniture'),
      where((p) => p.price >= 20 && p.price < 200 && p.category === 'furniture'),
    ],
  ];

  it.each(filters)('%s returns exactly the rows it means', async (_what, chain, expected) => {
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(rows.length);
    expect((await all(chain)).ids).toEqual(expected);
  });

  it('sends django-filter names on the wire', async () => {
    sent.length = 0;
    await api.query('/products/').where('price', between(1, 5)).where('stock', isNull()).get();
    expect(sent).toEqual(['GET /api/products/?price__range=1,5&stock__isnull=true']);
  });

  it('a filter value django-filter rejects comes back as errors', async () => {
    const response = await api.query('/products/').where('price', 'gte', 'cheap').get();
    expect(response).toMatchObject({
      success: false,
      status: 400,
      error: 'price__gte: Enter a number.',
      errors: { price__gte: 'Enter a number.' },
    });
  });
});

describe('djangoRest against Django REST Framework: what it refuses', () => {
  it.each([
    ['ne', ne('x')],
    ['nin', notIn(['x'])],
    ['notBetween', notBetween(1, 2)],
  ] as Array<[string, FilterOperator]>)('%s throws a TypeError at the builder call', (op, cond) => {
    const builder = api.query('/products/');
    expect(() => builder.where('category', cond)).toThrow(TypeError);
    expect(() => builder.where('category', cond)).toThrow(
      `Django REST Framework cannot express operator '${op}' (on "category")`,
    );
  });

  it("a like pattern with an inner '%' or a '_' throws instead of matching something else", () => {
    expect(() => api.query('/products/').where('name', like('Oak%Desk'))).toThrow(
      /Django REST Framework cannot express operator 'like'.*'%' only at the ends/,
    );
    expect(() => api.query('/products/').where('name', ilike('d_sk%'))).toThrow(TypeError);
  });

  it('a service call with one rejects with CLIENT_ERROR and sends nothing', async () => {
    const products = createBridgeApiService<Product>(api, { endpoint: '/products' });
    sent.length = 0;
    const error = await rejection(
      products.search({ q: 'desk', filters: { category: { operator: 'nin', value: ['x'] } } }),
    );
    expect(error).toMatchObject({ name: 'BridgeApiError', code: 'CLIENT_ERROR', status: 0 });
    expect(error.message).toMatch(/^Django REST Framework cannot express operator 'nin'/);
    expect(sent).toEqual([]);
  });
});

describe('djangoRest against Django REST Framework: sort, pages, search', () => {
  const products = () => createBridgeApiService<Product>(api, { endpoint: '/products' });

  it('sorts by several fields (ordering=-price,name)', async () => {
    const expected = [...rows]
      .sort((a, b) => a.category.localeCompare(b.category) || b.price - a.price)
      .map((p) => p.id);
    const result = await all((b) => b.sort('category').sort('price', 'desc'));
    expect(result.query).toBe('ordering=category,-price&page_size=100');
    expect(result.ids).toEqual(expected);
  });

  it('pages 1, 2 and the last with honest meta (PageNumberPagination)', async () => {
    const service = products();
    const p1 = await service.getList({ page: 1, limit: 5 });
    expect(ids(p1.data)).toEqual([1, 2, 3, 4, 5]);
    expect(p1.meta).toEqual({ page: 1, limit: 5, total: 12, hasMore: true });
    const p2 = await service.getList({ page: 2, limit: 5 });
    expect(ids(p2.data)).toEqual([6, 7, 8, 9, 10]);
    expect(p2.meta).toEqual({ page: 2, limit: 5, total: 12, hasMore: true });
    const p3 = await service.getList({ page: 3, limit: 5 });
    expect(ids(p3.data)).toEqual([11, 12]);
    expect(p3.meta).toEqual({ page: 3, limit: 5, total: 12, hasMore: false });
  });

  it("the last page without a limit: the page size is the backend's, from the count", async () => {
    const last = await products().getList({ page: 3 });
    expect(ids(last.data)).toEqual([11, 12]);
    expect(last.meta).toEqual({ page: 3, limit: 5, total: 12, hasMore: false });
  });

  it('sorted pages', async () => {
    const byPrice = [...rows].sort((a, b) => b.price - a.price).map((p) => p.id);
    const page = await products().getList({
      page: 2,
      limit: 4,
      orderBy: 'price',
      orderDir: 'desc',
    });
    expect(ids(page.data)).toEqual(byPrice.slice(4, 8));
    expect(page.meta).toEqual({ page: 2, limit: 4, total: 12, hasMore: true });
  });

  it('a page past the last: the { detail } message, not "HTTP 404"', async () => {
    const error = await rejection(products().getList({ page: 9, limit: 5 }));
    expect(error).toMatchObject({ status: 404, message: 'Invalid page.' });
  });

  it('pages 1, 2 and the last with LimitOffsetPagination', async () => {
    const service = createBridgeApiService<Product>(api, {
      endpoint: '/lo-products',
      dialect: djangoRest({ pagination: 'limitOffset' }),
    });
    sent.length = 0;
    const p1 = await service.getList({ page: 1, limit: 5 });
    const p2 = await service.getList({ page: 2, limit: 5 });
    const p3 = await service.getList({ page: 3, limit: 5 });
    expect(sent).toEqual([
      'GET /api/lo-products/?offset=0&limit=5',
      'GET /api/lo-products/?offset=5&limit=5',
      'GET /api/lo-products/?offset=10&limit=5',
    ]);
    expect([ids(p1.data), ids(p2.data), ids(p3.data)]).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10],
      [11, 12],
    ]);
    expect(p1.meta).toEqual({ page: 1, limit: 5, total: 12, hasMore: true });
    expect(p2.meta).toEqual({ page: 2, limit: 5, total: 12, hasMore: true });
    expect(p3.meta).toEqual({ page: 3, limit: 5, total: 12, hasMore: false });
  });

  it('limit and offset from the builder (LimitOffsetPagination)', async () => {
    const lo = createClient(`${drf.url}/api`, {
      dialect: djangoRest({ pagination: 'limitOffset' }),
    });
    const response = await lo.query<Product[]>('/lo-products/').limit(3).offset(3).get();
    if (!response.success) expect.fail(response.error);
    expect(ids(response.data)).toEqual([4, 5, 6]);
    expect(response.meta).toEqual({ page: 2, limit: 3, total: 12, totalPages: 4 });
  });

  it("the builder's get(): rows in data; page, limit, total and totalPages in meta", async () => {
    const response = await api.query<Product[]>('/products/').sort('price').page(2).limit(5).get();
    if (!response.success) expect.fail(response.error);
    const byPrice = [...rows].sort((a, b) => a.price - b.price).map((p) => p.id);
    expect(ids(response.data)).toEqual(byPrice.slice(5, 10));
    expect(response.meta).toEqual({ page: 2, limit: 5, total: 12, totalPages: 3 });
    const plain = await api.get('/products/?page=2&page_size=5');
    expect(plain.data).toMatchObject({ count: 12, results: expect.any(Array) });
    expect(plain.meta).toBeUndefined();
  });

  it('search (SearchFilter: every term in some search field)', async () => {
    const found = await products().search({ q: 'lamp' });
    expect(ids(found.data)).toEqual(where((p) => /lamp/i.test(p.name) || /lamp/i.test(p.category)));
    expect(found.meta).toMatchObject({ page: 1, total: 2, hasMore: false });
    const terms = await all((b) => b.search('furniture desk'));
    expect(terms.query).toBe('search=furniture%20desk&page_size=100');
    expect(terms.ids).toEqual(where((p) => p.category === 'furniture' && /desk/i.test(p.name)));
  });

  it('search with filters and a page', async () => {
    const found = await products().search({
      q: 'desk',
      filters: { price: { operator: 'lt', value: 200 } },
      page: 1,
      limit: 2,
      orderBy: 'price',
    });
    const expected = rows
      .filter((p) => /desk/i.test(p.name) && p.price < 200)
      .sort((a, b) => a.price - b.price);
    expect(ids(found.data)).toEqual(ids(expected).slice(0, 2));
    expect(found.meta).toEqual({ page: 1, limit: 2, total: expected.length, hasMore: true });
  });
});

describe('djangoRest against Django REST Framework: login and records', () => {
  let authed: Client;
  const record = { name: 'Walnut Desk', category: 'furniture', price: 300, stock: 3 };

  beforeAll(async () => {
    authed = createClient(`${drf.url}/api`, { dialect: djangoRest() });
  });

  it('logs in with a token and sends it as Authorization: Token <key>', async () => {
    const auth = createAuthService(authed);
    await auth.ready;
    const result = await auth.login({ userName: seed.user.username, password: seed.user.password });
    expect(result.sessionId).toMatch(/^[0-9a-f]{40}$/);
    expect(await authed.getSessionId()).toBe(result.sessionId);
    expect(auth.getState().isAuthenticated).toBe(true);
    let header: string | undefined;
    // The request as sent: the dialect's transport part moved the session to its header.
    authed.addResponseInterceptor((res, sent) => {
      header = sent.headers.Authorization ?? sent.headers.authorization;
      return res;
    });
    expect((await authed.get('/products/1/')).success).toBe(true);
    expect(header).toBe(`Token ${result.sessionId}`);
  });

  it('bad credentials: non_field_errors is the message', async () => {
    const auth = createAuthService(createClient(`${drf.url}/api`, { dialect: djangoRest() }));
    const error = await rejection(auth.login({ userName: 'admin', password: 'wrong' }));
    expect(error).toMatchObject({
      status: 400,
      message: 'Unable to log in with provided credentials.',
    });
  });

  it('a write without the token: the { detail } message', async () => {
    const anonymous = createBridgeApiService<Product>(api, { endpoint: '/products' });
    const error = await rejection(anonymous.create(record));
    expect(error).toMatchObject({
      status: 401,
      message: 'Authentication credentials were not provided.',
    });
  });

  it('get, create, partial update that keeps the other fields, delete, then 404', async () => {
    const products = createBridgeApiService<Product>(authed, { endpoint: '/products' });
    expect(await products.getById('7')).toEqual(rows.find((p) => p.id === 7));

    const created = await products.create(record);
    expect(created).toMatchObject({ ...record, active: true, released: null });
    expect(created.id).toBeGreaterThan(rows.length);
    const id = String(created.id);

    sent.length = 0;
    const updated = await products.update(id, { price: 310 });
    expect(updated).toEqual({ ...created, price: 310 });
    expect(await products.getById(id)).toEqual({ ...created, price: 310 });

    await products.delete(id);
    const error = await rejection(products.getById(id));
    expect(error).toMatchObject({ status: 404, message: 'Not found.' });
    expect(error.message).not.toMatch(/HTTP/);
  });

  it('sends PATCH to the path with its trailing slash', async () => {
    const seen: string[] = [];
    const client = createClient(`${drf.url}/api`, { dialect: djangoRest() });
    client.setSessionId((await authed.getSessionId()) as string);
    client.addRequestInterceptor((config) => {
      seen.push(`${config.method} ${config.url.slice(drf.url.length)}`);
      return config;
    });
    const products = createBridgeApiService<Product>(client, { endpoint: '/products' });
    const created = await products.create({ name: 'Tmp', category: 'misc', price: 1 });
    await products.update(String(created.id), { stock: 9 });
    await products.delete(String(created.id));
    expect(seen).toEqual([
      'POST /api/products/',
      `PATCH /api/products/${created.id}/`,
      `DELETE /api/products/${created.id}/`,
    ]);
  });

  it('a record that is not there: 404 with the { detail } message', async () => {
    const error = await rejection(
      createBridgeApiService<Product>(api, { endpoint: '/products' }).getById('999'),
    );
    expect(error).toMatchObject({ name: 'BridgeApiError', status: 404, message: 'Not found.' });
  });

  it('validation errors -> errors (field -> message)', async () => {
    const products = createBridgeApiService<Product>(authed, { endpoint: '/products' });
    const error = await rejection(products.create({ name: '', price: -1 }));
    expect(error).toMatchObject({
      status: 400,
      message: 'name: This field may not be blank.',
      errors: {
        name: 'This field may not be blank.',
        category: 'This field is required.',
        price: 'Ensure this value is greater than or equal to 0.',
      },
    });
  });

  it('a rule on several fields -> non_field_errors as the message', async () => {
    const products = createBridgeApiService<Product>(authed, { endpoint: '/products' });
    const error = await rejection(
      products.create({ name: 'Stool', category: 'discontinued', price: 5, stock: 2 }),
    );
    expect(error).toMatchObject({
      status: 400,
      message: 'A discontinued product cannot have stock.',
    });
    expect(error.errors).toBeUndefined();
  });

  it('a partial update that breaks a rule keeps the record as it was', async () => {
    const products = createBridgeApiService<Product>(authed, { endpoint: '/products' });
    const error = await rejection(products.update('1', { price: -5 }));
    expect(error.errors).toEqual({ price: 'Ensure this value is greater than or equal to 0.' });
    expect(await products.getById('1')).toEqual(rows[0]);
  });
});

describe('djangoRest({ trailingSlash: false }) against a router without slashes', () => {
  it('lists and gets at /products and /products/7', async () => {
    const seen: string[] = [];
    const plain = createClient(`${drf.url}/plain`, {
      dialect: djangoRest({ trailingSlash: false }),
    });
    plain.addRequestInterceptor((config) => {
      seen.push(config.url.slice(drf.url.length));
      return config;
    });
    const products = createBridgeApiService<Product>(plain, { endpoint: '/products' });
    const list = await products.getList({ page: 2, limit: 10 });
    expect(ids(list.data)).toEqual([11, 12]);
    expect(list.meta).toEqual({ page: 2, limit: 10, total: 12, hasMore: false });
    expect(await products.getById('7')).toEqual(rows[6]);
    expect(seen).toEqual(['/plain/products?page=2&page_size=10', '/plain/products/7']);
  });

  it('the slashed dialect against it is a 404 page, reported by its status line', async () => {
    const slashed = createClient(`${drf.url}/plain`, { dialect: djangoRest() });
    const error = await rejection(
      createBridgeApiService<Product>(slashed, { endpoint: '/products' }).getById('7'),
    );
    expect(error.status).toBe(404);
    expect(error.message).not.toMatch(/</);
  });
});

describe('djangoRest against Django REST Framework: the builder uses the trailing slash too', () => {
  it("query('/products') reaches DRF's router as /products/ (without it, a 404)", async () => {
    sent.length = 0;
    const response = await api.query<Product[]>('/products').where('category', 'lighting').get();
    expect(sent).toEqual(['GET /api/products/?category=lighting']);
    if (!response.success) expect.fail(`${response.status} ${response.error}`);
    expect(ids(response.data)).toEqual(where((p) => p.category === 'lighting'));
    expect(response.meta?.total).toBe(response.data.length);
  });
});
