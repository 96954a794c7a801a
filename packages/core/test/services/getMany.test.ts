// `getMany(service, ids)` against the real reference server (one `in` search) and against a
// json-server-speaking test server (one `get` per id: the dialect's key field is the app's to name).
import {
  createAuthService,
  createBridgeApiService,
  createClient,
  type Dialect,
} from '@bridgekit/core';
import { dialectTransport, getMany, jsonServer } from '@bridgekit/core/dialects';
import { createServer } from '@bridgekit/server';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { startTestServer } from '../helpers/testServer';

interface Product {
  id: string;
  name: string;
  price: number;
}

const running: Array<{ close(): Promise<unknown> | unknown }> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function reference() {
  const server = createServer({ seed: 'demo', loginThrottle: false });
  running.push(server);
  const { url } = await server.listen(0, '127.0.0.1');
  const client = createClient(url, { timeout: 5000 });
  const auth = createAuthService(client);
  await auth.ready;
  await auth.login({ email: 'admin@example.com', password: 'admin123' });
  auth.dispose();
  const products = createBridgeApiService<Product>(client, { endpoint: '/products' });
  return { server, products };
}

describe('getMany', () => {
  it('the Bridgekit protocol: one in-filter search, records in the order of ids', async () => {
    const { server, products } = await reference();
    const [one, three] = await Promise.all([products.getById('1'), products.getById('3')]);
    const before = server.requests().length;
    const rows = await getMany(products, ['3', 1, '3']);
    expect(rows).toEqual([three, one]);
    const sent = server.requests().slice(before);
    expect(sent.map((r) => r.path)).toEqual(['/api/products/search']);
  });

  it('an id the backend does not have is left out; none asked, none sent', async () => {
    const { server, products } = await reference();
    const one = await products.getById('1');
    expect(await getMany(products, ['1', 'no-such-id'])).toEqual([one]);
    const before = server.requests().length;
    expect(await getMany(products, [])).toEqual([]);
    expect(server.requests().length).toBe(before);
  });

  it('more ids than one in-list holds go in several searches', async () => {
    const { server, products } = await reference();
    const all = (await products.getList({ limit: 100 })).data;
    expect(all.length).toBeGreaterThan(20);
    const ids = all.map((p) => p.id).reverse();
    const before = server.requests().length;
    const rows = await getMany(products, ids);
    expect(rows.map((p) => p.id)).toEqual(ids);
    expect(server.requests().length - before).toBe(Math.ceil(ids.length / 20));
  });

  it("with a dialect's query part: one get per id, and a missing one rejects", async () => {
    const server = await startTestServer();
    running.push(server);
    server.reply((req) =>
      req.path === '/products/404'
        ? { status: 404, json: {} }
        : { json: { id: req.path.split('/').pop(), name: 'x' } },
    );
    const api = createClient(server.url, { dialect: jsonServer({ version: 1 }) });
    const products = createBridgeApiService<Product>(api, { endpoint: '/products' });
    expect(await getMany(products, ['7', '8'])).toEqual([
      { id: '7', name: 'x' },
      { id: '8', name: 'x' },
    ]);
    expect(server.requests.map((r) => r.url)).toEqual(['/products/7', '/products/8']);
    await expect(getMany(products, ['404'])).rejects.toMatchObject({ status: 404 });
  });

  it('field names the key for one in filter with a dialect too', async () => {
    const server = await startTestServer();
    running.push(server);
    server.reply({ json: [{ id: '8' }, { id: '7' }] });
    const api = createClient(server.url, { dialect: jsonServer({ version: 1 }) });
    const products = createBridgeApiService<Product>(api, { endpoint: '/products' });
    expect(await getMany(products, ['7', '8'], { field: 'id' })).toEqual([
      { id: '7' },
      { id: '8' },
    ]);
    expect(server.requests.map((r) => decodeURIComponent(r.url))).toEqual([
      '/products?_per_page=2&id:in=7,8&_page=1',
    ]);
  });

  it("an RPC dialect's operations.getMany is the one call; a failure rejects", async () => {
    const server = await startTestServer();
    running.push(server);
    server.reply((req) => {
      const { params } = JSON.parse(req.body) as { params: { ids: string[] } };
      return params.ids.includes('0')
        ? { status: 500, json: { error: 'boom' } }
        : { json: { result: params.ids.map((id) => ({ id })) } };
    });
    const rpc: Dialect = {
      name: 'json-rpc',
      envelope: false,
      transport: dialectTransport({ envelope: false }),
      operations: {
        getMany: ({ client, endpoint, ids }) =>
          client.post('/rpc', { method: `${endpoint.slice(1)}.getMany`, params: { ids } }),
      },
      list: (res) => ({
        data: (res.data as any).result,
        meta: { page: 1, limit: 0, hasMore: false },
      }),
    };
    const products = createBridgeApiService<Product>(createClient(server.url, { dialect: rpc }), {
      endpoint: '/products',
    });
    expect(await getMany(products, ['2', 1, '2'])).toEqual([{ id: '2' }, { id: '1' }]);
    expect(server.requests.map((r) => JSON.parse(r.body))).toEqual([
      { method: 'products.getMany', params: { ids: ['2', '1'] } },
    ]);
    await expect(getMany(products, ['0'])).rejects.toMatchObject({ status: 500 });
  });

  it('programmer errors throw TypeError naming the argument', async () => {
    // Nothing is sent: no server needed.
    const products = createBridgeApiService<Product>(createClient('http://127.0.0.1:9'), {
      endpoint: '/products',
    });
    await expect(getMany(products, '1' as never)).rejects.toThrow(TypeError);
    await expect(getMany(products, [{}] as never)).rejects.toThrow(/ids/);
    await expect(getMany(null as never, ['1'])).rejects.toThrow(/service/);
    expectTypeOf(getMany<Product>).returns.resolves.toEqualTypeOf<Product[]>();
  });
});
