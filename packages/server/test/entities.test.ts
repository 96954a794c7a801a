import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Running, raw, start } from './helpers';

let running: Running;
beforeEach(async () => {
  running = await start();
});
afterEach(async () => {
  await running.stop();
});

describe('entity routes', () => {
  it('lists with the default page size and meta', async () => {
    const viewer = await running.signIn('viewer');
    const res = await viewer.get('/products');
    expect(res.status).toBe(200);
    expect(res.data).toHaveLength(10);
    expect(res.meta).toEqual({ page: 1, limit: 10, total: 300, totalPages: 30 });
    const first = res.data[0];
    expect(typeof first.id).toBe('string');
    expect(typeof first.name).toBe('string');
    expect(typeof first.price).toBe('number');
    expect(Number.isInteger(first.stock)).toBe(true);
    expect(typeof first.active).toBe('boolean');
    expect(Number.isNaN(Date.parse(first.createdAt))).toBe(false);
    const tasks = await viewer.get('/tasks', { params: { limit: 100 } });
    expect(tasks.meta?.total).toBe(200);
    for (const t of tasks.data) {
      expect(['todo', 'doing', 'done']).toContain(t.status);
      expect(t.priority).toBeGreaterThanOrEqual(1);
      expect(t.priority).toBeLessThanOrEqual(5);
    }
  });

  it('serves the same demo data on every start', async () => {
    const other = await start();
    try {
      expect(other.server.snapshot()).toEqual(running.server.snapshot());
    } finally {
      await other.stop();
    }
  });

  it('gets, creates, replaces, merges and deletes', async () => {
    const editor = await running.signIn('editor');
    const one = await editor.get('/products/7');
    expect(one.data.id).toBe('7');

    const created = await editor.post('/products', {
      name: 'Test Lamp',
      price: 12.5,
      stock: 3,
      active: true,
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ id: '301', name: 'Test Lamp', price: 12.5 });
    expect(Number.isNaN(Date.parse(created.data.createdAt))).toBe(false);
    const createdAt = created.data.createdAt;

    const replaced = await editor.put('/products/301', { name: 'Lamp 2', price: 20 });
    expect(replaced.data).toEqual({ id: '301', name: 'Lamp 2', price: 20, createdAt });

    const merged = await editor.patch('/products/301', { stock: 9, id: 'ignored', createdAt: 'x' });
    expect(merged.data).toEqual({ id: '301', name: 'Lamp 2', price: 20, stock: 9, createdAt });

    const fetched = await editor.get('/products/301');
    expect(fetched.data).toEqual(merged.data);

    const deleted = await editor.delete('/products/301');
    expect(deleted.status).toBe(200);
    expect(deleted.success).toBe(true);
    expect(deleted.data.id).toBe('301');
    expect((await editor.get('/products/301')).status).toBe(404);
    expect((await editor.get('/products')).meta?.total).toBe(300);

    const task = await editor.post('/tasks', {
      title: 'Ship it',
      status: 'doing',
      priority: 2,
      assignee: null,
    });
    expect(task.data).toEqual({
      id: '201',
      title: 'Ship it',
      status: 'doing',
      priority: 2,
      assignee: null,
    });
  });

  it('accepts a client id and answers 409 when it exists', async () => {
    const admin = await running.signIn('admin');
    const mine = await admin.post('/products', { id: 'sku-1', name: 'Mine', price: 1 });
    expect(mine.data.id).toBe('sku-1');
    const dup = await admin.post('/products', { id: 'sku-1', name: 'Again', price: 1 });
    expect(dup.status).toBe(409);
    expect(dup).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(dup.error).toMatch(/already exists/);
    expect((await admin.post('/products', { id: '5', name: 'Clash', price: 1 })).status).toBe(409);
  });

  it('creates users with hashed passwords that can sign in', async () => {
    const admin = await running.signIn('admin');
    const created = await admin.post('/users', {
      email: 'new@example.com',
      userName: 'newbie',
      userType: 'editor',
      password: 'secret-pass',
    });
    expect(created.status).toBe(201);
    expect(created.data).not.toHaveProperty('passwordHash');
    expect(created.data).not.toHaveProperty('password');
    const login = await running
      .client()
      .post('/auth/login', { email: 'new@example.com', password: 'secret-pass' });
    expect(login.data.user.userType).toBe('editor');
    // Replacing a user without a password keeps the old one.
    await admin.put(`/users/${created.data.id}`, {
      email: 'new@example.com',
      userName: 'newbie',
      userType: 'viewer',
    });
    const again = await running
      .client()
      .post('/auth/login', { userName: 'NEWBIE', password: 'secret-pass' });
    expect(again.data.user.userType).toBe('viewer');
    const noPassword = await admin.post('/users', { email: 'x@example.com', userType: 'viewer' });
    expect(noPassword.errors).toEqual({ password: 'password is required' });
  });

  it('answers 401 without a session and 403 for a viewer writing', async () => {
    const anonymous = running.client();
    const res = await anonymous.get('/products');
    expect(res).toMatchObject({ status: 401, success: false, code: 'UNAUTHORIZED' });
    expect(res.error).toBe('Authentication required');
    const bogus = running.client({ sessionId: 'not-a-session' });
    expect((await bogus.get('/tasks/1')).status).toBe(401);

    const viewer = await running.signIn('viewer');
    for (const attempt of [
      viewer.post('/products', { name: 'x', price: 1 }),
      viewer.put('/products/1', { name: 'x', price: 1 }),
      viewer.patch('/products/1', { price: 2 }),
      viewer.delete('/tasks/1'),
    ]) {
      const denied = await attempt;
      expect(denied).toMatchObject({ status: 403, success: false, code: 'FORBIDDEN' });
      expect(denied.error).toMatch(/viewer/);
    }
    expect((await viewer.get('/users')).status).toBe(403);
    const editor = await running.signIn('editor');
    expect((await editor.delete('/users/1')).status).toBe(403);
    expect((await viewer.get('/products/1')).data.price).toBeTypeOf('number');
  });

  it('answers 404 for an unknown entity, id or route', async () => {
    const admin = await running.signIn('admin');
    const entity = await admin.get('/nothing');
    expect(entity).toMatchObject({ status: 404, success: false, code: 'NOT_FOUND' });
    expect(entity.error).toMatch(/nothing/);
    expect((await admin.get('/products/99999')).code).toBe('NOT_FOUND');
    expect((await admin.put('/products/99999', { name: 'x', price: 1 })).status).toBe(404);
    expect((await admin.patch('/tasks/99999', { title: 'x' })).status).toBe(404);
    expect((await admin.delete('/tasks/99999')).status).toBe(404);
    const route = await raw(`${running.url.replace(/\/api$/, '')}/elsewhere`);
    expect(route.status).toBe(404);
    expect(route.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await raw(`${running.url}/products/1/extra/deep`)).body.code).toBe('NOT_FOUND');
  });

  it('answers 422 with errors per field', async () => {
    const editor = await running.signIn('editor');
    const bad = await editor.post('/products', {
      price: -1,
      stock: 1.5,
      active: 'yes',
      color: 'red',
    });
    expect(bad).toMatchObject({ status: 422, success: false, code: 'VALIDATION_ERROR' });
    expect(bad.errors).toEqual({
      name: 'name is required',
      price: 'price must be at least 0',
      stock: 'stock must be an integer',
      active: 'active must be true or false',
      color: 'color is not a field of this entity',
    });
    const wrongType = await editor.post('/products', { name: 3, price: '12' });
    expect(wrongType.errors).toEqual({
      name: 'name must be a string',
      price: 'price must be a number',
    });
    const status = await editor.post('/tasks', { title: 'x', status: 'later' });
    expect(status.errors).toEqual({ status: 'status must be one of todo, doing, done' });
    // A merge keeps required fields required.
    const cleared = await editor.patch('/products/1', { name: '' });
    expect(cleared.errors).toEqual({ name: 'name is required' });
    // A replacement must be complete.
    const partial = await editor.put('/products/1', { price: 5 });
    expect(partial.errors).toEqual({ name: 'name is required' });
    expect((await editor.get('/products/1')).data.name).not.toBe('');
  });

  it('answers 400 for malformed JSON and non-object bodies, 415 for other media types', async () => {
    const editor = await running.signIn('editor');
    const session = (await editor.getSessionId()) as string;
    const malformed = await raw(`${running.url}/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': session },
      body: '{"name": "x", ',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      success: false,
      error: 'Malformed JSON body',
      code: 'BAD_REQUEST',
    });
    for (const body of [[1, 2], 'text', 42, null]) {
      const res = await editor.post('/products', body);
      expect(res.status).toBe(400);
      expect(res.code).toBe('BAD_REQUEST');
    }
    const empty = await editor.post('/products');
    expect(empty.status).toBe(400);
    const xml = await raw(`${running.url}/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', 'x-session-id': session },
      body: '<p/>',
    });
    expect(xml.status).toBe(415);
    expect(xml.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    // A DELETE that declares JSON but sends nothing is fine.
    const del = await raw(`${running.url}/products/2`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', 'x-session-id': session },
    });
    expect(del.status).toBe(200);
    const badPath = await raw(`${running.url}/products/%E0%A4%A`, {
      headers: { 'x-session-id': session },
    });
    expect(badPath.status).toBe(400);
    expect(badPath.body.success).toBe(false);
  });

  it('answers 413 for a body over 1 MB and accepts one just under', async () => {
    const admin = await running.signIn('admin');
    const big = await admin.post('/products', { name: 'x'.repeat(1_100_000), price: 1 });
    expect(big).toMatchObject({ status: 413, success: false, code: 'PAYLOAD_TOO_LARGE' });
    const fits = await admin.post('/products', { name: 'y'.repeat(1_000_000), price: 1 });
    expect(fits.status).toBe(201);
  });
});
