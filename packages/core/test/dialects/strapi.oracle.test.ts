/**
 * strapi() against Strapi's own client as an oracle: @strapi/client (installed in backends/)
 * and Bridgekit send the same operation to one loopback server, which records both requests.
 * Both queries are read with Strapi 5's own parser settings (`qs.parse` with
 * `{ strictNullHandling: true, arrayLimit: 100, depth: 20 }` from
 * packages/core/core/src/middlewares/query.ts in strapi/strapi, and the qs version Strapi 5
 * pins, see backends/oracles.mjs): the parsed objects, method, path, `Content-Type` and JSON
 * body must be equal. Strapi itself cannot run here.
 */
import {
  between,
  createBridgeApiService,
  createClient,
  endsWith,
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
import { strapi } from '@bridgekit/core/dialects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStrapiQuery, STRAPI_QS, strapiClient } from '../../../../backends/oracles.mjs';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { qsMeaning, recordOne } from './oracleCapture';

let server: TestServer;

beforeAll(async () => {
  // Strapi 5's answers: a collection page, one document, 204 for a delete.
  server = await startTestServer((req) =>
    req.method === 'DELETE'
      ? { status: 204 }
      : req.method === 'GET' && req.path === '/api/products'
        ? {
            json: {
              data: [],
              meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } },
            },
          }
        : { json: { data: { id: 1, documentId: 'abc123', name: 'Oak Desk' }, meta: {} } },
  );
});

afterAll(() => server?.close());

/** What Strapi reads from the one request `send` makes. */
const capture = async (send: () => PromiseLike<unknown>) =>
  qsMeaning(await recordOne(server, send), parseStrapiQuery);

const dialect = strapi({ search: ['name', 'description'] });
const api = () => createClient(`${server.url}/api`, { dialect });
const products = () =>
  createBridgeApiService<{ documentId: string }>(api(), { endpoint: '/products' });
const theirs = () =>
  strapiClient()
    .strapi({ baseURL: `${server.url}/api` })
    .collection('products');
type Builder = QueryBuilder<unknown>;

it("reads queries with Strapi 5's qs settings", () => {
  expect(STRAPI_QS).toEqual({ strictNullHandling: true, arrayLimit: 100, depth: 20 });
});

describe('strapi() and @strapi/client send filters Strapi reads the same', () => {
  const rows: Array<[string, (b: Builder) => Builder, Record<string, unknown>]> = [
    ['$eq', (b) => b.where('name', 'Oak Desk'), { filters: { name: { $eq: 'Oak Desk' } } }],
    ['$ne', (b) => b.where('name', ne('x')), { filters: { name: { $ne: 'x' } } }],
    ['$gt', (b) => b.where('price', gt(10)), { filters: { price: { $gt: 10 } } }],
    ['$gte', (b) => b.where('price', gte(10)), { filters: { price: { $gte: 10 } } }],
    ['$lt', (b) => b.where('price', lt(10)), { filters: { price: { $lt: 10 } } }],
    ['$lte', (b) => b.where('price', lte(10)), { filters: { price: { $lte: 10 } } }],
    ['$in', (b) => b.where('id', inOp([3, 6, 8])), { filters: { id: { $in: [3, 6, 8] } } }],
    ['$notIn', (b) => b.where('id', notIn([3, 6])), { filters: { id: { $notIn: [3, 6] } } }],
    ['$null', (b) => b.where('stock', isNull()), { filters: { stock: { $null: true } } }],
    ['eq null', (b) => b.where('stock', null), { filters: { stock: { $null: true } } }],
    ['$notNull', (b) => b.where('stock', isNotNull()), { filters: { stock: { $notNull: true } } }],
    [
      '$between',
      (b) => b.where('price', between(10, 20)),
      { filters: { price: { $between: [10, 20] } } },
    ],
    [
      '$not $between',
      (b) => b.where('price', notBetween(10, 20)),
      { filters: { price: { $not: { $between: [10, 20] } } } },
    ],
    [
      '$contains',
      (b) => b.where('name', like('%Desk%')),
      { filters: { name: { $contains: 'Desk' } } },
    ],
    [
      '$containsi',
      (b) => b.where('name', ilike('%desk%')),
      { filters: { name: { $containsi: 'desk' } } },
    ],
    [
      '$startsWith',
      (b) => b.where('name', startsWith('Oak')),
      { filters: { name: { $startsWith: 'Oak' } } },
    ],
    [
      '$startsWithi (ilike x%)',
      (b) => b.where('name', ilike('oak%')),
      { filters: { name: { $startsWithi: 'oak' } } },
    ],
    [
      '$endsWith',
      (b) => b.where('name', endsWith('Desk')),
      { filters: { name: { $endsWith: 'Desk' } } },
    ],
    [
      '$eqi (ilike without wildcards)',
      (b) => b.where('name', ilike('oak desk')),
      {
        filters: { name: { $eqi: 'oak desk' } },
      },
    ],
    [
      'a relation field',
      (b) => b.where('chef.restaurants.stars', 5),
      { filters: { chef: { restaurants: { stars: { $eq: 5 } } } } },
    ],
    [
      'several filters',
      (b) => b.where('price', gte(10)).where('price', lte(20)).where('name', ilike('%desk%')),
      { filters: { price: { $gte: 10, $lte: 20 }, name: { $containsi: 'desk' } } },
    ],
    [
      'a sort on two fields',
      (b) => b.sort('price', 'desc').sort('name'),
      { sort: ['price:desc', 'name:asc'] },
    ],
    ['page and page size', (b) => b.page(2).limit(10), { pagination: { page: 2, pageSize: 10 } }],
    ['offset and limit', (b) => b.offset(20).limit(10), { pagination: { start: 20, limit: 10 } }],
    [
      'search over the configured fields ($or of $containsi)',
      (b) => b.search('chair'),
      {
        filters: {
          $or: [{ name: { $containsi: 'chair' } }, { description: { $containsi: 'chair' } }],
        },
      },
    ],
    ['populate', (b) => b.param('populate', '*'), { populate: '*' }],
  ];

  it.each(rows)('%s', async (_what, ours, params) => {
    const mine = await capture(() => ours(api().query('/products')).get());
    const oracle = await capture(() => theirs().find(params as never));
    expect(mine).toEqual(oracle);
  });

  it('a list of 100 values stays a list for Strapi', async () => {
    const values = Array.from({ length: 100 }, (_, i) => i);
    const mine = await capture(() => api().query('/products').where('id', inOp(values)).get());
    const oracle = await capture(() => theirs().find({ filters: { id: { $in: values } } }));
    expect(mine).toEqual(oracle);
    expect((mine.query as any).filters.id.$in).toHaveLength(100);
  });
});

