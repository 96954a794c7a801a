// `update(id, data: Partial<T>)` against the real reference server: with the default protocol
// a partial update merges (PATCH), so the fields it does not name survive; `updateMethod:
// 'PUT'` asks for a replace, which the server refuses without the required fields.
import { createAuthService, createBridgeApiService, createClient } from '@bridgekit/core';
import { createServer } from '@bridgekit/server';
import { afterEach, expect, it } from 'vitest';

interface Product {
  id: string;
  name: string;
  price: number;
  category: string;
}

const running: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function signedIn() {
  const server = createServer({ seed: 'demo', loginThrottle: false });
  running.push(server);
  const { url } = await server.listen(0, '127.0.0.1');
  const client = createClient(url, { timeout: 5000 });
  const auth = createAuthService(client);
  await auth.login({ email: 'admin@example.com', password: 'admin123' });
  auth.dispose();
  return { server, client };
}

const updates = (server: ReturnType<typeof createServer>) =>
  server
    .requests()
    .filter((r) => r.method === 'PUT' || r.method === 'PATCH')
    .map((r) => `${r.method} ${r.path}`);

it('a partial update sends PATCH and keeps the fields it does not name', async () => {
  const { server, client } = await signedIn();
  const products = createBridgeApiService<Product>(client, { endpoint: '/products' });
  const before = await products.getById('1');

  const updated = await products.update('1', { price: 10 });

  expect(updated).toEqual({ ...before, price: 10 });
  expect(await products.getById('1')).toEqual(updated);
  expect(updates(server)).toEqual(['PATCH /api/products/1']);
});

it("updateMethod: 'PUT' sends PUT, a replace: the server wants every required field", async () => {
  const { server, client } = await signedIn();
  const products = createBridgeApiService<Product>(client, {
    endpoint: '/products',
    updateMethod: 'PUT',
  });
  const before = await products.getById('2');

  await expect(products.update('2', { price: 10 })).rejects.toMatchObject({
    status: 422,
    message: expect.stringMatching(/name/),
  });
  const { id, createdAt, updatedAt, ...fields } = before as Product & Record<string, unknown>;
  void createdAt;
  void updatedAt;
  await expect(products.update(id, { ...fields, price: 11 })).resolves.toMatchObject({
    name: before.name,
    price: 11,
  });
  expect(updates(server)).toEqual(['PUT /api/products/2', 'PUT /api/products/2']);
});

it('every built-in dialect keeps its own merging verb for update', async () => {
  const { djangoRest, feathers, jsonServer, laravel, postgrest, strapi } = await import(
    '@bridgekit/core/dialects'
  );
  const verbs = Object.fromEntries(
    Object.entries({ djangoRest, feathers, jsonServer, laravel, postgrest, strapi }).map(
      ([name, make]) => [name, make().records?.updateMethod],
    ),
  );
  // Strapi 5's PUT is its partial update; every other backend's PUT replaces.
  expect(verbs).toEqual({
    djangoRest: 'PATCH',
    feathers: 'PATCH',
    jsonServer: 'PATCH',
    laravel: 'PATCH',
    postgrest: 'PATCH',
    strapi: 'PUT',
  });
});
