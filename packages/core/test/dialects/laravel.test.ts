/**
 * The laravel() dialect against a real Laravel 8 app (the fixture in ./laravel, Debian's
 * php-laravel-framework served by `php -S`): an API resource controller over SQLite, Laravel's
 * paginator and validation, TrimStrings and ConvertEmptyStringsToNull, and filters and sorts
 * after spatie/laravel-query-builder's conventions. Every expected row set is computed from the
 * seed the app loaded.
 */
import {
  type BridgeApiError,
  between,
  type Client,
  createAuthService,
  createBridgeApiService,
  createClient,
  gt,
  gte,
  ilike,
  inOp,
  lt,
  lte,
  ne,
  type QueryBuilder,
} from '@bridgekit/core';
import { laravel } from '@bridgekit/core/dialects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaravelServer, type Product, seed, startLaravel } from './laravel/startLaravel';

// How the fixture's ProductController registers its filters (see its allowedFilters).
const dialect = laravel({ filters: { name: 'partial', price: 'operator' }, search: 'search' });

let app: LaravelServer;
let api: Client;
const sent: string[] = [];

beforeAll(async () => {
  app = await startLaravel();
  api = createClient(`${app.url}/api`, { dialect });
  api.addRequestInterceptor((config) => {
    sent.push(`${config.method} ${decodeURIComponent(config.url.slice(app.url.length))}`);
    return config;
  });
}, 30_000);

afterAll(async () => {
  await app?.stop();
});

const rows = seed.products;
const ids = (list: Array<{ id: number }>) => list.map((p) => p.id);
const where = (test: (p: Product) => boolean) => ids(rows.filter(test));
const products = () => createBridgeApiService<Product>(api, { endpoint: '/products' });
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (error: BridgeApiError) => error,
  );

/** A paginator's body, as the plain verbs hand it over. */
interface Body {
  data: Product[];
  meta: { total: number; per_page: number; current_page: number; last_page: number };
}

/** The rows, as the builder's get() hands them over. */
type Page = Product[];

/** Every row of a builder query, in one page (per_page 100), and the query string sent. */
async function all(chain: (b: QueryBuilder<Page>) => QueryBuilder<Page>) {
  const builder = chain(api.query<Page>('/products')).limit(100);
  const response = await builder.get();
  if (!response.success) expect.fail(`${response.status} ${response.error}`);
  expect(response.meta?.total).toBe(response.data.length);
  return { ids: ids(response.data), query: decodeURIComponent(builder.toQueryString()) };
}