describe('strapi() and @strapi/client: lists and records', () => {
  it('a sorted page', async () => {
    const mine = await capture(() =>
      products().getList({ page: 2, limit: 5, orderBy: 'price', orderDir: 'desc' }),
    );
    const oracle = await capture(() =>
      theirs().find({ sort: ['price:desc'], pagination: { page: 2, pageSize: 5 } }),
    );
    expect(mine).toEqual(oracle);
  });

  it('get one by documentId', async () => {
    const mine = await capture(() => products().getById('abc123'));
    const oracle = await capture(() => theirs().findOne('abc123'));
    expect(mine).toEqual(oracle);
    expect(mine).toMatchObject({ method: 'GET', path: '/api/products/abc123' });
  });

  it('create wraps the body in { data }', async () => {
    const data = { name: 'Oak Desk', price: 250 };
    const mine = await capture(() => products().create(data as never));
    const oracle = await capture(() => theirs().create(data));
    expect(mine).toEqual(oracle);
    expect(mine).toMatchObject({ method: 'POST', body: { data } });
  });

  it('update is a PUT of { data } with only the given fields (a partial update in Strapi 5)', async () => {
    const mine = await capture(() => products().update('abc123', { price: 240 } as never));
    const oracle = await capture(() => theirs().update('abc123', { price: 240 }));
    expect(mine).toEqual(oracle);
    expect(mine).toMatchObject({ method: 'PUT', body: { data: { price: 240 } } });
  });

  it('delete', async () => {
    const mine = await capture(() => products().delete('abc123'));
    const oracle = await capture(() => theirs().delete('abc123'));
    expect(mine).toEqual(oracle);
  });
});

describe("strapi() and Strapi's parser limits", () => {
  it('Strapi reads 101 indexed values as an object, not a list (why more than 100 are refused)', () => {
    const query = Array.from({ length: 101 }, (_, i) => `filters[id][$in][${i}]=${i}`).join('&');
    const read = parseStrapiQuery(query) as { filters: { id: { $in: unknown } } };
    expect(Array.isArray(read.filters.id.$in)).toBe(false);
  });

  it('101 values throw at the builder; through a service, CLIENT_ERROR and nothing sent', async () => {
    const values = Array.from({ length: 101 }, (_, i) => i);
    expect(() => api().query('/products').where('id', inOp(values))).toThrow(TypeError);
    server.requests.length = 0;
    const error = await products()
      .search({ q: 'x', filters: { id: { operator: 'in', value: values } } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'BridgeApiError', code: 'CLIENT_ERROR', status: 0 });
    expect(server.requests).toHaveLength(0);
  });

  it("the service's search is the collection with the configured $or, as @strapi/client sends it", async () => {
    const mine = await capture(() => products().search({ q: 'chair', page: 1, limit: 10 }));
    const oracle = await capture(() =>
      theirs().find({
        filters: {
          $or: [{ name: { $containsi: 'chair' } }, { description: { $containsi: 'chair' } }],
        },
        pagination: { page: 1, pageSize: 10 },
      }),
    );
    expect(mine).toEqual(oracle);
  });
});

describe("strapi(): the builder's get() reads a list as @strapi/client hands it over", () => {
  const ROWS = [
    { id: 6, documentId: 'f6', name: 'Rug' },
    { id: 7, documentId: 'f7', name: 'Mirror' },
  ];
  let lists: TestServer;
  beforeAll(async () => {
    lists = await startTestServer({
      json: { data: ROWS, meta: { pagination: { page: 2, pageSize: 5, pageCount: 3, total: 12 } } },
    });
  });
  afterAll(() => lists?.close());

  it("rows in data; Strapi's pagination as page, limit, total and totalPages in meta", async () => {
    const mine = await createClient(`${lists.url}/api`, { dialect })
      .query('/products')
      .page(2)
      .limit(5)
      .get();
    const oracle = (await strapiClient()
      .strapi({ baseURL: `${lists.url}/api` })
      .collection('products')
      .find({ pagination: { page: 2, pageSize: 5 } })) as {
      data: unknown[];
      meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
    };
    const { page, pageSize, pageCount, total } = oracle.meta.pagination;
    if (!mine.success) expect.fail(mine.error);
    expect(mine.data).toEqual(oracle.data);
    expect(mine.meta).toEqual({ page, limit: pageSize, total, totalPages: pageCount });
  });

  it('the plain verbs keep the body as Strapi sent it', async () => {
    const plain = await createClient(`${lists.url}/api`, { dialect }).get('/products');
    expect(plain.data).toEqual({
      data: ROWS,
      meta: { pagination: { page: 2, pageSize: 5, pageCount: 3, total: 12 } },
    });
  });
});
