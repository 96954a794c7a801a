/**
 * feathers() against Feathers' own REST client as an oracle: @feathersjs/rest-client (fetch
 * connector, installed in backends/) and Bridgekit send the same service call to one loopback
 * server, which records both requests. Both queries are read as a Feathers 5 Koa app reads
 * them (koa-qs with qs's defaults, as @feathersjs/koa installs it): the parsed objects,
 * method, path, `Content-Type` and JSON body must be equal. feathers.test.ts runs the dialect
 * against a real Feathers app; this file checks the wire against Feathers' own client.
 */
import {
  createBridgeApiService,
  createClient,
  gt,
  gte,
  ilike,
  inOp,
  isNotNull,
  like,
  lt,
  lte,
  ne,
  notIn,
  type QueryBuilder,
} from '@bridgekit/core';
import { feathers } from '@bridgekit/core/dialects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feathersRestClient, parseFeathersQuery } from '../../../../backends/oracles.mjs';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { qsMeaning, recordOne } from './oracleCapture';

let server: TestServer;

beforeAll(async () => {
  // A paginated find, or one record.
  server = await startTestServer((req) =>
    req.method === 'GET' && req.path === '/products'
      ? { json: { total: 0, limit: 10, skip: 0, data: [] } }
      : { json: { id: 7, name: 'Oak Desk' } },
  );
});

afterAll(() => server?.close());

/** What a Feathers Koa app reads from the one request `send` makes. */
const capture = async (send: () => PromiseLike<unknown>) =>
  qsMeaning(await recordOne(server, send), parseFeathersQuery);

const api = () => createClient(server.url, { dialect: feathers({ like: true }) });
const products = () => createBridgeApiService<{ id: number }>(api(), { endpoint: '/products' });
function theirs() {
  const { feathers: client, rest } = feathersRestClient();
  const app = client();
  app.configure(rest(server.url).fetch(globalThis.fetch));
  return app.service('products');
}
type Builder = QueryBuilder<unknown>;

describe('feathers() and @feathersjs/rest-client send queries Feathers reads the same', () => {
  const rows: Array<[string, (b: Builder) => Builder, Record<string, unknown>]> = [
    ['equality', (b) => b.where('category', 'office'), { category: 'office' }],
    ['a boolean', (b) => b.where('active', true), { active: true }],
    ['$ne', (b) => b.where('category', ne('office')), { category: { $ne: 'office' } }],
    ['$gt', (b) => b.where('price', gt(10)), { price: { $gt: 10 } }],
    ['$gte', (b) => b.where('price', gte(10)), { price: { $gte: 10 } }],
    ['$lt', (b) => b.where('price', lt(10)), { price: { $lt: 10 } }],
    ['$lte', (b) => b.where('price', lte(10)), { price: { $lte: 10 } }],
    ['$in', (b) => b.where('id', inOp([1, 2, 3])), { id: { $in: [1, 2, 3] } }],
    ['$nin', (b) => b.where('id', notIn([1, 2])), { id: { $nin: [1, 2] } }],
    ['$like (like: true)', (b) => b.where('name', like('%Desk%')), { name: { $like: '%Desk%' } }],
    ['$ilike (like: true)', (b) => b.where('name', ilike('oak%')), { name: { $ilike: 'oak%' } }],
    [
      'two conditions on a field and another field',
      (b) => b.where('price', gte(10)).where('price', lt(100)).where('category', 'office'),
      { price: { $gte: 10, $lt: 100 }, category: 'office' },
    ],
    [
      '$sort on two fields',
      (b) => b.sort('category').sort('price', 'desc'),
      { $sort: { category: 1, price: -1 } },
    ],
    ['$limit and $skip', (b) => b.limit(5).offset(10), { $limit: 5, $skip: 10 }],
    ['a page (10 a page)', (b) => b.page(3), { $skip: 20, $limit: 10 }],
    ['a plain param', (b) => b.param('tenant', 'acme'), { tenant: 'acme' }],
    ['a list param', (b) => b.param('$select', ['id', 'name']), { $select: ['id', 'name'] }],
    ['a one-item list param', (b) => b.param('$select', ['id']), { $select: ['id'] }],
  ];

  it.each(rows)('%s', async (_what, ours, query) => {
    const mine = await capture(() => ours(api().query('/products')).get());
    const oracle = await capture(() => theirs().find({ query }));
    expect(mine).toEqual(oracle);
  });

  it('a list of 20 values stays a list for Feathers', async () => {
    const values = Array.from({ length: 20 }, (_, i) => i);
    const mine = await capture(() => api().query('/products').where('id', inOp(values)).get());
    const oracle = await capture(() => theirs().find({ query: { id: { $in: values } } }));
    expect(mine).toEqual(oracle);
    expect((mine.query as any).id.$in).toHaveLength(20);
  });
});

