/**
 * Writes to one record are applied in the order written, even when the first was in flight
 * when the second began, through a proxy that refuses the first write of every record late
 * (nothing reaches the server) while the second is already on its way.
 */
import { offlineQueue } from '@bridgekit/core/offline';
import { expect, it } from 'vitest';
import { device, until, offlineWorldPerTest } from './offlineFixture';

const world = offlineWorldPerTest();

it('two quick writes to each of 40 records, the first refused by the network: none ends stale', async () => {
  const tab = device(world.api.url);
  await tab.signIn('editor');
  const queue = offlineQueue({ retryDelay: 60_000 })({
    client: tab.client,
    auth: tab.auth,
    connectivity: world.net,
  });
  world.stops.push(queue.start());
  const ids = Array.from({ length: 40 }, (_, i) => i + 1);
  const tried = new Set<string>();
  // The first PATCH of each record is held 30 ms and cut: it never reaches the server.
  world.api.delayMs = 30;
  world.api.rule = ({ method, path }) => {
    if (method !== 'PATCH') return undefined;
    if (tried.has(path)) return 'pass';
    tried.add(path);
    return 'late-cut';
  };
  const answers = await Promise.all(
    ids.flatMap((id) => [
      tab.client.patch(`/products/${id}`, { stock: 1001 }),
      tab.client.patch(`/products/${id}`, { stock: 1002 }),
    ]),
  );
  // The first is kept (no answer), the second queued behind it: neither overtakes.
  expect(answers.every((answer) => answer.code === 'QUEUED')).toBe(true);
  await queue.replay();
  await until(() => queue.getState().pending.length === 0);
  const stale = ids.filter(
    (id) => world.api.rows('products').find((row) => Number(row.id) === id)?.stock !== 1002,
  );
  expect(stale).toEqual([]);
  // What reached the server, per record: the first write, then the second.
  for (const id of ids) {
    const applied = world.api.requests
      .filter((r) => r.mode === 'pass' && r.method === 'PATCH' && r.path === `/api/products/${id}`)
      .map((r) => JSON.parse(r.body).stock);
    expect(applied).toEqual([1001, 1002]);
  }
  expect(queue.getState()).toMatchObject({ failed: [], conflicts: [], unknown: [] });
});

it('a write to another record is not held by one in flight; one to the same record waits for it', async () => {
  const tab = device(world.api.url);
  await tab.signIn('editor');
  const queue = offlineQueue()({ client: tab.client, auth: tab.auth, connectivity: world.net });
  world.stops.push(queue.start());
  world.api.delayMs = 200;
  world.api.rule = ({ method, path }) =>
    method === 'PATCH' && path.endsWith('/products/1') ? 'late-answer' : undefined;
  const slow = tab.client.patch('/products/1', { stock: 11 });
  await until(() => world.api.requests.some((r) => r.path.endsWith('/products/1')));
  const other = await tab.client.patch('/products/2', { stock: 22 });
  expect(other.success).toBe(true);
  // Sent while the first is still unanswered: it waits, then goes once the first is answered.
  const same = tab.client.patch('/products/1', { stock: 12 });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(world.api.requests.filter((r) => r.path.endsWith('/products/1'))).toHaveLength(1);
  expect((await slow).success).toBe(true);
  expect((await same).success).toBe(true);
  expect(world.api.rows('products').find((row) => Number(row.id) === 1)?.stock).toBe(12);
});