describe('laravel() against Laravel 8: filters and sorts as the dialect sends them', () => {
  const filters: Array<[string, (b: QueryBuilder<Page>) => QueryBuilder<Page>, string, number[]]> =
    [
      [
        'an exact filter',
        (b) => b.where('category', 'lighting'),
        'filter[category]=lighting',
        where((p) => p.category === 'lighting'),
      ],
      [
        'an exact filter on a boolean',
        (b) => b.where('active', false),
        'filter[active]=false',
        where((p) => !p.active),
      ],
      [
        'in (an exact filter with a list)',
        (b) => b.where('id', inOp([2, 5, 11, 99])),
        'filter[id]=2,5,11,99',
        [2, 5, 11],
      ],
      [
        'a partial filter (ilike %x%)',
        (b) => b.where('name', ilike('%DESK%')),
        'filter[name]=DESK',
        where((p) => p.name.toLowerCase().includes('desk')),
      ],
      [
        'gte on an operator filter',
        (b) => b.where('price', gte(120)),
        'filter[price]=>=120',
        where((p) => p.price >= 120),
      ],
      [
        'gt, lt, lte, ne',
        (b) => b.where('price', gt(15)).where('price', lt(150)).where('price', ne(89)),
        'filter[price]=>15,<150,<>89',
        where((p) => p.price > 15 && p.price < 150 && p.price !== 89),
      ],
      ['lte', (b) => b.where('price', lte(25)), 'filter[price]=<=25', where((p) => p.price <= 25)],
      [
        'between (inclusive)',
        (b) => b.where('price', between(25, 120)),
        'filter[price]=>=25,<=120',
        where((p) => p.price >= 25 && p.price <= 120),
      ],
      [
        'filters on several fields',
        (b) =>
          b.where('category', 'furniture').where('price', lt(200)).where('name', ilike('%desk%')),
        'filter[category]=furniture&filter[price]=<200&filter[name]=desk',
        where((p) => p.category === 'furniture' && p.price < 200 && /desk/i.test(p.name)),
      ],
    ];

  it.each(filters)(
    '%s returns exactly the rows it means',
    async (_what, chain, query, expected) => {
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(rows.length);
      const result = await all(chain);
      expect(result.query).toBe(`${query}&per_page=100`);
      expect(result.ids).toEqual(expected);
    },
  );

  it('sorts by several fields (sort=category,-price)', async () => {
    const expected = [...rows]
      .sort((a, b) => a.category.localeCompare(b.category) || b.price - a.price)
      .map((p) => p.id);
    const result = await all((b) => b.sort('category').sort('price', 'desc'));
    expect(result.query).toBe('sort=category,-price&per_page=100');
    expect(result.ids).toEqual(expected);
  });

  it('search goes to the configured filter (filter[search]=)', async () => {
    const result = await all((b) => b.search('lamp'));
    expect(result.query).toBe('filter[search]=lamp&per_page=100');
    expect(result.ids).toEqual(where((p) => /lamp/i.test(p.name) || /lamp/i.test(p.category)));
  });

  it("a filter the app did not allow: spatie's 400 message, as the response's error", async () => {
    const response = await api.query('/products').where('colour', 'red').get();
    expect(response).toMatchObject({
      success: false,
      status: 400,
      error: expect.stringMatching(/^Requested filter\(s\) `colour` are not allowed\./),
    });
  });

  it('an unknown sort: the 400 message as the response error', async () => {
    const response = await api.query('/products').sort('colour').get();
    expect(response).toMatchObject({
      success: false,
      status: 400,
      error: expect.stringMatching(/^Requested sort\(s\) `colour` is not allowed\./),
    });
  });

  it('the app splits values on commas and drops empty ones (why the dialect refuses them)', async () => {
    const comma = await api.get<Body>('/products?filter[category]=lighting,furniture');
    const empty = await api.get<Body>('/products?filter[category]=');
    if (!comma.success || !empty.success) expect.fail('expected two answers');
    // One value holding a comma would match two categories; an empty one, every row.
    expect(comma.data.meta.total).toBe(
      where((p) => p.category === 'lighting' || p.category === 'furniture').length,
    );
    expect(empty.data.meta.total).toBe(rows.length);
    sent.length = 0;
    expect(() => api.query('/products').where('category', 'lighting,furniture')).toThrow(TypeError);
    expect(() => api.query('/products').where('category', '')).toThrow(TypeError);
    expect(sent).toEqual([]);
  });

  it('what the dialect cannot express throws at the builder call and sends nothing', () => {
    sent.length = 0;
    expect(() => api.query('/products').offset(5)).toThrow(
      new TypeError('Laravel cannot express offset (the paginator counts pages)'),
    );
    expect(() => api.query('/products').where('category', ilike('%x%'))).toThrow(TypeError);
    expect(sent).toEqual([]);
  });
});

