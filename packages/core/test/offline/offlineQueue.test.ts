/**
 * The offline write queue against the reference server, through a loopback proxy that cuts
 * connections or drops an answer after the server applied the write. The platform's
 * connectivity is the one thing switched by hand (a server cannot produce it).
 */
import { MemoryStorage, type StorageAdapter } from '@bridgekit/core';
import {
  type OfflineQueue,
  type OfflineQueueHost,
  type OfflineQueueOptions,
  offlineQueue,
} from '@bridgekit/core/offline';
import { describe, expect, it } from 'vitest';
import { type Device, device, until, offlineWorldPerTest } from './offlineFixture';

const world = offlineWorldPerTest();

function started(
  on: Device,
  options: OfflineQueueOptions = {},
  host: Partial<OfflineQueueHost> = {},
): OfflineQueue {
  const queue = offlineQueue(options)({
    client: on.client,
    auth: on.auth,
    connectivity: world.net,
    ...host,
  });
  world.stops.push(queue.start());
  return queue;
}

const named = (name: string) => world.api.rows('products').filter((row) => row.name === name);
const writesTo = (method: string, path: string) =>
  world.api.requests.filter((r) => r.method === method && r.path.startsWith(`/api${path}`));

describe('a write that cannot reach the server is kept and resolves QUEUED at once', () => {
  it('starts while the platform says offline: nothing is sent, the write waits in storage', async () => {
    const tab = device(world.api.url);
    await tab.signIn('editor');
    const queue = started(tab);
    world.net.set(false);
    const res = await tab.client.post('/products', { name: 'Queued lamp', price: 10 });
    expect(res).toMatchObject({ success: false, status: 0, code: 'QUEUED' });
    expect(res.error).toMatch(/will be sent when the connection is back/);
    expect(writesTo('POST', '/products')).toHaveLength(0);
    const [write] = queue.getState().pending;
    expect(write).toMatchObject({
      method: 'POST',
      endpoint: '/products',
      body: { name: 'Queued lamp', price: 10 },
      attempts: 0,
    });
    expect(write?.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    // Kept on the device: a new queue over the same storage (a reload) finds it.
    const text = await tab.storage.getItem('bridgekit_offline_queue');
    expect(text).toContain('Queued lamp');
    expect(text).not.toContain(await tab.client.getSessionId());
  });

  it('goes back online: sent once with its key, removed, the applied write is announced', async () => {
    const tab = device(world.api.url);
    await tab.signIn('editor');
    const applied: string[] = [];
    const queue = offlineQueue()({ client: tab.client, auth: tab.auth, connectivity: world.net });
    world.stops.push(queue.start((write) => applied.push(write.id)));
    world.net.set(false);
    await tab.client.post('/products', { name: 'Back online', price: 3 });
    const id = queue.getState().pending[0]!.id;
    world.net.set(true);
    await until(() => queue.getState().pending.length === 0);
    expect(named('Back online')).toHaveLength(1);
    expect(writesTo('POST', '/products').map((r) => r.headers['idempotency-key'])).toEqual([id]);
    expect(applied).toEqual([id]);
    expect(await tab.storage.getItem('bridgekit_offline_queue')).toBeNull();
  });

  it("holds an applied write in `applied`, with the server's record, until onApplied's promise settles", async () => {
    const tab = device(world.api.url);
    await tab.signIn('editor');
    let reread = () => {};
    const reading = new Promise<void>((resolve) => {
      reread = resolve;
    });
    const queue = offlineQueue()({ client: tab.client, auth: tab.auth, connectivity: world.net });
    world.stops.push(queue.start(() => reading));
    world.net.set(false);
    await tab.client.post('/products', { name: 'Held lamp', price: 4 });
    const id = queue.getState().pending[0]!.id;
    world.net.set(true);
    await until(() => queue.getState().pending.length === 0);
    const record = expect.objectContaining({ id: named('Held lamp')[0]!.id, name: 'Held lamp' });
    expect(queue.getState().applied).toEqual([expect.objectContaining({ id, record })]);
    reread();
    await until(() => queue.getState().applied.length === 0);
  });

  it('ends with a network error: queued with the error in its message, replayed with the same key', async () => {
    const tab = device(world.api.url);
    await tab.signIn('editor');
    const queue = started(tab, { retryDelay: 60_000 });
    world.api.mode = 'cut';
    const res = await tab.client.patch('/products/1', { stock: 42 });
    expect(res).toMatchObject({ success: false, status: 0, code: 'QUEUED' });
    expect(res.error).toMatch(/^Network error/);
    world.api.mode = 'pass';
    await queue.replay();
    const keys = writesTo('PATCH', '/products/1').map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(world.api.rows('products').find((row) => row.id === 1 || row.id === '1')?.stock).toBe(
      42,
    );
    expect(queue.getState().pending).toEqual([]);
  });

  it('is applied once when the answer was lost after the server applied it', async () => {
    const tab = device(world.api.url);
    await tab.signIn('editor');
    const queue = started(tab, { retryDelay: 60_000 });
    world.api.mode = 'drop-answer';
    const res = await tab.client.post('/products', { name: 'Answer lost', price: 5 });
    expect(res.code).toBe('QUEUED');
    expect(named('Answer lost')).toHaveLength(1);
    world.api.mode = 'pass';
    await queue.replay();
    expect(queue.getState().pending).toEqual([]);
    expect(named('Answer lost')).toHaveLength(1);
  });

  it("a write that cannot be stored (a full quota) fails with the network's answer and QUEUE_REFUSED", async () => {
    const full: StorageAdapter = Object.assign(new MemoryStorage(), {
      setItem: async (key: string) => {
        if (key === 'bridgekit_offline_queue') throw new Error('QuotaExceededError');
      },
    });
    const tab = device(world.api.url, full);
    await tab.signIn('editor');
    const queue = started(tab);
    world.api.mode = 'cut';
    const res = await tab.client.post('/products', { name: 'No room', price: 1 });
    expect(res).toMatchObject({ success: false, status: 0, code: 'QUEUE_REFUSED' });
    expect(res.error).toMatch(
      /^Network error.*could not keep it to send later \(Error: QuotaExceededError\)$/,
    );
    expect(queue.getState().pending).toEqual([]);
    // Offline, it is not sent at all, and fails the same way.
    world.net.set(false);
    world.api.requests.length = 0;
    const offline = await tab.client.post('/products', { name: 'No room either', price: 1 });
    expect(offline).toMatchObject({ success: false, status: 0, code: 'QUEUE_REFUSED' });
    expect(world.api.requests).toEqual([]);
    expect(queue.getState().pending).toEqual([]);
  });
});

describe('replay', () => {
  it('sends in the order made, one at a time', async () => {
    const tab = device(world.api.url);
    await tab.signIn('editor');
    const queue = started(tab);
    world.net.set(false);
    for (const name of ['First', 'Second', 'Third']) {
      expect((await tab.client.post('/products', { name, price: 1 })).code).toBe('QUEUED');
    }
    world.net.set(true);
    await until(() => queue.getState().pending.length === 0);
    const bodies = writesTo('POST', '/products').map((r) => JSON.parse(r.body).name);
    expect(bodies).toEqual(['First', 'Second', 'Third']);
    const ids = ['First', 'Second', 'Third'].map((name) => Number(named(name)[0]?.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('a write made online while older ones wait is queued behind them', async () => {
    const tab = device(world.api.url);
    await tab.signIn('editor');
    const queue = started(tab, { retryDelay: 60_000 });
    world.api.mode = 'unavailable';
    world.net.set(false);
    await tab.client.post('/products', { name: 'Older', price: 1 });
    world.net.set(true);
    await until(() => queue.getState().pending[0]?.attempts === 1);
    const res = await tab.client.post('/products', { name: 'Newer', price: 1 });
    expect(res.code).toBe('QUEUED');
    expect(res.error).toMatch(/^Earlier changes are still waiting/);
    world.api.mode = 'pass';
    await queue.replay();
    const bodies = writesTo('POST', '/products')
      .filter((r) => r.mode === 'pass')
      .map((r) => JSON.parse(r.body).name);
    expect(bodies).toEqual(['Older', 'Newer']);
  });

  it('a 4xx moves the write to failed with its error, and replay goes on with the next', async () => {
    const tab = device(world.api.url);
    await tab.signIn('editor');
    const queue = started(tab);
    world.net.set(false);
    await tab.client.patch('/products/999999', { stock: 1 });
    await tab.client.post('/products', { name: 'After the 404', price: 1 });
    world.net.set(true);
    await until(() => queue.getState().pending.length === 0);
    const { failed } = queue.getState();
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ method: 'PATCH', endpoint: '/products/999999', attempts: 1 });
    expect(failed[0]?.error).toBeTruthy();
    expect(named('After the 404')).toHaveLength(1);
  });

  it('a 5xx stops the replay and tries again with backoff, up to maxAttempts, then failed', async () => {
    const tab = device(world.api.url);
    await tab.signIn('editor');
    const queue = started(tab, { maxAttempts: 3, retryDelay: 20 });
    world.net.set(false);
    await tab.client.post('/products', { name: 'Unlucky', price: 1 });
    await tab.client.post('/products', { name: 'Behind it', price: 1 });
    // The server is down for the first write only.
    world.api.rule = ({ body }) => (body.includes('Unlucky') ? 'unavailable' : undefined);
    world.net.set(true);
    await until(() => {
      const { failed, pending } = queue.getState();
      return failed.length === 1 && pending.length === 0;
    });
    const tries = writesTo('POST', '/products');
    // Three tries of the first; the second waited behind it, then went on.
    expect(tries.map((r) => JSON.parse(r.body).name)).toEqual([
      'Unlucky',
      'Unlucky',
      'Unlucky',
      'Behind it',
    ]);
    expect(queue.getState().failed[0]).toMatchObject({ attempts: 3, error: 'Down for a moment' });
    expect(named('Behind it')).toHaveLength(1);
    expect(named('Unlucky')).toHaveLength(0);
    // retry(id) sends a failed write again.
    world.api.rule = undefined;
    await queue.retry(queue.getState().failed[0]!.id);
    expect(named('Unlucky')).toHaveLength(1);
    expect(queue.getState()).toMatchObject({ pending: [], failed: [] });
  });

  it('two tabs over one storage replay together: each write is applied once, in order', async () => {
    const storage = new MemoryStorage();
    const one = device(world.api.url, storage);
    await one.signIn('editor');
    const two = device(world.api.url, storage);
    await two.auth.ready;
    const first = started(one);
    const second = started(two);
    world.net.set(false);
    for (let i = 0; i < 10; i++) await one.client.post('/products', { name: `Tab ${i}`, price: 1 });
    world.net.set(true);
    await Promise.all([first.replay(), second.replay()]);
    await until(() => first.getState().pending.length + second.getState().pending.length === 0);
    const names = writesTo('POST', '/products').map((r) => JSON.parse(r.body).name);
    expect(names).toEqual(Array.from({ length: 10 }, (_, i) => `Tab ${i}`));
    for (let i = 0; i < 10; i++) expect(named(`Tab ${i}`)).toHaveLength(1);
  });

  it('stop() aborts a replay in flight and keeps the write; the next start sends it once', async () => {
    const tab = device(world.api.url);
    await tab.signIn('editor');
    const queue = offlineQueue()({ client: tab.client, auth: tab.auth, connectivity: world.net });
    const stop = queue.start();
    world.net.set(false);
    await tab.client.post('/products', { name: 'Interrupted', price: 1 });
    world.api.mode = 'drop-answer';
    world.net.set(true);
    await until(() => writesTo('POST', '/products').length === 1);
    stop();
    expect(queue.getState().pending).toHaveLength(1);
    world.api.mode = 'pass';
    world.stops.push(queue.start());
    await until(() => queue.getState().pending.length === 0);
    expect(named('Interrupted')).toHaveLength(1);
  });
});

describe('a write belongs to the user who made it', () => {
  it('waits while nobody or another user is signed in, is not deleted by sign-out, and goes under its own user', async () => {
    const tab = device(world.api.url);
    await tab.signIn('editor');
    const queue = started(tab);
    world.net.set(false);
    await tab.client.post('/products', { name: "Editor's", price: 1 });
    await tab.auth.logout();
    world.net.set(true);
    await queue.replay();
    expect(named("Editor's")).toHaveLength(0);
    await tab.signIn('admin');
    await queue.replay();
    expect(named("Editor's")).toHaveLength(0);
    // Another user sees none of it.
    expect(queue.getState().pending).toEqual([]);
    await tab.auth.logout();
    await tab.signIn('editor');
    await until(() => queue.getState().pending.length === 0);
    expect(named("Editor's")).toHaveLength(1);
  });

  it('discard(id) removes a waiting write without sending it', async () => {
    const tab = device(world.api.url);
    await tab.signIn('editor');
    const queue = started(tab);
    world.net.set(false);
    await tab.client.post('/products', { name: 'Never mind', price: 1 });
    await queue.discard(queue.getState().pending[0]!.id);
    world.net.set(true);
    await queue.replay();
    expect(queue.getState().pending).toEqual([]);
    expect(named('Never mind')).toHaveLength(0);
  });
});

describe('what is never queued', () => {
  it('sign-in, sign-out and account requests go to the network as they are', async () => {
    const tab = device(world.api.url);
    const queue = started(tab, {}, { accountPaths: ['/auth/register'] });
    world.net.set(false);
    await tab.signIn('editor');
    expect(tab.auth.getState().user?.email).toBe('editor@example.com');
    const register = await tab.client.post('/auth/register', { email: 'x', password: 'y' });
    expect(register.status).toBe(422);
    await tab.auth.logout();
    expect(queue.getState().pending).toEqual([]);
    expect(world.api.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('a body that cannot be stored (FormData) is sent as without the queue', async () => {
    const tab = device(world.api.url);
    await tab.signIn('editor');
    const queue = started(tab);
    world.api.mode = 'cut';
    const form = new FormData();
    form.set('name', 'Multipart');
    const res = await tab.client.post('/products', form);
    expect(res.code).toBe('NETWORK_ERROR');
    expect(queue.getState().pending).toEqual([]);
  });

  it('every write carries an Idempotency-Key, reads none; a key the app gave is kept', async () => {
    const tab = device(world.api.url);
    await tab.signIn('editor');
    started(tab);
    await tab.client.get('/products');
    await tab.client.post('/products', { name: 'Keyed', price: 1 });
    await tab.client.post(
      '/products',
      { name: 'Own key', price: 1 },
      { headers: { 'idempotency-key': 'mine-1' } },
    );
    const [read, write, own] = world.api.requests.slice(-3);
    expect(read?.headers['idempotency-key']).toBeUndefined();
    expect(write?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(own?.headers['idempotency-key']).toBe('mine-1');
  });
});

describe('offlineQueue(options)', () => {
  it('refuses an unknown option and a bad value, naming them', () => {
    expect(() => offlineQueue({ maxAtempts: 3 } as never)).toThrow(
      new TypeError(
        'options.maxAtempts is not an option of offlineQueue (known: storage, maxAttempts, retryDelay, maxAge, onConflict, versions)',
      ),
    );
    expect(() => offlineQueue({ maxAttempts: 0 })).toThrow(RangeError);
    expect(() => offlineQueue({ maxAttempts: 0 })).toThrow(/maxAttempts/);
    expect(() => offlineQueue({ storage: {} as never })).toThrow(
      /storage must be a StorageAdapter/,
    );
  });
});
