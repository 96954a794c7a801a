/**
 * One page count everywhere: the envelope's `meta`, the builder's list meta through a dialect
 * and the table hooks (packages/react) count an empty list as 0 pages, and give no count for a
 * list that is not empty when the page size is unknown.
 */
import { createClient, type Dialect, pageCount } from '@bridgekit/core';
import { dialectTransport, listPage } from '@bridgekit/core/dialects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('pageCount', () => {
  it('ceil(total / limit); 0 for an empty list, whatever the limit', () => {
    expect(pageCount(35, 10)).toBe(4);
    expect(pageCount(30, 10)).toBe(3);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(0, 0)).toBe(0);
    expect(pageCount(0, undefined)).toBe(0);
  });

  it('no count for a list that is not empty without a page size', () => {
    expect(pageCount(35, undefined)).toBeUndefined();
    expect(pageCount(35, 0)).toBeUndefined();
  });
});

describe('an empty list has 0 pages through every path', () => {
  it("the envelope's meta", async () => {
    server.reply({ json: { success: true, data: [], meta: { page: 1, limit: 10, total: 0 } } });
    const res = await createClient(server.url).get('/products');
    expect(res.meta).toEqual({ page: 1, limit: 10, total: 0, totalPages: 0 });
  });

  it("the envelope's meta without a limit", async () => {
    server.reply({ json: { success: true, data: [], meta: { total: 0 } } });
    expect((await createClient(server.url).get('/products')).meta).toEqual({
      total: 0,
      totalPages: 0,
    });
    server.reply({ json: { success: true, data: [{ id: 1 }], meta: { total: 1 } } });
    expect((await createClient(server.url).get('/products')).meta).toEqual({ total: 1 });
  });

  it("the builder's list meta through a dialect", async () => {
    const counted: Dialect = {
      name: 'counted',
      envelope: false,
      transport: dialectTransport({ envelope: false }),
      list: (res, requested) => {
        const body = res.data as { items: unknown[]; count: number };
        return listPage({ data: body.items as never[], total: body.count }, requested);
      },
    };
    server.reply({ json: { items: [], count: 0 } });
    const api = createClient(server.url, { dialect: counted });
    const res = await api.query('/products').page(1).limit(10).get();
    expect(res.meta).toEqual({ page: 1, limit: 10, total: 0, totalPages: 0 });
  });
});
