/**
 * Backends without `Idempotency-Key`, against the real json-server 0.17 and 1.x behind a proxy
 * that drops the answer after forwarding the request: a lost answer to a queued create never
 * makes two rows. 0.17 keeps the id a create gives and refuses a second one, so a create carries
 * a client-made id and the refusal counts as applied; 1.x makes its own ids, so such a create
 * waits in `unknown` for the user. A create that never went out, and updates, replay as usual.
 */
import { createAuthService, createClient, MemoryStorage } from '@bridgekit/core';
import { jsonServer } from '@bridgekit/core/dialects';
import { type OfflineQueue, offlineQueue } from '@bridgekit/core/offline';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type RunningBackend,
  startJsonServer0,
  startJsonServer1,
} from '../../../../backends/servers.mjs';
import { type FaultProxy, startFaultProxy } from './faultProxy';
import { connectivitySwitch, until } from './offlineFixture';

interface Running {
  backend: RunningBackend;
  proxy: FaultProxy;
  queue: OfflineQueue;
  stop: () => void;
}
let running: Running | undefined;
afterEach(async () => {
  running?.stop();
  await running?.proxy.close();
  await running?.backend.close();
  running = undefined;
});

const SEED = { products: [{ id: '1', name: 'Lamp', price: 10 }] };
const net = connectivitySwitch(true);

async function start(
  version: 0 | 1,
): Promise<Running & { client: ReturnType<typeof createClient> }> {
  const backend = await (version === 0 ? startJsonServer0 : startJsonServer1)(SEED);
  const proxy = await startFaultProxy(backend.url);
  const client = createClient(proxy.origin, {
    dialect: jsonServer({ version }),
    storage: new MemoryStorage(),
  });
  const queue = offlineQueue({ retryDelay: 60_000 })({
    client,
    auth: createAuthService(client),
    connectivity: net,
  });
  const stop = queue.start();
  running = { backend, proxy, queue, stop };
  return { ...running, client };
}

/** The backend's rows, read past the proxy. */
async function rows(backend: RunningBackend): Promise<Array<Record<string, unknown>>> {
  const body = await (await fetch(`${backend.url}/products`)).json();
  return Array.isArray(body) ? body : body.data;
}
const named = async (backend: RunningBackend, name: string) =>
  (await rows(backend)).filter((row) => row.name === name);
const posts = (proxy: FaultProxy) => proxy.requests.filter((r) => r.method === 'POST');

describe('json-server 0.17: a create carries a client-made id; the refusal of a repeat counts as applied', () => {
  it('an answer lost on the first try and again on a replay: one row, nothing left in the queue', async () => {
    const { backend, proxy, queue, client } = await start(0);
    proxy.mode = 'drop-answer';
    const res = await client.post('/products', { name: 'Desk', price: 5 });
    expect(res.code).toBe('QUEUED');
    const { id } = JSON.parse(posts(proxy)[0]!.body);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await queue.replay();
    proxy.mode = 'pass';
    await queue.replay();
    await until(() => queue.getState().pending.length === 0);
    expect(posts(proxy).map((r) => JSON.parse(r.body).id)).toEqual([id, id, id]);
    expect(await named(backend, 'Desk')).toEqual([{ id, name: 'Desk', price: 5 }]);
    expect(queue.getState()).toMatchObject({ failed: [], unknown: [] });
  });

  it('a create queued offline replays once; an id the app gave is kept', async () => {
    const { backend, queue, client } = await start(0);
    net.set(false);
    await client.post('/products', { name: 'Shelf', price: 7 });
    await client.post('/products', { id: 'mine-1', name: 'Chair', price: 9 });
    net.set(true);
    await until(() => queue.getState().pending.length === 0);
    expect(await named(backend, 'Shelf')).toHaveLength(1);
    expect(await named(backend, 'Chair')).toEqual([{ id: 'mine-1', name: 'Chair', price: 9 }]);
  });
});

describe('json-server 1.x: ids are its own; a create whose answer was lost waits in unknown', () => {
  it('is not replayed: one row; the user discards it (or resends it with retry)', async () => {
    const { backend, proxy, queue, client } = await start(1);
    proxy.mode = 'drop-answer';
    const res = await client.post('/products', { name: 'Stool', price: 3 });
    expect(res.code).toBe('QUEUED');
    expect(res.error).toMatch(/may have been applied/);
    proxy.mode = 'pass';
    await queue.replay();
    expect(posts(proxy)).toHaveLength(1);
    expect(await named(backend, 'Stool')).toHaveLength(1);
    const [unsure] = queue.getState().unknown;
    expect(unsure).toMatchObject({ method: 'POST', body: { name: 'Stool', price: 3 } });
    await queue.discard(unsure!.id);
    expect(queue.getState().unknown).toEqual([]);
    expect(await named(backend, 'Stool')).toHaveLength(1);
  });

  it('a create queued offline replays; an update whose answer was lost replays (it sets the same state)', async () => {
    const { backend, proxy, queue, client } = await start(1);
    net.set(false);
    await client.post('/products', { name: 'Bench', price: 4 });
    net.set(true);
    await until(() => queue.getState().pending.length === 0);
    expect(await named(backend, 'Bench')).toHaveLength(1);
    proxy.mode = 'drop-answer';
    expect((await client.patch('/products/1', { price: 11 })).code).toBe('QUEUED');
    proxy.mode = 'pass';
    await queue.replay();
    expect(queue.getState()).toMatchObject({ pending: [], unknown: [], failed: [] });
    expect((await rows(backend)).find((row) => row.id === '1')).toMatchObject({ price: 11 });
  });

  it('jsonServer() without a version counts as 1.x here: unknown, never a blind repeat', async () => {
    const backend = await startJsonServer1(SEED);
    const proxy = await startFaultProxy(backend.url);
    const client = createClient(proxy.origin, {
      dialect: jsonServer(),
      storage: new MemoryStorage(),
    });
    const queue = offlineQueue()({ client, auth: createAuthService(client), connectivity: net });
    running = { backend, proxy, queue, stop: queue.start() };
    proxy.mode = 'drop-answer';
    await client.post('/products', { name: 'Crate', price: 2 });
    expect(queue.getState().unknown).toHaveLength(1);
  });
});
