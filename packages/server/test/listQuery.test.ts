import { type Client, gte, inOp } from '@bridgekit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, start } from './helpers';

type Row = Record<string, any>;
let running: Running;
let api: Client;
let products: Row[];

beforeAll(async () => {
  running = await start();
  api = await running.signIn('editor');
  products = running.server.snapshot().entities.products!.rows;
});
afterAll(() => running.stop());

const byPriceDescThenName = (a: Row, b: Row) =>
  b.price - a.price || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

describe('search, sort and pagination', () => {
  it('pages through a sorted, filtered search without gaps or repeats', async () => {
    const expected = products
      .filter((r) => r.name.toLowerCase().includes('lamp') && r.price >= 20)
      .sort(byPriceDescThenName);
    expect(expected.length).toBeGreaterThan(7);
    const seen: string[] = [];
    const pages = Math.ceil(expected.length / 7);
    for (let page = 1; page <= pages; page++) {
      const res = await api
        .query('/products')
        .search('LAMP')
        .where('price', gte(20))
        .sort('price', 'desc')
        .sort('name')
        .page(page)
        .limit(7)
        .get();
      expect(res.meta).toEqual({ page, limit: 7, total: expected.length, totalPages: pages });
      seen.push(...res.data.map((r: Row) => r.id));
    }
    expect(seen).toEqual(expected.map((r) => r.id));
    const past = await api
      .query('/products')
      .search('lamp')
      .page(pages + 1)
      .limit(7)
      .get();
    expect(past.status).toBe(200);
    expect(past.data).toEqual([]);
  });

  it('q matches any string field case-insensitively, not numbers or ids', async () => {
    const res = await api.get('/products', { params: { q: 'gArDeN', limit: 100 } });
    const expected = products.filter((r) => /garden/i.test(r.name) || /garden/i.test(r.category));
    expect(res.meta?.total).toBe(expected.length);
    expect(res.data.length).toBeGreaterThan(0);
    const digits = await api.get('/products', { params: { q: '4.5', limit: 100 } });
    expect(digits.meta?.total).toBe(0);
  });

  it('the search endpoint works like the list and echoes q and entity', async () => {
    const res = await api
      .query('/tasks/search')
      .q('review')
      .param('entity', 'tasks')
      .where('status', inOp(['todo', 'doing']))
      .sort('priority', 'desc')
      .limit(5)
      .get();
    expect(res.status).toBe(200);
    expect(res.meta).toMatchObject({ page: 1, limit: 5, q: 'review', entity: 'tasks' });
    const priorities = res.data.map((r: Row) => r.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    for (const t of res.data) {
      expect(t.title.toLowerCase()).toContain('review');
      expect(['todo', 'doing']).toContain(t.status);
    }
  });

  it('sorts by several fields; missing values last; -field and orderBy/orderDir also work', async () => {
    const res = await api.get('/tasks', {
      params: { sort: 'dueDate:asc,id:desc', limit: 100, page: 2 },
    });
    const dues = res.data.map((r: Row) => r.dueDate);
    const nonNull = dues.filter((d: string | null) => d !== null);
    expect(nonNull).toEqual([...nonNull].sort());
    expect(
      dues.slice(dues.length - (dues.length - nonNull.length)).every((d: unknown) => d === null),
    ).toBe(true);
    const minus = await api.get('/products', { params: { sort: '-price', limit: 3 } });
    const orderBy = await api.get('/products', {
      params: { orderBy: 'price', orderDir: 'desc', limit: 3 },
    });
    const top = [...products]
      .sort((a, b) => b.price - a.price)
      .slice(0, 3)
      .map((r) => r.id);
    expect(minus.data.map((r: Row) => r.id)).toEqual(top);
    expect(orderBy.data.map((r: Row) => r.id)).toEqual(top);
  });

  it('offset wins over page', async () => {
    const res = await api.query('/products').offset(25).limit(10).page(9).get();
    expect(res.data.map((r: Row) => r.id)).toEqual(products.slice(25, 35).map((r) => r.id));
    expect(res.meta).toMatchObject({ page: 3, limit: 10, total: 300, offset: 25 });
  });

  it('limit defaults to 10 and caps at 100', async () => {
    expect((await api.get('/products', { params: { limit: 100 } })).data).toHaveLength(100);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ limit: 101 }, /"limit" must be an integer from 1 to 100/],
      [{ limit: 0 }, /"limit"/],
      [{ page: 0 }, /"page" must be an integer >= 1/],
      [{ page: -1 }, /"page"/],
      [{ page: 1.5 }, /"page"/],
      [{ offset: 'x' }, /"offset"/],
      [{ sort: 'price:sideways' }, /Malformed sort/],
      [{ sort: 'weight:asc' }, /Unknown field "weight"/],
    ];
    for (const [params, message] of cases) {
      const res = await api.get('/products', { params });
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.code).toBe('BAD_REQUEST');
      expect(res.error).toMatch(message);
    }
  });
});
