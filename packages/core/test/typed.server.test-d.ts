/**
 * The client typed by the reference server's own document: `examples/web/src/api.d.ts`, which
 * `npm run gen:api -w examples/web` generates from `GET /api/openapi.json` (the server test
 * `openapi.sync.test.ts` fails when it is out of date).
 */
import { type BridgeApiService, createBridgeApiService, createClient } from '@bridgekit/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { components, paths } from '../../../examples/web/src/api';

type Schemas = components['schemas'];
declare const id: string;

const server = createClient<paths>('http://localhost:4000/api');

describe("the reference server's document", () => {
  it('types the entities through the envelope', async () => {
    const products = await server.get('/products', { params: { page: 1, limit: 10, q: 'pen' } });
    if (products.success) {
      expectTypeOf(products.data).toEqualTypeOf<Schemas['Product'][]>();
      expectTypeOf(products.data[0]!.price).toEqualTypeOf<number>();
      expectTypeOf(products.data[0]!.stock).toEqualTypeOf<number | null | undefined>();
    }
    const one = await server.get(`/products/${id}`);
    if (one.success) expectTypeOf(one.data).toEqualTypeOf<Schemas['Product']>();
    const found = await server.get('/tasks/search', {
      params: { q: 'docs', sort: 'priority:desc' },
    });
    if (found.success) expectTypeOf(found.data).toEqualTypeOf<Schemas['Task'][]>();
    const created = await server.post('/tasks', { title: 'Write docs', status: 'todo' });
    if (created.success)
      expectTypeOf(created.data.status).toEqualTypeOf<'todo' | 'doing' | 'done'>();
    await server.patch(`/tasks/${id}`, { status: 'done' });
    const removed = await server.delete(`/tasks/${id}`);
    if (removed.success) expectTypeOf(removed.data).toEqualTypeOf<Schemas['Task']>();
  });

  it('types the auth routes', async () => {
    const login = await server.post('/auth/login', { email: 'a@b.c', password: 'x' });
    if (login.success && 'user' in login.data)
      expectTypeOf(login.data.sessionId).toEqualTypeOf<string | undefined>();
    const me = await server.get('/auth/me');
    if (me.success) expectTypeOf(me.data.email).toEqualTypeOf<string>();
    const out = await server.post('/auth/logout');
    if (out.success) expectTypeOf(out.data).toEqualTypeOf<null>();
  });

  it('refuses what the server does not accept', () => {
    // @ts-expect-error price is a number
    server.post('/products', { name: 'Pen', price: 'cheap' });
    // @ts-expect-error status is one of todo, doing, done
    server.post('/tasks', { title: 'a', status: 'later' });
    // @ts-expect-error a required field is missing
    server.post('/tasks', { title: 'a' });
    // @ts-expect-error not a field of products
    server.patch(`/products/${id}`, { colour: 'red' });
    // @ts-expect-error no such entity
    server.get('/spaceships');
    // @ts-expect-error '/products' has no DELETE (a row is deleted at '/products/{id}')
    server.delete('/products');
    // @ts-expect-error '/auth/me' has GET only
    server.put('/auth/me', {});
    // @ts-expect-error '/tasks' has no PATCH
    server.request('PATCH', '/tasks', { status: 'done' });
    // @ts-expect-error '/tasks' has no DELETE, even with a filter on the builder
    server.query('/tasks').where('status', 'done').delete();
    // @ts-expect-error status is one of todo, doing, done
    server.query('/tasks').post({ title: 'a', status: 'later' });
    // @ts-expect-error page is a number
    server.get('/products', { params: { page: 'one' } });
    // @ts-expect-error the password is write-only: not a field of the row
    server.get('/users').then((res) => res.success && res.data[0]!.password);
  });

  it('gives services and the builder the row type', async () => {
    expectTypeOf(createBridgeApiService(server, { endpoint: '/tasks' })).toEqualTypeOf<
      BridgeApiService<Schemas['Task']>
    >();
    const res = await server.query('/products').where('price', 'gte', 10).sort('price').get();
    if (res.success) expectTypeOf(res.data).toEqualTypeOf<Schemas['Product'][]>();
    expectTypeOf(server.query('/tasks').orderBy)
      .parameter(0)
      .toEqualTypeOf<keyof Schemas['Task'] | (string & {})>();
    const made = await server.query('/tasks').post({ title: 'Docs', status: 'todo' });
    if (made.success) expectTypeOf(made.data).toEqualTypeOf<Schemas['Task']>();
    const done = await server.request('PATCH', `/tasks/${id}`, { status: 'done' });
    if (done.success) expectTypeOf(done.data).toEqualTypeOf<Schemas['Task']>();
  });
});
