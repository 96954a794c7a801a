import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '@bridgekit/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Running, raw, start } from './helpers';

let dir: string;
let running: Running | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bridgekit-server-'));
});
afterEach(async () => {
  await running?.stop();
  running = undefined;
  await rm(dir, { recursive: true, force: true });
});

const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8'));

describe('dataFile persistence', () => {
  it('creates the file at start, keeps changes across a restart', async () => {
    const file = join(dir, 'data.json');
    running = await start({ dataFile: file });
    expect((await readJson(file)).entities.products.rows).toHaveLength(300);

    const admin = await running.signIn('admin');
    const created = await admin.post('/products', { name: 'Persisted', price: 9 });
    await admin.patch('/products/1', { name: 'Renamed' });
    await admin.delete('/tasks/1');
    await running.stop();
    running = undefined;

    const onDisk = await readJson(file);
    expect(onDisk.entities.products.rows).toHaveLength(301);
    expect(JSON.stringify(onDisk)).not.toContain('admin123');

    // The seed is ignored once the file exists.
    running = await start({ dataFile: file, seed: 'none' });
    const again = await running.signIn('admin');
    expect((await again.get(`/products/${created.data.id}`)).data.name).toBe('Persisted');
    expect((await again.get('/products/1')).data.name).toBe('Renamed');
    expect((await again.get('/tasks/1')).status).toBe(404);
    expect((await again.get('/tasks')).meta?.total).toBe(199);
    // Ids keep counting after a restart.
    expect((await again.post('/products', { name: 'Next', price: 1 })).data.id).toBe('302');
    // No temporary files are left behind.
    expect(await readdir(dir)).toEqual(['data.json']);
  });

  it('loses nothing with 200 concurrent creates', async () => {
    const file = join(dir, 'data.json');
    running = await start({ dataFile: file, seed: 'none' });
    await running.stop();
    // Start from a small data set of our own, with a writer account.
    await writeFile(
      file,
      JSON.stringify({
        entities: {
          users: {
            schema: {
              email: { type: 'string' },
              userName: { type: 'string' },
              userType: { type: 'string' },
            },
            rows: [{ id: '1', userName: 'admin', userType: 'admin', password: 'admin123' }],
          },
          notes: {
            schema: { text: { type: 'string', required: true }, n: { type: 'integer' } },
            access: { read: ['authenticated'], write: ['admin'] },
            rows: [],
          },
        },
      }),
    );
    running = await start({ dataFile: file });
    const admin = await running.signIn('admin');
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, n) => admin.post('/notes', { text: `note ${n}`, n })),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(new Set(results.map((r) => r.data.id)).size).toBe(200);
    const list = await admin.get('/notes', { params: { limit: 100 } });
    expect(list.meta?.total).toBe(200);
    // Every create resolved after its write, so the file already holds all 200.
    const rows = (await readJson(file)).entities.notes.rows;
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r: { n: number }) => r.n)).size).toBe(200);
    // The plain seed password was replaced by a hash.
    const user = (await readJson(file)).entities.users.rows[0];
    expect(user.password).toBeUndefined();
    expect(user.passwordHash).toMatch(/^scrypt\$/);
  });

  it('keeps record versions across a restart, and never hands a tag out again after it', async () => {
    const file = join(dir, 'data.json');
    running = await start({ dataFile: file });
    const session = (await (await running.signIn('admin')).getSessionId()) as string;
    const send = (
      method: string,
      path: string,
      headers: Record<string, string> = {},
      body?: unknown,
    ) =>
      raw(`${running!.url}${path}`, {
        method,
        headers: { 'x-session-id': session, 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const untouched = (await send('GET', '/products/2')).headers.get('etag');
    const seen = new Set<string>();
    for (let price = 1; price <= 3; price++) {
      seen.add((await send('PATCH', '/products/1', {}, { price })).headers.get('etag') as string);
    }
    const current = (await send('GET', '/products/1')).headers.get('etag') as string;
    const stale = [...seen].filter((tag) => tag !== current);
    await running.stop();
    running = undefined;

    running = await start({ dataFile: file });
    const again = await running.signIn('admin');
    const relogged = (await again.getSessionId()) as string;
    const sendAgain = (
      method: string,
      path: string,
      headers: Record<string, string>,
      body?: unknown,
    ) =>
      raw(`${running!.url}${path}`, {
        method,
        headers: { 'x-session-id': relogged, 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    // Unchanged records keep their tags, so a client's If-Match still holds after a restart.
    expect((await sendAgain('GET', '/products/2', {})).headers.get('etag')).toBe(untouched);
    expect((await sendAgain('GET', '/products/1', {})).headers.get('etag')).toBe(current);
    const notModified = await sendAgain('GET', '/products/1', { 'if-none-match': current });
    expect(notModified.status).toBe(304);
    for (const tag of stale) {
      const refused = await sendAgain('PATCH', '/products/1', { 'if-match': tag }, { price: 9 });
      expect(refused.status).toBe(412);
    }
    // The same values as before the restart: new states, so new tags, never an old one.
    for (let price = 1; price <= 3; price++) {
      const res = await sendAgain('PATCH', '/products/1', {}, { price });
      expect(seen.has(res.headers.get('etag') as string)).toBe(false);
    }
    // The tag read before the restart is stale now too.
    const outdated = await sendAgain('PATCH', '/products/1', { 'if-match': current }, { price: 9 });
    expect(outdated.status).toBe(412);
  });

  it('in memory, a restarted server never matches a tag the earlier process handed out for another state', async () => {
    running = await start();
    const first = await running.signIn('admin');
    const made = await first.patch('/products/1', { price: 7 });
    expect(made.success).toBe(true);
    const session = (await first.getSessionId()) as string;
    const earlier = (
      await raw(`${running.url}/products/1`, { headers: { 'x-session-id': session } })
    ).headers.get('etag') as string;
    await running.stop();
    running = undefined;

    // A fresh process from the same seed: another change takes the same revision number.
    running = await start();
    const admin = (await (await running.signIn('admin')).getSessionId()) as string;
    const patch = (headers: Record<string, string>, body: unknown) =>
      raw(`${running!.url}/products/1`, {
        method: 'PATCH',
        headers: { 'x-session-id': admin, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const other = await patch({}, { price: 8 });
    expect(other.headers.get('etag')).not.toBe(earlier);
    expect((await patch({ 'if-match': earlier }, { price: 1 })).status).toBe(412);
  });

  it('refuses a data file whose versions are not entity tags', async () => {
    const file = join(dir, 'versions.json');
    await writeFile(
      file,
      JSON.stringify({
        entities: {
          notes: {
            schema: { text: { type: 'string' } },
            rows: [{ id: '1', text: 'a' }],
            versions: { '1': 'unquoted' },
          },
        },
      }),
    );
    expect(() => createServer({ dataFile: file })).toThrow(/Invalid dataFile .*entity tag/);
    await writeFile(file, JSON.stringify({ revision: -1, entities: {} }));
    expect(() => createServer({ dataFile: file })).toThrow(/revision/);
  });

  it('refuses a data file that is not valid JSON, naming it', async () => {
    const file = join(dir, 'broken.json');
    await writeFile(file, '{"entities": ');
    expect(() => createServer({ dataFile: file })).toThrow(/Invalid dataFile .*broken\.json/);
  });

  it('serves an object seed with its own access rules', async () => {
    running = await start({
      seed: {
        entities: {
          posts: {
            schema: { title: { type: 'string', required: true } },
            access: { read: ['public'], write: ['admin'] },
            rows: [{ id: 'a', title: 'Hello' }],
          },
        },
      },
    });
    const res = await running.client().get('/posts');
    expect(res.data).toEqual([{ id: 'a', title: 'Hello' }]);
    expect((await running.client().post('/posts', { title: 'x' })).status).toBe(401);
    expect(
      (await running.client().post('/auth/login', { userName: 'admin', password: 'admin123' }))
        .status,
    ).toBe(401);
  });
});