describe('feathers({ nulls: true }) sends null as @feathersjs/rest-client does', () => {
  const nulls = () => createClient(server.url, { dialect: feathers({ nulls: true }) });
  it.each([
    ['equality with null', (b: Builder) => b.where('stock', null), { stock: null }],
    ['$ne null', (b: Builder) => b.where('stock', isNotNull()), { stock: { $ne: null } }],
  ])('%s', async (_what, ours, query) => {
    const mine = await capture(() => ours(nulls().query('/products')).get());
    const oracle = await capture(() => theirs().find({ query }));
    expect(mine).toEqual(oracle);
  });
});

describe('feathers() and @feathersjs/rest-client: lists and records', () => {
  it('a sorted page', async () => {
    const mine = await capture(() =>
      products().getList({ page: 2, limit: 5, orderBy: 'price', orderDir: 'desc' }),
    );
    const oracle = await capture(() =>
      theirs().find({ query: { $skip: 5, $limit: 5, $sort: { price: -1 } } }),
    );
    expect(mine).toEqual(oracle);
  });

  it('get', async () => {
    const mine = await capture(() => products().getById('7'));
    const oracle = await capture(() => theirs().get(7));
    expect(mine).toEqual(oracle);
  });

  it('create', async () => {
    const data = { name: 'Oak Desk', price: 250 };
    const mine = await capture(() => products().create(data as never));
    const oracle = await capture(() => theirs().create(data));
    expect(mine).toEqual(oracle);
    expect(mine).toMatchObject({ method: 'POST', contentType: 'application/json' });
  });

  it('update is patch (PATCH merges; PUT would replace the record)', async () => {
    const mine = await capture(() => products().update('7', { price: 240 } as never));
    const oracle = await capture(() => theirs().patch(7, { price: 240 }));
    expect(mine).toEqual(oracle);
    expect(mine).toMatchObject({ method: 'PATCH', path: '/products/7' });
  });

  it('delete is remove', async () => {
    const mine = await capture(() => products().delete('7'));
    const oracle = await capture(() => theirs().remove(7));
    expect(mine).toEqual(oracle);
  });
});

describe("feathers() and Feathers' query parser limit (qs arrayLimit 20)", () => {
  it("21 items: Feathers reads its own client's list as an object too, so Bridgekit refuses it", async () => {
    const values = Array.from({ length: 21 }, (_, i) => i);
    const oracle = await capture(() => theirs().find({ query: { id: { $in: values } } }));
    expect(Array.isArray((oracle.query as any).id.$in)).toBe(false);
    expect(() => api().query('/products').where('id', inOp(values))).toThrow(TypeError);
    expect(() => api().query('/products').where('id', notIn(values))).toThrow(/arrayLimit/);
    server.requests.length = 0;
    const error = await products()
      .search({ q: '', filters: { id: { operator: 'in', value: values } } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'BridgeApiError', code: 'CLIENT_ERROR', status: 0 });
    expect(server.requests).toHaveLength(0);
  });
});
