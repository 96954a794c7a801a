/**
 * A write belongs to the user who made it: its replay is sent only with that user's session,
 * pinned for the whole send. The proxy holds a replay of A's write while A signs out and B signs
 * in, then lets it reach the server with A's (now revoked) session: the 401 that answers it signs
 * nobody out, refreshes nothing and is not sent again under B, with and without the auth
 * lifecycle (which refreshes and re-sends on a 401).
 */
import { createAuthLifecycle } from '@bridgekit/core/auth';
import { offlineQueue } from '@bridgekit/core/offline';
import { describe, expect, it } from 'vitest';
import { type Device, device, until, offlineWorldPerTest } from './offlineFixture';

const world = offlineWorldPerTest();

const stockOf = (id: number) =>
  world.api.rows('products').find((row) => Number(row.id) === id)?.stock;
const patches = () => world.api.requests.filter((r) => r.method === 'PATCH');

describe.each([
  ['without the auth lifecycle', false],
  ['with the auth lifecycle', true],
])("A's replay answered after A signed out and B signed in (%s)", (_name, lifecycle) => {
  it('is not applied under B, does not sign B out, and goes under A when A is back', async () => {
    const tab: Device = device(world.api.url);
    const account = lifecycle ? createAuthLifecycle(tab.auth) : undefined;
    if (account) world.stops.push(() => account.dispose());
    await tab.signIn('editor');
    const sessionOfA = await tab.client.getSessionId();
    const queue = offlineQueue()({ client: tab.client, auth: tab.auth, connectivity: world.net });
    world.stops.push(queue.start());
    world.net.set(false);
    expect((await tab.client.patch('/products/3', { stock: 303 })).code).toBe('QUEUED');
    const before = stockOf(3);

    // The replay's request is held on the way; meanwhile A signs out and B signs in.
    world.api.delayMs = 300;
    world.api.rule = ({ method }) => (method === 'PATCH' ? 'late-pass' : undefined);
    world.net.set(true);
    await until(() => patches().length === 1);
    await tab.auth.logout();
    await tab.signIn('admin');
    const sessionOfB = await tab.client.getSessionId();
    // The held request reaches the server with A's revoked session: 401.
    await until(() => queue.getState().waitingForOthers === 1 && patches().length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(tab.auth.getState().user?.email).toBe('admin@example.com');
    expect(await tab.client.getSessionId()).toBe(sessionOfB);
    expect(patches().map((r) => r.headers['x-session-id'])).toEqual([sessionOfA]);
    expect(stockOf(3)).toBe(before);
    expect(queue.getState()).toMatchObject({ pending: [], failed: [], waitingForOthers: 1 });
    // B's own writes still go: the queue holds A's, not B's.
    world.api.rule = undefined;
    expect((await tab.client.patch('/products/4', { stock: 404 })).success).toBe(true);

    await tab.auth.logout();
    await tab.signIn('editor');
    await until(() => stockOf(3) === 303);
    const sessionOfAAgain = await tab.client.getSessionId();
    expect(
      patches()
        .filter((r) => r.path === '/api/products/3')
        .at(-1)?.headers['x-session-id'],
    ).toBe(sessionOfAAgain);
    await until(() => queue.getState().pending.length === 0);
    expect(queue.getState().waitingForOthers).toBe(0);
  });
});

describe('a write waits for its user', () => {
  it('a replay that would start after the user changed is not sent at all', async () => {
    const tab = device(world.api.url);
    await tab.signIn('editor');
    const queue = offlineQueue()({ client: tab.client, auth: tab.auth, connectivity: world.net });
    world.stops.push(queue.start());
    world.net.set(false);
    await tab.client.post('/products', { name: "Editor's lamp", price: 1 });
    await tab.client.post('/products', { name: "Editor's desk", price: 1 });
    await tab.auth.logout();
    expect(queue.getState()).toMatchObject({ pending: [], waitingForOthers: 2 });
    await tab.signIn('viewer');
    world.net.set(true);
    await queue.replay();
    expect(
      world.api.requests.filter((r) => r.method === 'POST' && r.path === '/api/products'),
    ).toEqual([]);
    expect(queue.getState()).toMatchObject({ pending: [], waitingForOthers: 2 });
    await tab.auth.logout();
    await tab.signIn('editor');
    await until(
      () => queue.getState().pending.length === 0 && queue.getState().waitingForOthers === 0,
    );
    expect(
      world.api.rows('products').filter((row) => String(row.name).startsWith("Editor's")),
    ).toHaveLength(2);
  });
});
