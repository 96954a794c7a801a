/**
 * The queue waits by the client's own rules: `isRetryableOutcome` decides what is tried again,
 * the client's backoff how long, and the server's `Retry-After` (seconds or an HTTP date) holds
 * the whole queue: a write made during the wait is queued, not sent, and starts no replay.
 */
import { offlineQueue } from '@bridgekit/core/offline';
import { describe, expect, it } from 'vitest';
import { device, until, offlineWorldPerTest } from './offlineFixture';

const world = offlineWorldPerTest();

async function signedInQueue(options: Parameters<typeof offlineQueue>[0] = {}) {
  const tab = device(world.api.url);
  await tab.signIn('editor');
  const queue = offlineQueue(options)({
    client: tab.client,
    auth: tab.auth,
    connectivity: world.net,
  });
  world.stops.push(queue.start());
  return { tab, queue };
}

const named = (name: string) => world.api.rows('products').filter((row) => row.name === name);
const posts = () =>
  world.api.requests.filter((r) => r.method === 'POST' && r.path === '/api/products');

describe.each([
  ['seconds', () => '2'],
  ['an HTTP date', () => new Date(Date.now() + 3000).toUTCString()],
])('Retry-After as %s', (_name, retryAfter) => {
  it('holds the whole queue: a new write waits in it, unsent, and both go when the wait ends', async () => {
    const { tab, queue } = await signedInQueue({ retryDelay: 60_000 });
    world.net.set(false);
    await tab.client.post('/products', { name: 'Asked to wait', price: 1 });
    world.api.mode = 'unavailable';
    world.api.retryAfter = retryAfter();
    world.net.set(true);
    await until(() => queue.getState().heldUntil > Date.now());
    const { heldUntil } = queue.getState();
    expect(heldUntil).toBeLessThanOrEqual(Date.now() + 3000);
    world.api.mode = 'pass';
    const tries = posts().length;
    const res = await tab.client.post('/products', { name: 'During the wait', price: 1 });
    expect(res.code).toBe('QUEUED');
    expect(res.error).toMatch(/^The server asked to wait/);
    // Nothing is sent before the wait ends: not the new write, not a replay.
    await queue.replay();
    expect(posts()).toHaveLength(tries);
    await until(() => Date.now() >= heldUntil);
    await until(() => queue.getState().pending.length === 0);
    expect(posts().filter((r) => r.mode === 'pass').length).toBe(2);
    expect(posts().findIndex((r) => r.mode === 'pass')).toBe(tries);
    expect(named('Asked to wait')).toHaveLength(1);
    expect(named('During the wait')).toHaveLength(1);
  }, 15_000);
});

it("another tab holds too: its new write waits, unsent, until the server's wait ends, then goes once", async () => {
  const a = await signedInQueue({ retryDelay: 60_000 });
  // A second tab: its own client and storage, the same queue (base URL and storage key).
  const b = await signedInQueue({ retryDelay: 60_000 });
  world.net.set(false);
  await a.tab.client.post('/products', { name: 'Asked to wait in A', price: 1 });
  world.api.mode = 'unavailable';
  world.api.retryAfter = '2';
  world.net.set(true);
  await until(() => b.queue.getState().heldUntil > Date.now());
  const { heldUntil } = b.queue.getState();
  expect(heldUntil).toBe(a.queue.getState().heldUntil);
  world.api.mode = 'pass';
  // When each create reaches the server from now on.
  const sentAt: number[] = [];
  world.api.rule = ({ method }) => {
    if (method === 'POST') sentAt.push(Date.now());
    return undefined;
  };
  const tries = posts().length;
  const res = await b.tab.client.post('/products', { name: 'Made in B during the wait', price: 1 });
  expect(res.code).toBe('QUEUED');
  expect(res.error).toMatch(/^The server asked to wait/);
  await b.queue.replay();
  expect(posts()).toHaveLength(tries);
  await until(() => Date.now() >= heldUntil);
  // B's own replay comes back when the wait ends, whatever A does.
  await until(() => b.queue.getState().pending.length === 0);
  expect(named('Made in B during the wait')).toHaveLength(1);
  await until(() => a.queue.getState().pending.length === 0);
  expect(named('Asked to wait in A')).toHaveLength(1);
  // Nothing of either tab reached the server before the wait ended.
  expect(sentAt.length).toBeGreaterThanOrEqual(2);
  for (const at of sentAt) expect(at).toBeGreaterThanOrEqual(heldUntil);
}, 15_000);

describe("the client's retry classes", () => {
  it.each([
    [425, 'pending'],
    [501, 'failed'],
    [408, 'pending'],
  ] as const)('a %i answering a replay leaves the write %s', async (status, list) => {
    const { tab, queue } = await signedInQueue({ retryDelay: 60_000 });
    world.net.set(false);
    await tab.client.post('/products', { name: `Answered ${status}`, price: 1 });
    world.api.mode = 'unavailable';
    world.api.status = status;
    world.net.set(true);
    await until(() => posts().length === 1);
    await until(() => queue.getState()[list][0]?.attempts === 1);
    expect(queue.getState()[list === 'failed' ? 'pending' : 'failed']).toEqual([]);
  });
});
