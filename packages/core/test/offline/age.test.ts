/**
 * A write older than `maxAge` (24 h by default: how long the reference server remembers a key)
 * is not replayed blindly: it moves to `expired`, where the user sends it again or discards it.
 * Time passing is played by the stored writes' `queuedAt`, as a device that was off for a day
 * would find them.
 */
import { offlineQueue } from '@bridgekit/core/offline';
import { expect, it } from 'vitest';
import { device, until, offlineWorldPerTest } from './offlineFixture';

const world = offlineWorldPerTest(false);

const KEY = 'bridgekit_offline_queue';
const DAY = 24 * 60 * 60 * 1000;
const named = (name: string) => world.api.rows('products').filter((row) => row.name === name);

it('a write older than maxAge moves to expired, unsent; retry(id) sends it, discard(id) drops it', async () => {
  const tab = device(world.api.url);
  await tab.signIn('editor');
  const before = offlineQueue()({ client: tab.client, auth: tab.auth, connectivity: world.net });
  const stopBefore = before.start();
  await tab.client.post('/products', { name: 'From yesterday', price: 1 });
  await tab.client.post('/products', { name: 'Also from yesterday', price: 1 });
  await tab.client.post('/products', { name: 'From today', price: 1 });
  stopBefore();
  // A day and a minute later, for the first two.
  const document = JSON.parse((await tab.storage.getItem(KEY))!);
  for (const write of document.writes.slice(0, 2)) write.queuedAt -= DAY + 60_000;
  await tab.storage.setItem(KEY, JSON.stringify(document));

  const queue = offlineQueue()({ client: tab.client, auth: tab.auth, connectivity: world.net });
  world.stops.push(queue.start());
  world.net.set(true);
  await until(() => queue.getState().expired.length === 2 && queue.getState().pending.length === 0);
  const { expired } = queue.getState();
  expect(expired.map((w) => (w.body as { name: string }).name)).toEqual([
    'From yesterday',
    'Also from yesterday',
  ]);
  expect(named('From yesterday')).toHaveLength(0);
  expect(named('From today')).toHaveLength(1);

  await queue.retry(expired[0]!.id);
  await queue.discard(expired[1]!.id);
  expect(queue.getState()).toMatchObject({ pending: [], expired: [] });
  expect(named('From yesterday')).toHaveLength(1);
  expect(named('Also from yesterday')).toHaveLength(0);
  expect(await tab.storage.getItem(KEY)).toBeNull();
});

it('maxAge is an option: an hour', async () => {
  const tab = device(world.api.url);
  await tab.signIn('editor');
  const queue = offlineQueue({ maxAge: 60 * 60 * 1000 })({
    client: tab.client,
    auth: tab.auth,
    connectivity: world.net,
  });
  world.stops.push(queue.start());
  await tab.client.post('/products', { name: 'Two hours old', price: 1 });
  const document = JSON.parse((await tab.storage.getItem(KEY))!);
  document.writes[0].queuedAt -= 2 * 60 * 60 * 1000;
  await tab.storage.setItem(KEY, JSON.stringify(document));
  world.net.set(true);
  await until(() => queue.getState().expired.length === 1);
  expect(named('Two hours old')).toHaveLength(0);
  expect(() => offlineQueue({ maxAge: 0 })).toThrow(RangeError);
});
