/**
 * The queue reports on its client's stream (`client.observe`): a write kept, sent again, applied,
 * parked in a list for the user, refused as a conflict. Against the reference server, through the
 * loopback proxy that cuts connections; each event names the write by its key, method and URL,
 * and holds no body, header or session.
 */
import type { BridgeEvent, QueueEvent } from '@bridgekit/core';
import { offlineQueue, type OfflineQueue, type OfflineQueueOptions } from '@bridgekit/core/offline';
import { expect, it } from 'vitest';
import { type Device, device, until, offlineWorldPerTest } from './offlineFixture';

const world = offlineWorldPerTest();

interface Watched {
  tab: Device;
  queue: OfflineQueue;
  /** The queue's events so far, oldest first. */
  events(): QueueEvent[];
  /** Every event the client reported so far, of any type. */
  all: BridgeEvent[];
}

/** What a queue event may hold: nothing of the write's body or headers. */
const FIELDS = new Set([
  'type',
  'kind',
  'time',
  'key',
  'method',
  'url',
  'attempts',
  'status',
  'reason',
]);

/** A signed-in device with its queue started, and a listener on its client. */
async function watched(options: OfflineQueueOptions = {}): Promise<Watched> {
  const tab = device(world.api.url);
  await tab.signIn('editor');
  const queue = offlineQueue(options)({
    client: tab.client,
    auth: tab.auth,
    connectivity: world.net,
  });
  world.stops.push(queue.start());
  const all: BridgeEvent[] = [];
  world.stops.push(tab.client.observe((event) => all.push(event)));
  const events = () => all.filter((event): event is QueueEvent => event.type === 'queue');
  return { tab, queue, events, all };
}

/** The kinds of the events, in order. */
const kinds = (events: readonly QueueEvent[]) => events.map((event) => event.kind);

it('a write kept offline is queued with its key and why; back online it is sent once and applied', async () => {
  const { tab, queue, events } = await watched();
  world.net.set(false);
  const res = await tab.client.post('/products', { name: 'Seen lamp', price: 3 });
  expect(res.code).toBe('QUEUED');
  const key = queue.getState().pending[0]!.id;
  expect(events()).toEqual([
    {
      type: 'queue',
      kind: 'queued',
      time: expect.any(Number),
      key,
      method: 'POST',
      url: `${world.api.url}/products`,
      reason: 'Offline',
    },
  ]);

  world.net.set(true);
  await until(() => kinds(events()).includes('applied'));
  expect(events().slice(1)).toEqual([
    expect.objectContaining({ kind: 'sent', key, method: 'POST', attempts: 1 }),
    expect.objectContaining({
      kind: 'applied',
      key,
      url: `${world.api.url}/products`,
      attempts: 1,
      status: 201,
    }),
  ]);
  // No body, header or session in any of them.
  const session = (await tab.client.getSessionId())!;
  for (const event of events()) {
    expect(Object.keys(event).filter((name) => !FIELDS.has(name))).toEqual([]);
    expect(JSON.stringify(event)).not.toContain('Seen lamp');
    expect(JSON.stringify(event)).not.toContain(session);
  }
});

it('a write whose try got no answer is queued after its first attempt, with the error', async () => {
  const { tab, events } = await watched({ retryDelay: 60_000 });
  world.api.mode = 'cut';
  const res = await tab.client.patch('/products/1', { stock: 42 });
  expect(res.code).toBe('QUEUED');
  expect(events()).toEqual([
    expect.objectContaining({
      kind: 'queued',
      method: 'PATCH',
      url: `${world.api.url}/products/1`,
      attempts: 1,
      status: 0,
      reason: expect.stringMatching(/^Network error/),
    }),
  ]);
});

it('a write the server refuses is parked in failed with the status and the error', async () => {
  const { tab, queue, events } = await watched();
  world.net.set(false);
  await tab.client.patch('/products/999999', { stock: 1 });
  world.net.set(true);
  await until(() => queue.getState().failed.length === 1);
  const error = queue.getState().failed[0]!.error;
  expect(kinds(events())).toEqual(['queued', 'sent', 'parked']);
  expect(events()[2]).toMatchObject({ attempts: 1, status: 404, reason: `failed: ${error}` });
});

it('a write that ran out of attempts is parked in failed after the last one', async () => {
  const { tab, queue, events } = await watched({ maxAttempts: 2, retryDelay: 20 });
  world.net.set(false);
  await tab.client.post('/products', { name: 'Unlucky', price: 1 });
  world.api.mode = 'unavailable';
  world.net.set(true);
  await until(() => queue.getState().failed.length === 1);
  expect(kinds(events())).toEqual(['queued', 'sent', 'sent', 'parked']);
  expect(events()[3]).toMatchObject({
    attempts: 2,
    status: 503,
    reason: 'failed: Down for a moment',
  });
});

it('a write to a record someone changed since it was read is reported as a conflict', async () => {
  const { tab, queue, events } = await watched();
  await tab.client.get('/products/2');
  world.net.set(false);
  await tab.client.patch('/products/2', { stock: 7 });
  const other = device(world.api.url);
  await other.signIn('admin');
  expect((await other.client.patch('/products/2', { stock: 8 })).success).toBe(true);
  world.net.set(true);
  await until(() => queue.getState().conflicts.length === 1);
  expect(kinds(events())).toEqual(['queued', 'sent', 'conflict']);
  expect(events()[2]).toMatchObject({
    method: 'PATCH',
    url: `${world.api.url}/products/2`,
    attempts: 1,
    status: 412,
    reason: queue.getState().conflicts[0]!.error,
  });
});

it('a write older than maxAge is parked in expired, unsent', async () => {
  const { tab, queue, events } = await watched({ maxAge: 50 });
  world.net.set(false);
  await tab.client.post('/products', { name: 'Too old', price: 1 });
  await new Promise((resolve) => setTimeout(resolve, 60));
  world.net.set(true);
  await until(() => queue.getState().expired.length === 1);
  expect(kinds(events())).toEqual(['queued', 'parked']);
  expect(events()[1]).toMatchObject({ reason: 'expired: queued more than 50 ms ago' });
  expect(events()[1]).not.toHaveProperty('attempts');
});

it('reports nothing once the listener stopped', async () => {
  const { tab, queue, events, all } = await watched();
  world.stops.pop()!(); // the listener
  world.net.set(false);
  await tab.client.post('/products', { name: 'Unheard', price: 1 });
  world.net.set(true);
  await until(() => queue.getState().pending.length === 0);
  expect(events()).toEqual([]);
  expect(all).toEqual([]);
});
