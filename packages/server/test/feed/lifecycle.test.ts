/**
 * The change feed's life over real HTTP: resume with Last-Event-ID, `reset` past the window,
 * the end of the session ends it, the heartbeat, the bounds per user and per connection, and
 * close() ending every feed at once.
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import type { ServerOptions } from '@bridgekit/server';
import { afterEach, describe, expect, it } from 'vitest';
import { type Running, raw, start } from '../helpers';
import { type FeedClient, type FeedClientOptions, openFeed } from './feedClient';

let running: Running | undefined;
const feeds: FeedClient[] = [];
afterEach(async () => {
  for (const feed of feeds.splice(0)) feed.close();
  await running?.stop();
  running = undefined;
});

async function boot(options: ServerOptions = {}) {
  running = await start(options);
  return (await (await running.signIn('admin')).getSessionId()) as string;
}

async function subscribe(sid: string, options: FeedClientOptions = {}) {
  const feed = await openFeed(running!.url, sid, options);
  feeds.push(feed);
  if (feed.status === 200) await feed.waitFor((m) => m.event === 'ready', 'ready');
  return feed;
}

const isChange = (id: string) => (m: { event?: string; data: string }) =>
  m.event === undefined && JSON.parse(m.data).id === id;

async function patchTask(sid: string, id: string, priority: number) {
  const res = await raw(`${running!.url}/tasks/${id}`, {
    method: 'PATCH',
    headers: { 'x-session-id': sid, 'content-type': 'application/json' },
    body: JSON.stringify({ priority }),
  });
  expect(res.status).toBe(200);
}

const readyId = async (feed: FeedClient) => (await feed.waitFor((m) => m.event === 'ready')).id!;

describe('resume with Last-Event-ID', () => {
  it('sends the missed events, then ready; the header and the lastEventId parameter alike', async () => {
    const admin = await boot();
    const first = await subscribe(admin);
    await patchTask(admin, '1', 2);
    const seen = await first.waitFor(isChange('1'));
    first.close();
    for (const id of ['2', '3', '4']) await patchTask(admin, id, 3);

    let latest = '';
    for (const options of [
      { headers: { 'last-event-id': seen.id! } },
      { query: `?lastEventId=${encodeURIComponent(seen.id!)}` },
    ]) {
      const again = await subscribe(admin, options);
      const events = again.events();
      expect(events.map((m) => m.event ?? JSON.parse(m.data).id)).toEqual(['2', '3', '4', 'ready']);
      // ready says where the feed stands: after the last event sent.
      expect(events[3]!.id).toBe(events[2]!.id);
      latest = events[3]!.id!;
      again.close();
    }
    // From the latest id: nothing to replay.
    const current = await subscribe(admin, { headers: { 'last-event-id': latest } });
    expect(current.events().map((m) => m.event)).toEqual(['ready']);
  });

  it('replays only what the session may read and asked for', async () => {
    const admin = await boot();
    const viewer = (await (await running!.signIn('viewer')).getSessionId()) as string;
    const start = await readyId(await subscribe(admin));
    await raw(`${running!.url}/users/3`, {
      method: 'PATCH',
      headers: { 'x-session-id': admin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Vera V.' }),
    });
    await patchTask(admin, '5', 1);
    const resumed = await subscribe(viewer, { headers: { 'last-event-id': start } });
    expect(resumed.changes().map((c) => c.resource)).toEqual(['tasks']);
    const narrowed = await subscribe(admin, {
      query: '?resources=users',
      headers: { 'last-event-id': start },
    });
    expect(narrowed.changes().map((c) => c.resource)).toEqual(['users']);
  });

  it('an id older than the window, or not of this server run, gets one reset with the current id, then live events', async () => {
    const admin = await boot({ changeFeed: { replayEvents: 3 } });
    const feed = await subscribe(admin);
    const old = await readyId(feed);
    for (const id of ['1', '2', '3', '4', '5']) await patchTask(admin, id, 4);
    let published = 5;
    const caughtUp = () =>
      feed.waitFor(() => feed.changes().length === published, `${published} events`);
    await caughtUp();

    const cases: Array<[string, string]> = [
      [old, 'expired'],
      ['someone-else.3', 'unknown'],
      [`${old.split('.')[0]}.99`, 'unknown'],
      ['garbage', 'unknown'],
    ];
    for (const [sent, reason] of cases) {
      const latest = feed.events().at(-1)!.id;
      const again = await subscribe(admin, { headers: { 'last-event-id': sent } });
      const [reset, ready] = again.events();
      expect(reset).toEqual({ event: 'reset', id: latest, data: JSON.stringify({ reason }) });
      expect(ready?.event).toBe('ready');
      await patchTask(admin, '6', 5);
      published++;
      await again.waitFor(isChange('6'), 'a live event after the reset');
      await caughtUp();
      again.close();
    }
    // Within the window: replayed, no reset.
    const changes = feed.events().filter((m) => m.event === undefined);
    const kept = changes.at(-3)!.id!;
    const within = await subscribe(admin, { headers: { 'last-event-id': kept } });
    expect(within.events().map((m) => m.event ?? m.id)).toEqual([
      changes.at(-2)!.id,
      changes.at(-1)!.id,
      'ready',
    ]);
  });

  it('a resume that would not fit a feed buffer is a reset (too-many) instead', async () => {
    const admin = await boot({ changeFeed: { maxBufferBytes: 2_000 } });
    const from = await readyId(await subscribe(admin));
    for (let n = 1; n <= 12; n++) await patchTask(admin, String(n), 1 + (n % 5));
    const again = await subscribe(admin, { headers: { 'last-event-id': from } });
    expect(again.events()[0]).toMatchObject({ event: 'reset', data: '{"reason":"too-many"}' });
  });
});

describe('the end of the session ends the feed', () => {
  it('sign-out: a last end event, then the stream closes', async () => {
    const admin = await boot();
    const feed = await subscribe(admin);
    await raw(`${running!.url}/auth/logout`, {
      method: 'POST',
      headers: { 'x-session-id': admin },
    });
    await feed.ended;
    expect(feed.events().at(-1)).toEqual({
      event: 'end',
      data: '{"reason":"session-ended"}',
      id: undefined,
    });
  });

  it('a password change ends the feeds of the other sessions, not its own', async () => {
    running = await start();
    const editor = async () => (await (await running!.signIn('editor')).getSessionId()) as string;
    const [mine, other] = [await editor(), await editor()];
    const kept = await subscribe(mine);
    const ended = await subscribe(other);
    const res = await raw(`${running.url}/auth/password/change`, {
      method: 'POST',
      headers: { 'x-session-id': mine, 'content-type': 'application/json' },
      body: JSON.stringify({ oldPassword: 'editor123', newPassword: 'another-long-pass-3' }),
    });
    expect(res.status).toBe(200);
    await ended.ended;
    expect(ended.events().at(-1)?.data).toBe('{"reason":"session-ended"}');
    await patchTask(mine, '7', 2);
    await kept.waitFor(isChange('7'), 'an event on the kept session');
  });

  it('expiry ends it too, and a refused session cannot open one', async () => {
    const admin = await boot();
    const feed = await subscribe(admin);
    running!.server.expireSessions();
    await feed.ended;
    expect(feed.events().at(-1)?.event).toBe('end');
    const again = await openFeed(running!.url, admin);
    expect(again.status).toBe(401);
  });
});

describe('heartbeat and bounds', () => {
  it('sends a ping comment at every heartbeat', async () => {
    const admin = await boot({ changeFeed: { heartbeatMs: 20 } });
    const feed = await subscribe(admin);
    await feed.waitForComments(3);
    const comments = feed.received.flatMap((r) => (r.kind === 'comment' ? [r.text] : []));
    expect(comments.slice(0, 3)).toEqual(['ping', 'ping', 'ping']);
  });

  it('refuses one feed more than maxFeedsPerUser with 429 and Retry-After; a closed one frees its place', async () => {
    const admin = await boot({ changeFeed: { maxFeedsPerUser: 2 } });
    const one = await subscribe(admin);
    await subscribe(admin);
    const third = await openFeed(running!.url, admin);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(third.refusal).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    // Another user is not held by this one's feeds.
    const editor = (await (await running!.signIn('editor')).getSessionId()) as string;
    expect((await subscribe(editor)).status).toBe(200);
    one.close();
    // The server learns of the close when the connection ends: try until it has.
    let next = await openFeed(running!.url, admin);
    for (let tries = 0; next.status === 429 && tries < 200; tries++) {
      await new Promise((resolve) => setImmediate(resolve));
      next = await openFeed(running!.url, admin);
    }
    feeds.push(next);
    expect(next.status).toBe(200);
  });

  it('closes a feed whose reader falls behind by more than maxBufferBytes, and keeps serving the others', async () => {
    const admin = await boot({ changeFeed: { maxBufferBytes: 64 * 1024 } });
    const { port, hostname } = new URL(running!.url);
    // A client that opens the feed, then reads no more of it.
    const stalled = connect(Number(port), hostname);
    let got = 0;
    const closed = new Promise<void>((resolve) => {
      stalled.on('close', () => resolve());
      stalled.on('error', () => {});
    });
    stalled.write(
      `GET /api/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-Session-ID: ${admin}\r\n\r\n`,
    );
    const [head] = (await once(stalled, 'data')) as [Buffer];
    expect(head.toString('latin1')).toMatch(/^HTTP\/1\.1 200/);
    stalled.pause();
    stalled.on('data', (chunk: Buffer) => {
      got += chunk.length;
    });

    const reader = await subscribe(admin);
    // Far more than the kernel's socket buffers take on loopback (a few MB), so the server's
    // own backlog for the stalled client must pass the bound.
    const big = 'x'.repeat(500_000);
    let published = 0;
    for (let n = 1; n <= 40; n++) {
      const res = await raw(`${running!.url}/products/${n}`, {
        method: 'PATCH',
        headers: { 'x-session-id': admin, 'content-type': 'application/json' },
        body: JSON.stringify({ category: `${n}${big}` }),
      });
      expect(res.status).toBe(200);
      published += big.length;
    }
    await reader.waitFor(isChange('40'), 'every event, on the reading feed');
    expect(reader.changes()).toHaveLength(40);
    // The stalled one was cut off: read now, it ends well short of what was published.
    stalled.resume();
    await closed;
    expect(got).toBeLessThan(published / 2);
  });
});

describe("the server's close()", () => {
  it('ends every feed at once (a last end event, reason shutdown) and stops without waiting for them', async () => {
    const admin = await boot();
    const open = [await subscribe(admin), await subscribe(admin, { query: '?resources=tasks' })];
    // Were the feeds left open, close() would wait for its 10 s grace: past the test's bound.
    await running!.stop();
    running = undefined;
    for (const feed of open) {
      await feed.ended;
      expect(feed.events().at(-1)).toEqual({
        event: 'end',
        data: '{"reason":"shutdown"}',
        id: undefined,
      });
    }
  });
});
