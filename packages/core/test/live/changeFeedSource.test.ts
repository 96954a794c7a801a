// `changeFeed()` alone, against a loopback server that answers what the reference server never
// would: no feed at all, silence, a 429 with Retry-After, an event it cannot read.
import { createClient } from '@bridgekit/core';
import { changeFeed, type LiveChange, type LiveSourceHost } from '@bridgekit/core/live';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';

let server: TestServer;
let stops: Array<() => void>;
beforeEach(async () => {
  server = await startTestServer();
  stops = [];
});
afterEach(async () => {
  for (const stop of stops) stop();
  await server.close();
});

/** What a host heard, in order. */
type Heard =
  | ['open', string | undefined]
  | ['change', LiveChange, string | undefined]
  | ['reset', string]
  | ['closed', string]
  | ['ended', string];

function follow(options: Parameters<typeof changeFeed>[0] = {}) {
  const heard: Heard[] = [];
  let last: string | undefined;
  const host: LiveSourceHost = {
    client: createClient(server.url, { sessionId: 'abc' }),
    resources: undefined,
    lastEventId: () => last,
    open: (id) => {
      last = id ?? last;
      heard.push(['open', id]);
    },
    change: (change, id) => {
      last = id ?? last;
      heard.push(['change', change, id]);
    },
    reset: (reason) => heard.push(['reset', reason]),
    closed: (error) => heard.push(['closed', error?.message ?? '']),
    ended: (error) => heard.push(['ended', error.message]),
    refresh: () => {},
  };
  stops.push(changeFeed({ retryDelay: 10, ...options }).start(host));
  return heard;
}

/** Opens an event stream and writes `frames`, leaving it open. */
const stream =
  (...frames: string[]) =>
  (_req: unknown, res: ServerResponse) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    for (const frame of frames) res.write(frame);
    return undefined;
  };

describe('changeFeed() against what the reference server never answers', () => {
  it('a backend without a feed (404) ends with a message that says what to do', async () => {
    server.reply({ status: 404, json: { message: 'Not found' } });
    const heard = follow();
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard[0]?.[0]).toBe('ended');
    expect(heard[0]?.[1]).toMatch(/no change feed at \/events.*live part.*polling\(\)/);
    expect(server.count('/events')).toBe(1);
  });

  it('an answer that is no event stream ends it', async () => {
    server.reply({ json: [{ id: 1 }] });
    const heard = follow();
    await vi.waitFor(() =>
      expect(heard).toEqual([['ended', expect.stringMatching(/not a change feed/)]]),
    );
  });

  it('a feed that falls silent past idleTimeout is opened again, resuming after its last event', async () => {
    server.reply(stream('event: ready\nid: r.4\ndata: {"resources":[]}\n\n'));
    const heard = follow({ idleTimeout: 100 });
    await vi.waitFor(() => expect(server.count('/events')).toBeGreaterThanOrEqual(2));
    expect(heard.slice(0, 2)).toEqual([
      ['open', 'r.4'],
      ['closed', 'no word from the feed for 100 ms'],
    ]);
    expect(server.requests[1]?.headers['last-event-id']).toBe('r.4');
    expect(server.requests[0]?.headers['x-session-id']).toBe('abc');
  });

  it('a 429 is tried again after its Retry-After, then connects', async () => {
    server.replies(
      {
        status: 429,
        headers: { 'Retry-After': '1' },
        json: { success: false, error: 'Too many feeds' },
      },
      stream('event: ready\nid: r.0\ndata: {}\n\n'),
    );
    const heard = follow();
    await vi.waitFor(() => expect(heard.map((h) => h[0])).toEqual(['closed', 'open']), {
      timeout: 5000,
    });
    expect(heard[0]?.[1]).toMatch(/Too many feeds/);
  });

  it('an event it cannot read is a reset (what changed is unknown); an unknown event changes nothing', async () => {
    server.reply(
      stream(
        'event: ready\nid: r.0\ndata: {}\n\n',
        'id: r.1\ndata: {not json\n\n',
        'event: something-new\nid: r.2\ndata: {}\n\n',
        'id: r.3\ndata: {"resource":"products","id":"7","type":"updated","record":{"id":"7"}}\n\n',
      ),
    );
    const heard = follow();
    await vi.waitFor(() => expect(heard).toHaveLength(3));
    expect(heard).toEqual([
      ['open', 'r.0'],
      ['reset', 'unreadable'],
      ['change', { type: 'updated', resource: 'products', id: '7', record: { id: '7' } }, 'r.3'],
    ]);
  });

  it('stop cancels the stream: the server sees the connection close', async () => {
    let closed = false;
    server.reply((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('event: ready\nid: r.0\ndata: {}\n\n');
      res.on('close', () => {
        closed = true;
      });
      return undefined;
    });
    const heard = follow();
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    stops.pop()!();
    await vi.waitFor(() => expect(closed).toBe(true));
  });

  it('an unknown option is a TypeError naming it', () => {
    expect(() => changeFeed({ heartbeat: 1 } as never)).toThrow(TypeError);
    expect(() => changeFeed({ heartbeat: 1 } as never)).toThrow(/heartbeat/);
  });
});
