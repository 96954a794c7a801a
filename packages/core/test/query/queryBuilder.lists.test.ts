/**
 * The builder's get() reads a list: the reference server's envelope (its data the rows, paged by
 * its meta), through a dialect as the services read it (its operations.list, the records part's
 * list headers, its lists part); an answer that holds no list is a CLIENT_ERROR naming the
 * endpoint, and it never rejects. The real backends are in test/dialects/*.
 */
import { createClient, type Dialect, gte } from '@bridgekit/core';
import { dialectTransport, listPage } from '@bridgekit/core/dialects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ROWS = [
  { id: 3, name: 'Lamp' },
  { id: 4, name: 'Rug' },
];

/** A REST backend answering `{ items, count }`, with its own list reading. */
const counted = (parts: Partial<Dialect> = {}): Dialect => ({
  name: 'counted',
  envelope: false,
  transport: dialectTransport({ envelope: false }),
  list: (res, requested) => {
    const body = res.data as { items: unknown[]; count: number };
    return listPage({ data: body.items as never[], total: body.count }, requested);
  },
  ...parts,
});

describe("the builder's get()", () => {
  it('with the reference server: its envelope as sent (data the rows, its meta)', async () => {
    const meta = { page: 2, limit: 2, total: 5, totalPages: 3 };
    server.reply({ json: { success: true, data: ROWS, meta } });
    const res = await createClient(server.url).query('/products').page(2).limit(2).get();
    expect(res).toMatchObject({ success: true, data: ROWS, meta });
  });

  it("through a dialect: the rows, and { page, limit, total, totalPages } from the backend's count", async () => {
    server.reply({ json: { items: ROWS, count: 5 } });
    const api = createClient(server.url, { dialect: counted() });
    const res = await api.query('/products').page(2).limit(2).get();
    expect(res.success).toBe(true);
    expect(res.data).toEqual(ROWS);
    expect(res.meta).toEqual({ page: 2, limit: 2, total: 5, totalPages: 3 });
    expect(res.status).toBe(200);
    expect(res.headers?.get('content-type')).toMatch(/json/);
  });

  it('a total the backend did not give: neither total nor totalPages', async () => {
    server.reply({ json: { items: ROWS } });
    const api = createClient(server.url, { dialect: counted() });
    const res = await api.query('/products').page(2).limit(2).get();
    expect(res.meta).toEqual({ page: 2, limit: 2 });
  });

  it('an offset: the page it falls on', async () => {
    server.reply({ json: { items: ROWS, count: 9 } });
    const api = createClient(server.url, { dialect: counted() });
    const res = await api.query('/products').offset(4).limit(2).get();
    expect(res.meta).toEqual({ page: 3, limit: 2, total: 9, totalPages: 5 });
  });

  it("sends the records part's list headers, under the builder's own", async () => {
    server.reply({ json: { items: [], count: 0 } });
    const api = createClient(server.url, {
      dialect: counted({
        records: {
          headers: (op) => (op === 'list' ? { Prefer: 'count=exact', 'X-A': 'a' } : undefined),
        },
      }),
    });
    await api.query('/products').header('x-a', 'mine').get();
    const sent = server.requests.at(-1)!;
    expect(sent.headers.prefer).toBe('count=exact');
    expect(sent.headers['x-a']).toBe('mine');
  });

  it("lists through the dialect's operations.list, with the builder's entries and headers", async () => {
    server.reply((req) => ({ json: { items: req.method === 'POST' ? ROWS : [], count: 2 } }));
    const rpc = counted({
      operations: {
        list: ({ client, endpoint, entries, headers }) =>
          client.post('/rpc', { endpoint, entries }, { headers }),
      },
    });
    const api = createClient(server.url, { dialect: rpc });
    const res = await api.query('/products').where('price', gte(10)).header('X-T', 't').get();
    const sent = server.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(JSON.parse(sent.body)).toEqual({
      endpoint: '/products',
      entries: [{ kind: 'filter', field: 'price', operator: 'gte', value: 10 }],
    });
    expect(sent.headers['x-t']).toBe('t');
    expect(res).toMatchObject({ success: true, data: ROWS, meta: { total: 2 } });
  });

  it('a failure stays as it is', async () => {
    server.reply({ status: 503, json: { error: 'down' } });
    const res = await createClient(server.url, { dialect: counted() }).query('/products').get();
    expect(res).toMatchObject({ success: false, status: 503 });
  });

  it('a lists part that throws resolves CLIENT_ERROR naming the dialect, never rejects', async () => {
    server.reply({ json: null });
    const api = createClient(server.url, { dialect: counted() });
    const res = await api.query('/products').get();
    expect(res).toMatchObject({ success: false, code: 'CLIENT_ERROR' });
    expect(res.error).toMatch(/^counted could not read the list: /);
  });

  it('without a dialect, an array body: its rows, paged as asked (no total it did not give)', async () => {
    server.reply({ json: ROWS });
    const api = createClient(server.url);
    expect(await api.query('/products').get()).toMatchObject({
      success: true,
      data: ROWS,
      meta: { page: 1, limit: 2 },
    });
    const paged = await api.query('/products').page(3).limit(2).get();
    expect(paged.data).toEqual(ROWS);
    expect(paged.meta).toEqual({ page: 3, limit: 2 });
  });

  it.each([
    ['without a dialect', undefined],
    ['through a dialect without a lists part', counted({ list: undefined })],
  ])('%s, an answer that holds no list: CLIENT_ERROR naming the endpoint', async (_, dialect) => {
    // STAPI's search answers its rows in `characters`, beside the page and the sort.
    const body = { page: { pageNumber: 0 }, sort: {}, characters: ROWS };
    server.reply({ json: body });
    const api = createClient(server.url, dialect && { dialect });
    const res = await api.query('/character/search').param('name', 'Kirk').get();
    expect(res).toMatchObject({ success: false, status: 0, code: 'CLIENT_ERROR' });
    expect(res.error).toBe(
      'GET /character/search answered no list, and query().get() reads lists: read this answer with get()',
    );
    // The client's get() hands the same answer over as it came.
    expect((await api.get('/character/search')).data).toEqual(body);
  });

  it('a lists part that reads no array: CLIENT_ERROR naming the endpoint', async () => {
    server.reply({ json: { items: ROWS } });
    const api = createClient(server.url, {
      dialect: counted({
        list: (res) => ({ data: res.data, meta: { page: 1, limit: 2 } }) as never,
      }),
    });
    const res = await api.query('/products').get();
    expect(res).toMatchObject({ success: false, code: 'CLIENT_ERROR' });
    expect(res.error).toMatch(/^GET \/products answered no list/);
  });

  it('the plain verbs keep the body as sent', async () => {
    server.reply({ json: { items: ROWS, count: 5 } });
    const res = await createClient(server.url, { dialect: counted() }).get('/products?page=2');
    expect(res.data).toEqual({ items: ROWS, count: 5 });
    expect(res.meta).toBeUndefined();
  });
});
