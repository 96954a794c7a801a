// A client typed by the reference server's own document (examples/web/src/api.d.ts, generated
// from its GET /api/openapi.json) against that server running: the types say what the calls
// really return. Every `data` below is typed without a type argument; the assertions check
// that the value at run time is what the type promises.
import { createAuthService, createBridgeApiService, createClient } from '@bridgekit/core';
import { strapi } from '@bridgekit/core/dialects';
import { createServer } from '@bridgekit/server';
import { afterEach, expect, expectTypeOf, it } from 'vitest';
import type { components, paths } from '../../../examples/web/src/api';
import { startTestServer, type TestServer } from './helpers/testServer';

type Task = components['schemas']['Task'];
type Product = components['schemas']['Product'];

const running: Array<ReturnType<typeof createServer> | TestServer> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function typedClient() {
  const server = createServer({ seed: 'demo', loginThrottle: false });
  running.push(server);
  const { url } = await server.listen(0, '127.0.0.1');
  const api = createClient<paths>(url, { timeout: 5000 });
  const auth = createAuthService(api);
  await auth.login({ email: 'admin@example.com', password: 'admin123' });
  auth.dispose();
  return { server, api };
}

it('lists, reads, creates, updates and deletes through the typed verbs', async () => {
  const { api } = await typedClient();

  const page = await api.get('/tasks', { params: { page: 1, limit: 3, sort: 'title:asc' } });
  expect(page.success).toBe(true);
  if (!page.success) return;
  expectTypeOf(page.data).toEqualTypeOf<Task[]>();
  expect(page.data).toHaveLength(3);
  const titles = page.data.map((t) => t.title);
  expect(titles).toEqual([...titles].sort());
  expect(page.meta).toMatchObject({ page: 1, limit: 3 });

  const first = page.data[0]!;
  const one = await api.get(`/tasks/${first.id}`);
  if (!one.success) throw new Error(one.error);
  expectTypeOf(one.data).toEqualTypeOf<Task>();
  expect(one.data).toEqual(first);

  const created = await api.post('/tasks', { title: 'Typed end to end', status: 'todo' });
  if (!created.success) throw new Error(created.error);
  expectTypeOf(created.data).toEqualTypeOf<Task>();
  expect(created.data).toMatchObject({ title: 'Typed end to end', status: 'todo' });
  expect(typeof created.data.id).toBe('string');

  const updated = await api.patch(`/tasks/${created.data.id}`, { status: 'done' });
  if (!updated.success) throw new Error(updated.error);
  expect(updated.data).toMatchObject({ id: created.data.id, status: 'done' });

  const removed = await api.delete(`/tasks/${created.data.id}`);
  expect(removed.success).toBe(true);
  const gone = await api.get(`/tasks/${created.data.id}`);
  expect(gone).toMatchObject({ success: false, status: 404 });
});

it('sends a typed query parameter and reads the search results', async () => {
  const { server, api } = await typedClient();
  const found = await api.get('/products/search', { params: { q: 'bottle', limit: 5 } });
  if (!found.success) throw new Error(found.error);
  expectTypeOf(found.data).toEqualTypeOf<Product[]>();
  expect(found.data.length).toBeGreaterThan(0);
  expect(found.data.every((p) => JSON.stringify(p).toLowerCase().includes('bottle'))).toBe(true);
  expect(found.data.length).toBeLessThanOrEqual(5);
  const sent = server.requests().at(-1);
  expect(sent?.path).toBe('/api/products/search');
  expect(Object.fromEntries(new URLSearchParams(sent?.query))).toEqual({ q: 'bottle', limit: '5' });
});

it("the builder, request() and the service read and write the document's rows", async () => {
  const { api } = await typedClient();
  const cheap = await api.query('/products').where('price', 'lte', 20).sort('price').limit(5).get();
  if (!cheap.success) throw new Error(cheap.error);
  expectTypeOf(cheap.data).toEqualTypeOf<Product[]>();
  expect(cheap.data.length).toBeGreaterThan(0);
  expect(cheap.data.every((p) => p.price <= 20)).toBe(true);
  const prices = cheap.data.map((p) => p.price);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  const posted = await api.query('/tasks').post({ title: 'From the builder', status: 'todo' });
  if (!posted.success) throw new Error(posted.error);
  expectTypeOf(posted.data).toEqualTypeOf<Task>();
  expect(posted.data).toMatchObject({ title: 'From the builder', status: 'todo' });
  const done = await api.request('PATCH', `/tasks/${posted.data.id}`, { status: 'done' });
  if (!done.success) throw new Error(done.error);
  expectTypeOf(done.data).toEqualTypeOf<Task>();
  expect(done.data.status).toBe('done');
  const removed = await api.query(`/tasks/${posted.data.id}`).delete();
  expect(removed.success).toBe(true);

  const tasks = createBridgeApiService(api, { endpoint: '/tasks' });
  const made = await tasks.create({ title: 'From the service', status: 'doing' });
  expectTypeOf(made).toEqualTypeOf<Task>();
  expect(await tasks.getById(made.id)).toEqual(made);
});

it('with a dialect, the verbs get the body as sent and the service the records, as typed', async () => {
  interface Article {
    id: number;
    documentId: string;
    title: string;
  }
  type Body = { data: Article[]; meta: { pagination: { page: number; total: number } } };
  interface cmsPaths {
    '/articles': {
      get: {
        parameters: { query?: never };
        responses: { 200: { content: { 'application/json': Body } } };
      };
    };
  }
  const article = { id: 1, documentId: 'a1', title: 'Typed' };
  const body: Body = { data: [article], meta: { pagination: { page: 1, total: 1 } } };
  const cms = await startTestServer({ json: body });
  running.push(cms);
  const api = createClient<cmsPaths>(cms.url, { dialect: strapi() });

  const res = await api.get('/articles');
  if (!res.success) throw new Error(res.error);
  expectTypeOf(res.data).toEqualTypeOf<Body>();
  expect(res.data).toEqual(body);

  const articles = createBridgeApiService(api, { endpoint: '/articles' });
  const page = await articles.getList();
  expectTypeOf(page.data).toEqualTypeOf<Article[]>();
  expect(page.data).toEqual([article]);
});