describe("laravel() against Laravel 8: the paginator's pages", () => {
  it('pages 1, 2 and the last with the total the paginator gave', async () => {
    const service = products();
    sent.length = 0;
    const p1 = await service.getList({ page: 1, limit: 5 });
    const p2 = await service.getList({ page: 2, limit: 5 });
    const p3 = await service.getList({ page: 3, limit: 5 });
    expect(sent).toEqual([
      'GET /api/products?page=1&per_page=5',
      'GET /api/products?page=2&per_page=5',
      'GET /api/products?page=3&per_page=5',
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

  it("without a limit the page size is the paginator's default (15)", async () => {
    const page = await products().getList();
    expect(ids(page.data)).toEqual(ids(rows));
    expect(page.meta).toEqual({ page: 1, limit: 15, total: 12, hasMore: false });
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

  it("the paginator's own JSON (no API resource): the same pages and meta", async () => {
    const plain = createBridgeApiService<Product>(api, { endpoint: '/plain-products' });
    const p2 = await plain.getList({ page: 2, limit: 5 });
    expect(ids(p2.data)).toEqual([6, 7, 8, 9, 10]);
    expect(p2.meta).toEqual({ page: 2, limit: 5, total: 12, hasMore: true });
    const p3 = await plain.getList({ page: 3, limit: 5 });
    expect(p3.meta).toEqual({ page: 3, limit: 5, total: 12, hasMore: false });
  });

  it('simplePaginate gives no total, so meta has none; hasMore from next_page_url', async () => {
    const simple = createBridgeApiService<Product>(api, { endpoint: '/simple-products' });
    const p1 = await simple.getList({ page: 1, limit: 5 });
    expect(ids(p1.data)).toEqual([1, 2, 3, 4, 5]);
    expect(p1.meta).toEqual({ page: 1, limit: 5, hasMore: true });
    const p3 = await simple.getList({ page: 3, limit: 5 });
    expect(ids(p3.data)).toEqual([11, 12]);
    expect(p3.meta).toEqual({ page: 3, limit: 5, hasMore: false });
  });

  it("the builder's get(): rows in data; page, limit, total and totalPages in meta", async () => {
    const page = await api.query<Page>('/products').page(2).limit(5).get();
    if (!page.success) expect.fail(page.error);
    expect(ids(page.data)).toEqual([6, 7, 8, 9, 10]);
    expect(page.meta).toEqual({ page: 2, limit: 5, total: 12, totalPages: 3 });
    const plain = await api.get<Body>('/products?page=2&per_page=5');
    expect(plain.success && plain.data.meta.current_page).toBe(2);
    expect(plain.meta).toBeUndefined();
  });

  it("the builder's get() on simplePaginate: no total, so neither total nor totalPages", async () => {
    const page = await api.query<Page>('/simple-products').page(3).limit(5).get();
    if (!page.success) expect.fail(page.error);
    expect(ids(page.data)).toEqual([11, 12]);
    expect(page.meta).toEqual({ page: 3, limit: 5 });
  });

  it('a page past the last is empty, with the total and no next page', async () => {
    const page = await products().getList({ page: 9, limit: 5 });
    expect(page).toEqual({ data: [], meta: { page: 9, limit: 5, total: 12, hasMore: false } });
  });
});

describe('laravel() against Laravel 8: records', () => {
  const record = { name: 'Walnut Desk', category: 'furniture', price: 300, stock: 3 };

  it('gets one record out of its resource wrapper', async () => {
    expect(await products().getById('3')).toEqual(rows[2]);
  });

  it("an unknown id rejects with 404 and Laravel's message", async () => {
    const error = await rejection(products().getById('999'));
    expect(error).toMatchObject({
      name: 'BridgeApiError',
      status: 404,
      message: 'No query results for model [App\\Models\\Product] 999',
    });
  });

  it('create answers the stored record (201); PATCH changes only what it sends', async () => {
    const service = products();
    const created = await service.create(record);
    expect(created).toEqual({ id: 13, ...record, active: true });
    sent.length = 0;
    const updated = await service.update(String(created.id), { price: 280 });
    expect(sent).toEqual(['PATCH /api/products/13']);
    expect(updated).toEqual({ ...created, price: 280 });
    expect(await service.getById('13')).toEqual({ ...created, price: 280 });
  });

  it("Laravel's 422 { message, errors } becomes the response's errors, one message a field", async () => {
    const response = await api.post('/products', { name: 'x'.repeat(101), price: 'cheap' });
    expect(response).toMatchObject({
      success: false,
      status: 422,
      errors: {
        name: 'The name must not be greater than 100 characters.',
        category: 'The category field is required.',
        price: 'The price must be a number.',
      },
    });
    const error = await rejection(products().update('1', { stock: -1 }));
    expect(error).toMatchObject({
      status: 422,
      errors: { stock: 'The stock must be at least 0.' },
    });
    // The failed PATCH changed nothing.
    expect(await products().getById('1')).toEqual(rows[0]);
  });

  it("an empty text is null to the server (ConvertEmptyStringsToNull): the 'required' rule answers", async () => {
    const error = await rejection(products().update('1', { name: '' }));
    expect(error).toMatchObject({ status: 422, errors: { name: 'The name field is required.' } });
  });

  it('delete, then the record is gone (404)', async () => {
    const service = products();
    const { id } = await service.create({ ...record, name: 'Doomed Desk' });
    sent.length = 0;
    await expect(service.delete(String(id))).resolves.toBeUndefined();
    expect(sent).toEqual([`DELETE /api/products/${id}`]);
    expect((await rejection(service.getById(String(id)))).status).toBe(404);
  });
});

describe('laravel() against Laravel 8: token login', () => {
  it('POST /login -> { token, user }; then Authorization: Bearer reaches GET /user', async () => {
    const client = createClient(`${app.url}/api`, { dialect });
    const auth = createAuthService(client);
    const result = await auth.login({ email: seed.user.email, password: seed.user.password });
    expect(result.sessionId).toMatch(/^[A-Za-z0-9]{60}$/);
    expect(result.user).toMatchObject({ name: seed.user.name, email: seed.user.email });
    expect(result.user).not.toHaveProperty('password');
    expect(await auth.fetchUser()).toMatchObject({ email: seed.user.email });
    expect(auth.getState().isAuthenticated).toBe(true);
  });

  it('wrong credentials: the 422 field message', async () => {
    const auth = createAuthService(createClient(`${app.url}/api`, { dialect }));
    const error = await rejection(auth.login({ email: seed.user.email, password: 'nope' }));
    expect(error).toMatchObject({
      status: 422,
      errors: { email: 'The provided credentials are incorrect.' },
    });
  });

  it("logout revokes the token: the guard's 401 afterwards", async () => {
    const client = createClient(`${app.url}/api`, { dialect });
    const auth = createAuthService(client);
    const { sessionId } = await auth.login({
      email: seed.user.email,
      password: seed.user.password,
    });
    await auth.logout();
    const stale = createClient(`${app.url}/api`, { dialect, sessionId: sessionId as string });
    expect(await stale.get('/user')).toMatchObject({
      success: false,
      status: 401,
      error: 'Unauthenticated.',
    });
  });
});

describe('laravel() against Laravel 8: start-up', () => {
  it('the app boots without Composer or the network, quickly', () => {
    // Two PHP processes (setup.php, then php -S) with Debian's autoloader.
    expect(app.startedIn).toBeLessThan(5_000);
  });

  it('without PHP the start fails with the command that installs it (CI never skips these tests)', async () => {
    await expect(startLaravel({ php: '/nonexistent/php' })).rejects.toThrow(
      'apt-get install -y php-laravel-framework php-cli php-sqlite3',
    );
  });
});

describe('laravel() against Laravel 8: what the framework would alter, and search', () => {
  it('TrimStrings makes the app read " lighting" as "lighting" (why edge spaces are refused)', async () => {
    const raw = await api.get<Body>('/products?filter[category]=%20lighting');
    if (!raw.success) expect.fail(raw.error);
    expect(ids(raw.data.data)).toEqual(where((p) => p.category === 'lighting'));
  });

  it('a value with edge spaces throws at the builder instead of matching the trimmed one', () => {
    sent.length = 0;
    expect(() => api.query('/products').where('category', ' lighting')).toThrow(TypeError);
    expect(() => api.query('/products').where('category', 'lighting ')).toThrow(
      /^Laravel cannot express .*TrimStrings/,
    );
    expect(() => api.query('/products').where('id', inOp(['1', ' 2']))).toThrow(TypeError);
    expect(sent).toEqual([]);
  });

  it('search text with edge spaces rejects with CLIENT_ERROR and sends nothing', async () => {
    sent.length = 0;
    const error = await rejection(products().search({ q: ' lamp' }));
    expect(error).toMatchObject({ name: 'BridgeApiError', code: 'CLIENT_ERROR', status: 0 });
    expect(sent).toEqual([]);
  });

  it('the service searches the collection with the configured filter', async () => {
    sent.length = 0;
    const found = await products().search({ q: 'lamp' });
    expect(sent).toEqual(['GET /api/products?filter[search]=lamp']);
    const expected = where((p) => /lamp/i.test(p.name) || /lamp/i.test(p.category));
    expect(ids(found.data)).toEqual(expected);
    expect(found.meta).toEqual({ page: 1, limit: 15, total: expected.length, hasMore: false });
  });

  it('search with filters, a sort and a page', async () => {
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
    expect(expected.length).toBeGreaterThan(2);
    expect(ids(found.data)).toEqual(ids(expected).slice(0, 2));
    expect(found.meta).toEqual({ page: 1, limit: 2, total: expected.length, hasMore: true });
  });

  it('without laravel({ search }), search rejects with CLIENT_ERROR naming the option', async () => {
    const plain = createClient(`${app.url}/api`, { dialect: laravel() });
    const error = await rejection(
      createBridgeApiService<Product>(plain, { endpoint: '/products' }).search({ q: 'lamp' }),
    );
    expect(error).toMatchObject({ code: 'CLIENT_ERROR', status: 0 });
    expect(error.message).toMatch(/laravel\(\{ search/);
  });
});
