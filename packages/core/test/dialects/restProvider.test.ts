/**
 * `restProvider`: a dialect from parts, as a user writes one, against a real HTTP server on
 * 127.0.0.1 through the services: the query written by `pairs`, list meta made from the
 * facts the backend gave (never an invented total), the REST defaults (no envelope, PATCH).
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createBridgeApiService, createClient, type Dialect } from '@bridgekit/core';
import { pair, restProvider, unsupported } from '@bridgekit/core/dialects';
import { startTestServer, type TestServer } from '../helpers/testServer';

const acme = (options: { strict?: boolean } = {}) =>
  restProvider({
    name: 'acme',
    options,
    query: {
      key: (e) => (e.kind === 'filter' ? `${e.field}.${e.operator}` : e.kind),
      pairs: (e) =>
        e.kind === 'filter'
          ? pair(`filter[${e.field}][${e.operator}]`, e.value)
          : e.kind === 'page' || e.kind === 'limit'
            ? pair(e.kind === 'limit' ? 'size' : 'page', e.value)
            : [],
      check: (e) =>
        e.kind === 'filter' && e.operator === 'between'
          ? unsupported('acme', "operator 'between'")
          : undefined,
    },
    // `{ items, total? }`: the total only when the backend counted.
    list: (res) => ({ data: (res.data as any).items, total: (res.data as any).total }),
    session: { header: 'Authorization', scheme: 'Bearer' },
  });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('restProvider', () => {
  it('writes the query with pairs and makes the meta from what the list answer said', async () => {
    server.reply({ json: { items: [{ id: 1 }, { id: 2 }], total: 5 } });
    const products = createBridgeApiService(createClient(server.url, { dialect: acme() }), {
      endpoint: '/products',
    });
    const page = await products.search({
      q: '',
      page: 2,
      limit: 2,
      filters: { price: { operator: 'gte', value: 10 } },
    });
    expect(server.requests.at(-1)!.url).toBe('/products?page=2&size=2&filter[price][gte]=10');
    expect(page).toEqual({
      data: [{ id: 1 }, { id: 2 }],
      meta: { page: 2, limit: 2, total: 5, hasMore: true },
    });
  });

  it('without a total from the backend, meta has none (hasMore from a full page)', async () => {
    server.reply({ json: { items: [{ id: 3 }] } });
    const products = createBridgeApiService(createClient(server.url, { dialect: acme() }), {
      endpoint: '/products',
    });
    const page = await products.getList({ page: 3, limit: 2 });
    expect(page.meta).toEqual({ page: 3, limit: 2, hasMore: false });
  });

  it('REST defaults: no envelope (a `success` field is data) and PATCH updates', async () => {
    server.reply({ json: { id: 7, success: false } });
    const products = createBridgeApiService(createClient(server.url, { dialect: acme() }), {
      endpoint: '/products',
    });
    expect(await products.update('7', { name: 'x' })).toEqual({ id: 7, success: false });
    expect(server.requests.at(-1)!.method).toBe('PATCH');
    const dialect = acme();
    expect([dialect.envelope, dialect.records?.updateMethod]).toEqual([false, 'PATCH']);
  });

  it('a refused entry is a CLIENT_ERROR that sends nothing; id names the options', async () => {
    const sent = server.requests.length;
    const products = createBridgeApiService(createClient(server.url, { dialect: acme() }), {
      endpoint: '/products',
    });
    await expect(
      products.search({ q: '', filters: { price: { operator: 'between', value: [1, 2] } } }),
    ).rejects.toMatchObject({
      code: 'CLIENT_ERROR',
      message: "acme cannot express operator 'between'",
    });
    expect(server.requests.length).toBe(sent);
    expect(acme({ strict: true }).id).toBe('acme{"strict":true}');
    expect(restProvider({ name: 'plain' }).id).toBeUndefined();
  });

  it('types: a Dialect without an envelope', () => {
    expectTypeOf(acme()).toMatchTypeOf<Dialect & { envelope: false }>();
  });
});

describe('restProvider: the transport parts a user gives are checked', () => {
  it('a session without a header name, or errors that is not a function, throw naming the part', () => {
    expect(() => restProvider({ name: 'acme', session: { header: 5 as never } })).toThrow(
      new TypeError('parts.session.header must be a header name'),
    );
    expect(() => restProvider({ name: 'acme', errors: 'detail' as never })).toThrow(
      new TypeError('parts.errors must be a function'),
    );
  });
});
