// The live module on the reference server's change feed, in Node: every write reaches `onEvent`
// exactly once, a connection that is cut or let go resumes without a duplicate or a gap, a reset
// past the feed's window says so, and the feed follows the session (sign-out, its end).
import type { LiveChange, LiveEvent } from '@bridgekit/core/live';
import { changeFeed, live } from '@bridgekit/core/live';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type LiveServer,
  signedIn,
  startLiveServer,
  startProxy,
  switchableConnectivity,
} from './liveFixture';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function server(options?: Parameters<typeof startLiveServer>[0]): Promise<LiveServer> {
  const started = await startLiveServer(options);
  cleanup.push(() => started.close());
  return started;
}

/** A followed live module as `user`, its events kept; `url` defaults to the server's. */
async function follower(url: string, user: 'admin' | 'editor' | 'viewer' = 'admin') {
  const { client, auth } = await signedIn(url, user);
  const connectivity = switchableConnectivity();
  // Quick retries: the tests cut connections on purpose.
  const feed = live({ source: changeFeed({ retryDelay: 20 }) })({ client, auth, connectivity });
  const events: LiveEvent[] = [];
  feed.onEvent((event) => events.push(event));
  const stop = feed.start();
  cleanup.push(() => feed.dispose(), stop);
  const changes = () => events.filter((e): e is LiveChange => e.type !== 'reset');
  return { client, auth, feed, events, changes, connectivity };
}

const connected = (feed: { getState(): { connected: boolean } }) =>
  vi.waitFor(() => expect(feed.getState().connected).toBe(true), { timeout: 10_000 });

/** Renames product `id` as the editor, through the API. */
async function rename(url: string, ids: string[], prefix: string) {
  const { client } = await signedIn(url, 'editor');
  for (const [n, id] of ids.entries()) {
    const res = await client.patch(`/products/${id}`, { name: `${prefix} ${n}` });
    expect(res.success).toBe(true);
  }
}

