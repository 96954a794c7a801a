/**
 * The JSON-RPC example of docs/guide/backends/custom.md ("A backend that is not REST-shaped"),
 * run as the page writes it against a real JSON-RPC server on 127.0.0.1 (the page's address
 * pointed at it): every service operation becomes one `POST /rpc { method, params }` through
 * the dialect's `operations` part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BridgeApiService,
  createBridgeApiService,
  createClient,
  type Dialect,
  isBridgeApiError,
} from '@bridgekit/core';
import { docsBlock, runDocsBlock } from '../helpers/docsExample';
import { startTestServer, type TestServer } from '../helpers/testServer';

const PAGE = 'docs/guide/backends/custom.md';

interface Product {
  id: number;
  name: string;
  price: number;
}

/** A JSON-RPC server over a products table: `products.list|get|create|update|delete`. */
function rpcServer(server: TestServer): void {
  const rows: Product[] = [
    { id: 1, name: 'Desk', price: 150 },
    { id: 2, name: 'Chair', price: 80 },
    { id: 3, name: 'Lamp', price: 25 },
  ];
  let next = 4;
  server.reply((req) => {
    if (req.method !== 'POST' || req.path !== '/rpc') return { status: 404, json: {} };
    const { method, params } = JSON.parse(req.body) as { method: string; params: any };
    const find = () => rows.find((r) => r.id === Number(params.id));
    const answer = (result: unknown) => ({ json: { jsonrpc: '2.0', result } });
    switch (method) {
      case 'products.list': {
        const matching = rows.filter((r) =>
          (params.where as [keyof Product, string, number][]).every(([f, op, v]) =>
            op === 'gte' ? (r[f] as number) >= v : r[f] === v,
          ),
        );
        const { page = 1, limit = 10 } = params;
        return answer({
          data: matching.slice((page - 1) * limit, page * limit),
          total: matching.length,
        });
      }
      case 'products.get':
        return find() ? answer(find()) : { status: 404, json: { error: 'no such product' } };
      case 'products.create': {
        const row = { id: next++, ...params.data };
        rows.push(row);
        return answer(row);
      }
      case 'products.update':
        return answer(Object.assign(find()!, params.data));
      case 'products.delete':
        rows.splice(rows.indexOf(find()!), 1);
        return answer(null);
      default:
        return { status: 400, json: { error: `unknown method ${method}` } };
    }
  });
}

interface Block {
  rpc: Dialect;
  products: BridgeApiService<Product>;
  created: Product;
}

let server: TestServer;
// The page's block, run once: its last line creates a product through the dialect.
let block: Block;
beforeAll(async () => {
  server = await startTestServer();
  rpcServer(server);
  block = await runDocsBlock<Block>(
    docsBlock(PAGE, "name: 'json-rpc'"),
    ['rpc', 'products', 'created'],
    [['https://api.example.com', server.url]],
  );
});
afterAll(() => server.close());

describe('a JSON-RPC backend through the operations part', () => {
  it('list, get, create, update and delete are each one POST /rpc', async () => {
    const { products, created } = block;
    expect(created).toEqual({ id: 4, name: 'Lamp' });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      method: 'products.create',
      params: { data: { name: 'Lamp' }, where: [] },
    });

    const page = await products.getList({ page: 2, limit: 2 });
    expect(page).toEqual({
      data: [
        { id: 3, name: 'Lamp', price: 25 },
        { id: 4, name: 'Lamp' },
      ],
      meta: { page: 2, limit: 2, total: 4, hasMore: false },
    });
    expect(await products.getById('2')).toEqual({ id: 2, name: 'Chair', price: 80 });
    expect(await products.update('2', { price: 85 })).toEqual({ id: 2, name: 'Chair', price: 85 });
    await products.delete('1');
    expect((await products.getList()).meta.total).toBe(3);
    expect(server.requests.every((r) => r.method === 'POST' && r.path === '/rpc')).toBe(true);
  });

  it("the builder's filters reach it as entries; a failure rejects as BridgeApiError", async () => {
    const api = createClient(server.url, { dialect: block.rpc });
    const products = createBridgeApiService<Product>(api, { endpoint: '/products' });
    const cheap = await products.search({
      q: '',
      filters: { price: { operator: 'gte', value: 80 } },
    });
    expect(cheap.data.map((p) => p.name).sort()).toEqual(['Chair']);
    expect(JSON.parse(server.requests.at(-1)!.body).params.where).toEqual([['price', 'gte', 80]]);
    const error = await products.getById('99').catch((e: unknown) => e);
    expect(isBridgeApiError(error) && error.status).toBe(404);
  });
});
