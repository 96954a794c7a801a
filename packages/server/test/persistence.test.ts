import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '@bridgekit/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Running, start } from './helpers';

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