describe('the change feed through the live module', () => {
  it('each write reaches onEvent exactly once, with its record and version', async () => {
    const { url } = await server();
    const admin = await follower(url);
    await connected(admin.feed);

    const editor = await signedIn(url, 'editor');
    const created = await editor.client.post('/products', {
      name: 'Live lamp',
      price: 12,
      category: 'Home',
      stock: 3,
      active: true,
    });
    if (!created.success) throw new Error(created.error);
    const id = String(created.data.id);
    await editor.client.patch(`/products/${id}`, { price: 13 });
    await editor.client.delete(`/products/${id}`);

    await vi.waitFor(() => expect(admin.changes()).toHaveLength(3), { timeout: 10_000 });
    expect(admin.changes().map((c) => [c.type, c.resource, c.id])).toEqual([
      ['created', 'products', id],
      ['updated', 'products', id],
      ['deleted', 'products', id],
    ]);
    expect(admin.changes()[1]?.record).toMatchObject({ id, price: 13 });
    expect(admin.changes()[1]?.version).toMatch(/^"\d+-/);
    expect(admin.changes()[2]?.record).toBeUndefined();
    expect(admin.feed.getState().lastEvent).toEqual(admin.changes()[2]);
  });

  it('a connection cut mid-stream resumes after the last event: no duplicate, no gap', async () => {
    const { url, feedRequests } = await server();
    const proxy = await startProxy(url);
    cleanup.push(() => proxy.close());
    const admin = await follower(proxy.url);
    await connected(admin.feed);
    await rename(url, ['1', '2'], 'Before');
    await vi.waitFor(() => expect(admin.changes()).toHaveLength(2));

    proxy.down();
    await vi.waitFor(() => expect(admin.feed.getState().connected).toBe(false));
    // Written while the network is down; the module meanwhile tries again and again.
    await rename(url, ['3', '4', '5'], 'During');
    proxy.up();
    await connected(admin.feed);
    await rename(url, ['6'], 'After');

    await vi.waitFor(() => expect(admin.changes()).toHaveLength(6), { timeout: 10_000 });
    expect(admin.changes().map((c) => c.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(admin.events.some((e) => e.type === 'reset')).toBe(false);
    expect(feedRequests()).toBe(2);
  });

  it('offline lets go of the feed; back online it resumes after the last event', async () => {
    const { url, feedRequests } = await server();
    const admin = await follower(url);
    await connected(admin.feed);

    admin.connectivity.set(false);
    expect(admin.feed.getState()).toMatchObject({ connected: false, error: null });
    await rename(url, ['7', '8'], 'Offline');
    admin.connectivity.set(true);
    await connected(admin.feed);

    await vi.waitFor(() => expect(admin.changes().map((c) => c.id)).toEqual(['7', '8']));
    expect(feedRequests()).toBe(2);
  });

  it('past the feed’s window, one reset says so (and nothing is replayed)', async () => {
    const { url } = await server({ changeFeed: { replayEvents: 2 } });
    const admin = await follower(url);
    await connected(admin.feed);
    admin.connectivity.set(false);
    await rename(url, ['1', '2', '3', '4'], 'Missed');
    admin.connectivity.set(true);

    await vi.waitFor(() => expect(admin.events).toEqual([{ type: 'reset', reason: 'expired' }]));
    await rename(url, ['5'], 'Next');
    await vi.waitFor(() => expect(admin.changes().map((c) => c.id)).toEqual(['5']));
  });

  it('a viewer hears nothing of what it may not read', async () => {
    const { url } = await server();
    const viewer = await follower(url, 'viewer');
    const admin = await follower(url);
    await Promise.all([connected(viewer.feed), connected(admin.feed)]);
    const created = await admin.client.post('/users', {
      email: 'new-user@example.com',
      password: 'a-long-password-1',
      name: 'New',
      userType: 'viewer',
    });
    expect(created.success).toBe(true);
    await rename(url, ['1'], 'Seen');

    await vi.waitFor(() => expect(viewer.changes().map((c) => c.resource)).toEqual(['products']));
    expect(admin.changes().map((c) => c.resource)).toEqual(['users', 'products']);
  });

  it('signing out closes the feed; signing in opens it again', async () => {
    const { url, feedRequests } = await server();
    const admin = await follower(url);
    await connected(admin.feed);

    await admin.auth.logout();
    expect(admin.feed.getState()).toEqual({
      connected: false,
      lastEvent: null,
      error: null,
      mode: 'feed',
    });
    await rename(url, ['1'], 'Unheard');
    await admin.auth.login({ email: 'admin@example.com', password: 'admin123' });
    await connected(admin.feed);
    await rename(url, ['2'], 'Heard');
    await vi.waitFor(() => expect(admin.changes().map((c) => c.id)).toEqual(['2']));
    expect(feedRequests()).toBe(2);
  });

  it('the feed’s end (the session ended elsewhere) stops it without a retry loop', async () => {
    const { url, server: bridge, feedRequests } = await server();
    const admin = await follower(url);
    await connected(admin.feed);

    bridge.expireSessions();
    await vi.waitFor(() => expect(admin.feed.getState().connected).toBe(false));
    expect(admin.feed.getState().error?.message).toMatch(/session-ended/);
    // Still signed in locally: nothing retries until the user changes.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(feedRequests()).toBe(1);
  });

  it('resources narrow the feed; a resource the user may not read is a clear error', async () => {
    const { url, server: bridge } = await server();
    const { client, auth } = await signedIn(url, 'viewer');
    const feed = live({ resources: ['users'] })({ client, auth });
    cleanup.push(feed.start(), () => feed.dispose());
    await vi.waitFor(() => expect(feed.getState().error?.message).toMatch(/403|may not read/));
    expect(bridge.requests().at(-1)?.query).toBe('resources=users');
  });

  it('reports on the client’s event stream, without the record', async () => {
    const { url } = await server();
    const { client, auth } = await signedIn(url, 'admin');
    const seen: unknown[] = [];
    client.observe((event) => {
      if (event.type === 'live') seen.push(event);
    });
    const feed = live()({ client, auth });
    cleanup.push(feed.start(), () => feed.dispose());
    await connected(feed);
    await rename(url, ['1'], 'Observed');
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual([
      expect.objectContaining({ type: 'live', kind: 'connected', source: 'change feed' }),
      expect.objectContaining({
        kind: 'received',
        resource: 'products',
        id: '1',
        change: 'updated',
      }),
    ]);
    expect(JSON.stringify(seen)).not.toContain('Observed');
  });
});
