/**
 * jsonServer({ version: 1 }) against a real json-server 1.x, started in-process on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  between,
  notBetween,
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
  lte,
  ne,
  notIn,
  startsWith,
} from '@bridgekit/core';
import { jsonServer } from '@bridgekit/core/dialects';
import { type RunningBackend, startJsonServer1 } from '../../../../backends/servers.mjs';
import { idsOf, idsWhere, PRODUCTS, type Product } from './seed';

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startJsonServer1({ products: [...PRODUCTS] });
});
afterAll(() => backend.close());

const api = () => createClient(backend.url, { dialect: jsonServer({ version: 1 }) });
const products = () => createBridgeApiService<Product>(api(), { endpoint: '/products' });

describe('json-server 1.x: filters return exactly the rows they mean', () => {
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
    ['in (numbers)', (q) => q.where('stock', inOp([0, 4])), (p) => p.stock === 0 || p.stock === 4],
    ['isNull', (q) => q.where('tag', isNull()), (p) => p.tag === null],
    ['isNotNull', (q) => q.where('tag', isNotNull()), (p) => p.tag !== null],
    ['where(f, null)', (q) => q.where('tag', null), (p) => p.tag === null],
    ['ilike %text%', (q) => q.where('name', ilike('%A%')), (p) => /a/i.test(p.name)],
    ['ilike text%', (q) => q.where('name', ilike('s%')), (p) => /^s/i.test(p.name)],
    ['ilike %text', (q) => q.where('name', ilike('%R')), (p) => /r$/i.test(p.name)],
    [
      'two fields',
      (q) => q.where('category', 'home').where('price', gt(40)),
      (p) => p.category === 'home' && p.price > 40,
    ],
  ];
  it.each(cases)('%s', async (_name, build, keep) => {
    const res = await build(api().query('/products')).get();
    expect(res.success).toBe(true);
    expect(idsOf(res.data)).toEqual(idsWhere(keep));
  });

  it('sorts by one field and by several (_sort=-price / _sort=category,-price)', async () => {
    const q = api().query('/products').sort('price', 'desc');
    expect(q.toQueryString()).toBe('_sort=-price');
    const res = await q.get();
    expect((res.data as Product[]).map((p) => p.id)).toEqual(
      [...PRODUCTS].sort((a, b) => b.price - a.price).map((p) => p.id),
    );
    const both = await api().query('/products').sort('category').sort('price', 'desc').get();
    expect((both.data as Product[]).map((p) => p.id)).toEqual(
      [...PRODUCTS]
        .sort((a, b) => a.category.localeCompare(b.category) || b.price - a.price)
        .map((p) => p.id),
    );
  });

  it('limit alone pages from the first page (json-server pages only with _page)', async () => {
    const q = api().query('/products').limit(3);
    expect(q.toQueryString()).toBe('_per_page=3&_page=1');
    const res = await q.get();
    expect(res.data).toHaveLength(3);
    expect(res.meta).toEqual({ page: 1, limit: 3, total: 12, totalPages: 4 });
  });
});

describe("json-server 1.x: the builder's get() gives the rows and json-server's facts", () => {
  it('a page: rows in data; page, limit, total and totalPages in meta', async () => {
    const res = await api().query('/products').sort('price').page(2).limit(5).get();
    const byPrice = [...PRODUCTS].sort((a, b) => a.price - b.price).map((p) => p.id);
    if (!res.success) expect.fail(res.error);
    expect((res.data as Product[]).map((p) => p.id)).toEqual(byPrice.slice(5, 10));
    expect(res.meta).toEqual({ page: 2, limit: 5, total: 12, totalPages: 3 });
  });

  it('an unpaged list is the whole list', async () => {
    const res = await api().query('/products').where('category', 'office').get();
    expect(idsOf(res.data)).toEqual(idsWhere((p) => p.category === 'office'));
    expect(res.meta).toEqual({ page: 1, limit: 4, total: 4, totalPages: 1 });
  });

  it('the plain verbs keep the body as json-server sent it', async () => {
    const res = await api().get('/products?_page=2&_per_page=5');
    expect(res.data).toMatchObject({ first: 1, prev: 1, next: 3, last: 3, pages: 3, items: 12 });
    expect(res.meta).toBeUndefined();
  });
});

describe('json-server 1.x: lists through the service', () => {
  it('pages 1, 2 and last with the meta the body gives', async () => {
    const service = products();
    const first = await service.getList({ page: 1, limit: 5, orderBy: 'price' });
    const byPrice = [...PRODUCTS].sort((a, b) => a.price - b.price).map((p) => p.id);
    expect(first.data.map((p) => p.id)).toEqual(byPrice.slice(0, 5));
    expect(first.meta).toEqual({ page: 1, limit: 5, total: 12, hasMore: true });
    const second = await service.getList({ page: 2, limit: 5, orderBy: 'price' });
    expect(second.data.map((p) => p.id)).toEqual(byPrice.slice(5, 10));
    expect(second.meta).toEqual({ page: 2, limit: 5, total: 12, hasMore: true });
    const last = await service.getList({ page: 3, limit: 5, orderBy: 'price' });
    expect(last.data.map((p) => p.id)).toEqual(byPrice.slice(10));
    expect(last.meta).toEqual({ page: 3, limit: 5, total: 12, hasMore: false });
  });

  it('a page past the end: json-server answers its last page, and the meta says so', async () => {
    const res = await products().getList({ page: 9, limit: 5 });
    expect(res.data).toHaveLength(2);
    expect(res.meta).toEqual({ page: 3, limit: 5, total: 12, hasMore: false });
  });

  it('an unpaged list is the whole list', async () => {
    const res = await products().getList();
    expect(res.data).toHaveLength(12);
    expect(res.meta).toEqual({ page: 1, limit: 12, total: 12, hasMore: false });
  });

  it('search: an empty text with filters lists the filtered rows; text is CLIENT_ERROR', async () => {
    const res = await products().search({
      q: '',
      filters: { price: { operator: 'gte', value: 100 } },
    });
    expect(idsOf(res.data)).toEqual(idsWhere((p) => p.price >= 100));
    const error = await products()
      .search({ q: 'desk' })
      .catch((e: unknown) => e);
    expect(isBridgeApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 0, code: 'CLIENT_ERROR' });
    expect((error as Error).message).toBe('json-server 1.x cannot express full-text search');
  });

  it('an operator json-server cannot express rejects from search() as CLIENT_ERROR', async () => {
    const error = await products()
      .search({ q: '', filters: { price: { operator: 'notBetween', value: [1, 2] } } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'BridgeApiError',
      status: 0,
      code: 'CLIENT_ERROR',
      message: `json-server 1.x cannot express operator 'notBetween' (on "price")`,
    });
  });
});

describe('json-server 1.x: what it cannot express is a TypeError at the call', () => {
  it.each([
    [
      'notBetween',
      (q: any) => q.where('price', notBetween(1, 5)),
      `operator 'notBetween' (on "price")`,
    ],
    ['notIn', (q: any) => q.where('category', notIn(['a'])), `operator 'nin' (on "category")`],
    ['like', (q: any) => q.where('name', like('D%')), `operator 'like' (on "name")`],
    [
      'startsWith',
      (q: any) => q.where('name', startsWith('D')),
      `operator 'startsWith' (on "name")`,
    ],
    ['ilike a_b', (q: any) => q.where('name', ilike('a_b')), `the ilike pattern "a_b" (on "name")`],
    [
      'in with a comma',
      (q: any) => q.where('name', inOp(['a,b'])),
      `'in' items with commas or edge spaces (on "name")`,
    ],
    ['search', (q: any) => q.search('desk'), 'full-text search'],
    ['offset', (q: any) => q.offset(5), 'offset'],
    ['sort by -f', (q: any) => q.sort('-f'), 'sorting by "-f"'],
  ])('%s', (_name, add, what) => {
    const q = api().query('/products').where('category', 'home').page(2);
    const before = q.toQueryString();
    expect(() => add(q)).toThrow(new TypeError(`json-server 1.x cannot express ${what}`));
    expect(q.toQueryString()).toBe(before);
  });
});

describe('json-server 1.x: records', () => {
  it('get, create, partial update that keeps the other fields, delete, 404', async () => {
    const service = products();
    expect(await service.getById('3')).toEqual(PRODUCTS[2]);
    const created = await service.create({
      name: 'Crate',
      price: 12,
      category: 'garden',
      stock: 1,
      tag: null,
    });
    expect(created).toMatchObject({ name: 'Crate', price: 12 });
    expect(typeof created.id).toBe('string');
    const updated = await service.update(created.id, { price: 14 });
    expect(updated).toEqual({ ...created, price: 14 });
    expect(await service.getById(created.id)).toEqual({ ...created, price: 14 });
    await service.delete(created.id);
    const missing = await service.getById(created.id).catch((e: unknown) => e);
    expect(missing).toMatchObject({ name: 'BridgeApiError', status: 404, message: 'Not Found' });
  });

  it('a body json-server refuses: 400 with its message', async () => {
    const error = await products()
      .create([] as unknown as Partial<Product>)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: 'Body must be a JSON object' });
  });

  it('a record with a success field is data, not an envelope', async () => {
    const service = createBridgeApiService<Record<string, unknown>>(api(), {
      endpoint: '/products',
    });
    const created = await service.create({ name: 'Flag', success: false, data: 1 });
    expect(created).toMatchObject({ name: 'Flag', success: false, data: 1 });
    await service.delete(created.id as string);
  });
});
