/**
 * jsonServer({ version: 0 }) against a real json-server 0.17.4, started in-process on 127.0.0.1.
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
  isNull,
  like,
  lte,
  ne,
  notIn,
} from '@bridgekit/core';
import { jsonServer } from '@bridgekit/core/dialects';
import { type RunningBackend, startJsonServer0 } from '../../../../backends/servers.mjs';
import { idsOf, idsWhere, PRODUCTS, type Product } from './seed';

// One row whose name holds regex characters: `ilike` must escape them.
const ROWS: Product[] = [...PRODUCTS, { ...PRODUCTS[0]!, id: '13', name: 'Box (1.5*)', price: 5 }];

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startJsonServer0({ products: ROWS });
});
afterAll(() => backend.close());

const api = () => createClient(backend.url, { dialect: jsonServer({ version: 0 }) });
const products = () => createBridgeApiService<Product>(api(), { endpoint: '/products' });

describe('json-server 0.17: filters return exactly the rows they mean', () => {
  const cases: Array<[string, (q: any) => any, (p: Product) => boolean]> = [
    ['eq', (q) => q.where('category', 'office'), (p) => p.category === 'office'],
    ['eq (number)', (q) => q.where('stock', 4), (p) => p.stock === 4],
    ['ne', (q) => q.where('category', ne('office')), (p) => p.category !== 'office'],
    ['gte', (q) => q.where('price', gte(80)), (p) => p.price >= 80],
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
    [
      'in (repeated keys)',
      (q) => q.where('category', inOp(['home', 'garden'])),
      (p) => p.category !== 'office',
    ],
    [
      'notIn (repeated _ne)',
      (q) => q.where('category', notIn(['home', 'garden'])),
      (p) => p.category === 'office',
    ],
    ['ilike %text%', (q) => q.where('name', ilike('%A%')), (p) => /a/i.test(p.name)],
    ['ilike text%', (q) => q.where('name', ilike('s%')), (p) => /^s/i.test(p.name)],
    ['ilike with _', (q) => q.where('name', ilike('_amp')), (p) => /^.amp$/i.test(p.name)],
    [
      'ilike escapes regex characters',
      (q) => q.where('name', ilike('%(1.5*)')),
      (p) => p.name.endsWith('(1.5*)'),
    ],
    ['ilike: a dot is a dot', (q) => q.where('name', ilike('%1x5%')), () => false],
  ];
  it.each(cases)('%s', async (_name, build, keep) => {
    const res = await build(api().query('/products')).get();
    expect(res.success).toBe(true);
    expect(idsOf(res.data)).toEqual(idsWhere(keep, ROWS));
  });

  it('full-text q', async () => {
    const res = await api().query('/products').search('LAMP').get();
    expect(idsOf(res.data)).toEqual(idsWhere((p) => p.name === 'Lamp', ROWS));
  });

  it('sorts with _sort and _order', async () => {
    const q = api().query('/products').sort('category').sort('price', 'desc');
    expect(q.toQueryString()).toBe('_sort=category,price&_order=asc,desc');
    const res = await q.get();
    expect((res.data as Product[]).map((p) => p.id)).toEqual(
      [...ROWS]
        .sort((a, b) => a.category.localeCompare(b.category) || b.price - a.price)
        .map((p) => p.id),
    );
  });

  it('offset + limit slice with _start/_limit; offset alone still slices', async () => {
    const sliced = await api().query('/products').offset(10).limit(2).get();
    expect(idsOf(sliced.data)).toEqual(['11', '12']);
    const q = api().query('/products').offset(11);
    expect(q.toQueryString()).toBe('_start=11&_end=9007199254740991');
    expect(idsOf((await q.get()).data)).toEqual(['12', '13']);
  });
});

describe("json-server 0.17: the builder's get() gives the rows and json-server's facts", () => {
  it('a page: rows in data; the X-Total-Count total in meta', async () => {
    const res = await api().query('/products').sort('price').page(2).limit(5).get();
    const byPrice = [...ROWS].sort((a, b) => a.price - b.price).map((p) => p.id);
    if (!res.success) expect.fail(res.error);
    expect((res.data as Product[]).map((p) => p.id)).toEqual(byPrice.slice(5, 10));
    expect(res.meta).toEqual({ page: 2, limit: 5, total: 13, totalPages: 3 });
  });

  it('an offset: the page it falls on', async () => {
    const res = await api().query('/products').offset(10).limit(5).get();
    expect(idsOf(res.data)).toEqual(['11', '12', '13']);
    expect(res.meta).toEqual({ page: 3, limit: 5, total: 13, totalPages: 3 });
  });

  it('the plain verbs keep the body as json-server sent it', async () => {
    const res = await api().get('/products?_page=2&_limit=5');
    expect(res.data).toHaveLength(5);
    expect(res.meta).toBeUndefined();
    expect(res.headers?.get('x-total-count')).toBe('13');
  });
});

describe('json-server 0.17: lists through the service', () => {
  it('pages 1, 2 and last with X-Total-Count', async () => {
    const service = products();
    const byPrice = [...ROWS].sort((a, b) => a.price - b.price).map((p) => p.id);
    const first = await service.getList({ page: 1, limit: 5, orderBy: 'price' });
    expect(first.data.map((p) => p.id)).toEqual(byPrice.slice(0, 5));
    expect(first.meta).toEqual({ page: 1, limit: 5, total: 13, hasMore: true });
    const second = await service.getList({ page: 2, limit: 5, orderBy: 'price' });
    expect(second.data.map((p) => p.id)).toEqual(byPrice.slice(5, 10));
    expect(second.meta).toEqual({ page: 2, limit: 5, total: 13, hasMore: true });
    const last = await service.getList({ page: 3, limit: 5, orderBy: 'price' });
    expect(last.data.map((p) => p.id)).toEqual(byPrice.slice(10));
    expect(last.meta).toEqual({ page: 3, limit: 5, total: 13, hasMore: false });
  });

  it('a page without a limit uses the server default of 10', async () => {
    const res = await products().getList({ page: 2 });
    expect(res.data).toHaveLength(3);
    expect(res.meta).toEqual({ page: 2, limit: 10, total: 13, hasMore: false });
  });

  it('search: q plus filters on the list endpoint', async () => {
    const res = await products().search({
      q: 'o',
      filters: { price: { operator: 'gte', value: 50 } },
    });
    const keep = (p: Product) =>
      p.price >= 50 && Object.values(p).some((v) => String(v).toLowerCase().includes('o'));
    expect(idsOf(res.data)).toEqual(idsWhere(keep, ROWS));
  });
});

describe('json-server 0.17: what it cannot express is a TypeError at the call', () => {
  it.each([
    ['gt', (q: any) => q.where('price', gt(1)), `operator 'gt' (on "price")`],
    [
      'notBetween',
      (q: any) => q.where('price', notBetween(1, 5)),
      `operator 'notBetween' (on "price")`,
    ],
    [
      'like (its regex ignores case)',
      (q: any) => q.where('name', like('D%')),
      `operator 'like' (on "name")`,
    ],
    ['isNull', (q: any) => q.where('tag', isNull()), `operator 'null' (on "tag")`],
    ['eq null', (q: any) => q.where('tag', null), `null with operator 'eq' (on "tag")`],
    [
      'a name it reads itself',
      (q: any) => q.where('price_gte', 1),
      `the field name "price_gte" (on "price_gte")`,
    ],
  ])('%s', (_name, add, what) => {
    const q = api().query('/products').where('category', 'home');
    const before = q.toQueryString();
    expect(() => add(q)).toThrow(new TypeError(`json-server 0.17 cannot express ${what}`));
    expect(q.toQueryString()).toBe(before);
  });
});

describe('json-server 0.17: records', () => {
  it('get, create, partial update that keeps the other fields, delete, 404', async () => {
    const service = products();
    expect(await service.getById('3')).toEqual(PRODUCTS[2]);
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
    expect(missing).toMatchObject({ name: 'BridgeApiError', status: 404 });
  });
});
