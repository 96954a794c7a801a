/**
 * What one tab's queue tells the app's other tabs (two devices over one storage play two tabs,
 * on the queue's `BroadcastChannel`): a write one tab replayed shows as applied in the other,
 * with the server's record, and the other tab's queries are read again.
 */
import { MemoryStorage } from '@bridgekit/core';
import { offlineQueue, type QueuedWrite } from '@bridgekit/core/offline';
import { expect, it } from 'vitest';
import { connectivitySwitch, device, offlineWorldPerTest, until } from './offlineFixture';

const world = offlineWorldPerTest();

it("a write another tab replayed shows here as applied, with the server's record, until this tab read its queries again", async () => {
  const storage = new MemoryStorage();
  const one = device(world.api.url, storage);
  await one.signIn('editor');
  const two = device(world.api.url, storage);
  await two.auth.ready;
  // Tab one replays; tab two stays offline, so only what tab one tells it can change its state.
  const first = offlineQueue()({ client: one.client, auth: one.auth, connectivity: world.net });
  const offline = connectivitySwitch(false);
  const second = offlineQueue()({ client: two.client, auth: two.auth, connectivity: offline });
  world.stops.push(first.start());
  const heard: QueuedWrite[] = [];
  let read!: () => void;
  world.stops.push(
    second.start((write) => {
      heard.push(write);
      // This tab's queries, read again: held until the test lets them answer.
      return new Promise<void>((resolve) => {
        read = resolve;
      });
    }),
  );

  world.net.set(false);
  const res = await one.client.post('/products', { name: 'Made in tab one', price: 3 });
  expect(res.code).toBe('QUEUED');
  await until(() => second.getState().pending.length === 1);
  world.net.set(true);

  await until(() => second.getState().applied.length === 1);
  const [applied] = second.getState().applied;
  const [row] = world.api.rows('products').filter((p) => p.name === 'Made in tab one');
  expect(applied).toMatchObject({ method: 'POST', body: { name: 'Made in tab one' } });
  expect(applied!.record).toMatchObject({ id: row!.id, name: 'Made in tab one', price: 3 });
  expect(second.getState().pending).toEqual([]);
  expect(heard.map((w) => w.id)).toEqual([applied!.id]);

  read();
  await until(() => second.getState().applied.length === 0);
  expect(world.api.rows('products').filter((p) => p.name === 'Made in tab one')).toHaveLength(1);
});
