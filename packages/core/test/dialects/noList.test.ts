/**
 * A list endpoint that answers something that is no list (one record, a search result object,
 * an error page sent with a 200) is never shown as an empty page: through every built-in
 * dialect, the builder's `get()` resolves `CLIENT_ERROR` naming the backend, and a service's
 * `getList`/`search` rejects with a `BridgeApiError` of that code. The answer comes from a real
 * HTTP server on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBridgeApiService,
  createClient,
  type Dialect,
  isBridgeApiError,
} from '@bridgekit/core';
import {
  djangoRest,
  feathers,
  jsonServer,
  laravel,
  postgrest,
  strapi,
} from '@bridgekit/core/dialects';
import { startTestServer, type TestServer } from '../helpers/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DIALECTS: Array<[string, () => Dialect]> = [
  ['json-server 1.x', () => jsonServer({ version: 1 })],
  ['json-server 0.17', () => jsonServer({ version: 0 })],
  ['feathers', () => feathers()],
  ['djangoRest', () => djangoRest()],
  ['postgrest', () => postgrest()],
  ['strapi', () => strapi({ search: ['name'] })],
  ['laravel', () => laravel({ search: 'q' })],
];

// One record where a list was expected: the shape each backend gives for a single row.
const ONE_RECORD = { id: 7, name: 'Desk', total: 3, count: 3 };

describe.each(DIALECTS)('%s', (_label, make) => {
  it("the builder's get() of an answer that holds no list is a CLIENT_ERROR naming the backend", async () => {
    server.reply({ json: ONE_RECORD });
    const dialect = make();
    const res = await createClient(server.url, { dialect }).query('/products').limit(5).get();
    expect(res.success).toBe(false);
    expect(res).toMatchObject({ status: 0, code: 'CLIENT_ERROR' });
    expect(res.error).toBe(
      `${dialect.name} could not read the list: the answer holds no list of rows`,
    );
  });

  it('getList and search reject with CLIENT_ERROR instead of an empty page', async () => {
    server.reply({ json: ONE_RECORD });
    const dialect = make();
    const service = createBridgeApiService(createClient(server.url, { dialect }), {
      endpoint: '/products',
    });
    // An empty text is "no text filter" on a dialect: every backend lists through search then.
    for (const call of [() => service.getList({ limit: 5 }), () => service.search({ q: '' })]) {
      const error = await call().then(
        () => new Error('expected a rejection'),
        (e: unknown) => e,
      );
      expect(isBridgeApiError(error) && error.code).toBe('CLIENT_ERROR');
      expect((error as Error).message).toBe(
        `${dialect.name} could not read the list: the answer holds no list of rows`,
      );
    }
  });
});
