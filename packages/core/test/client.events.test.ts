/**
 * The client's events (`client.observe`) against real loopback servers: each call's life in
 * order under one callId, the request as it leaves (after the middleware, the dialect's transport
 * and the origin guard) with every credential redacted, attempts with their timings, retries with
 * their delay, redirect hops, the answer; listeners that throw or stop; and no work at all while
 * nobody listens.
 */
import {
  type BridgeEvent,
  type CallEvent,
  createClient,
  type Dialect,
  isObserved,
  reportEvent,
} from '@bridgekit/core';
import { dialectTransport, jsonServer } from '@bridgekit/core/dialects';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
const extra: TestServer[] = [];
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all([server.close(), ...extra.splice(0).map((s) => s.close())]);
});

async function otherServer(...args: Parameters<typeof startTestServer>) {
  const other = await startTestServer(...args);
  extra.push(other);
  return other;
}

/** A listener that keeps every event. */
function recorder() {
  const events: BridgeEvent[] = [];
  return { events, listener: (event: BridgeEvent) => void events.push(event) };
}

const types = (events: BridgeEvent[]) => events.map((event) => event.type);
const ofType = <T extends BridgeEvent['type']>(events: BridgeEvent[], type: T) =>
  events.filter((event): event is Extract<BridgeEvent, { type: T }> => event.type === type);

describe('the life of a call', () => {
  it('a plain call: request, attempt, response, one callId', async () => {
    server.reply({ json: { success: true, data: { id: 1 } } });
    const api = createClient(`${server.url}/api`);
    const { events, listener } = recorder();
    api.observe(listener);
    const res = await api.get('/items/1', { params: { full: true } });
    expect(res.success).toBe(true);
    expect(types(events)).toEqual(['request', 'attempt', 'response']);
    const [request, attempt, response] = events as CallEvent[];
    expect(new Set(events.map((e) => (e as CallEvent).callId)).size).toBe(1);
    expect(request).toMatchObject({
      type: 'request',
      method: 'GET',
      url: `${server.url}/api/items/1?full=true`,
      headers: { Accept: 'application/json' },
    });
    expect(request).not.toHaveProperty('body');
    expect(attempt).toMatchObject({ type: 'attempt', attempt: 1, status: 200 });
    expect(response).toMatchObject({
      type: 'response',
      response: { status: 200, data: { id: 1 } },
    });
    for (const event of events as CallEvent[]) {
      expect(event.time).toBeGreaterThan(0);
    }
  });

  it('two calls have two callIds', async () => {
    const api = createClient(server.url);
    const { events, listener } = recorder();
    api.observe(listener);
    await Promise.all([api.get('/a'), api.get('/b')]);
    const ids = new Set(events.map((e) => (e as CallEvent).callId));
    expect(ids.size).toBe(2);
  });

  it('a retry after a 503: two attempts with their timings, and the retry with its delay', async () => {
    server.replies({ status: 503, delay: 40 }, { json: { success: true, data: 'ok' } });
    const api = createClient(server.url, { retryAttempts: 2, retryDelay: 20 });
    const { events, listener } = recorder();
    api.observe(listener);
    const res = await api.get('/flaky');
    expect(res.success).toBe(true);
    expect(types(events)).toEqual(['request', 'attempt', 'retry', 'attempt', 'response']);
    const [first, second] = ofType(events, 'attempt');
    expect(first).toMatchObject({ attempt: 1, status: 503 });
    expect(second).toMatchObject({ attempt: 2, status: 200 });
    // The server held the first answer 40 ms: the attempt took at least that.
    expect(first!.durationMs).toBeGreaterThanOrEqual(35);
    expect(second!.durationMs).toBeGreaterThanOrEqual(0);
    const [retry] = ofType(events, 'retry');
    expect(retry!.reason).toBe(503);
    expect(retry!.delayMs).toBeGreaterThanOrEqual(0);
    expect(retry!.delayMs).toBeLessThan(20);
    const [response] = ofType(events, 'response');
    expect(response!.durationMs).toBeGreaterThanOrEqual(first!.durationMs);
  });

  it("a retry without an answer names the failure's code", async () => {
    server.replies({ reset: true }, { json: { ok: 1 } });
    const api = createClient(server.url, { retryAttempts: 1, retryDelay: 1 });
    const { events, listener } = recorder();
    api.observe(listener);
    await api.get('/reset');
    expect(ofType(events, 'attempt').map((a) => a.status)).toEqual([0, 200]);
    expect(ofType(events, 'retry')[0]!.reason).toBe('NETWORK_ERROR');
  });

  it('a redirect to another origin: the hop, and the session dropped with it', async () => {
    const other = await otherServer({ json: { landed: true } });
    server.reply({ status: 302, redirect: `${other.url}/landing` });
    const api = createClient(server.url, { sessionId: 'sess-1' });
    const { events, listener } = recorder();
    api.observe(listener);
    const res = await api.get('/start');
    expect(res).toMatchObject({ success: true, data: { landed: true } });
    expect(types(events)).toEqual(['request', 'redirect', 'attempt', 'response']);
    expect(ofType(events, 'redirect')[0]).toMatchObject({
      from: `${server.url}/start`,
      to: `${other.url}/landing`,
      status: 302,
      sessionDropped: true,
    });
    expect(other.requests[0]?.headers['x-session-id']).toBeUndefined();
  });

  it('a redirect on the same origin keeps the session', async () => {
    server.replies({ status: 301, redirect: '/moved' }, { json: { ok: 1 } });
    const api = createClient(server.url, { sessionId: 'sess-1' });
    const { events, listener } = recorder();
    api.observe(listener);
    await api.get('/old');
    expect(ofType(events, 'redirect')).toEqual([
      expect.objectContaining({ to: `${server.url}/moved`, status: 301, sessionDropped: false }),
    ]);
  });

  it('a call that fails before it is sent reports its answer only', async () => {
    const api = createClient(server.url);
    const { events, listener } = recorder();
    api.observe(listener);
    const res = await api.get(42 as never);
    expect(res.code).toBe('CLIENT_ERROR');
    expect(types(events)).toEqual(['response']);
    expect(server.count()).toBe(0);
  });

  it('a replay after a middleware: a second request event with the same callId', async () => {
    server.replies({ status: 401 }, { json: { ok: 1 } });
    const api = createClient(server.url, { sessionId: 'old' });
    api.use(async (request, next) => {
      const first = await next(request);
      if (first.status !== 401) return first;
      api.setSessionId('new');
      return next(request);
    });
    const { events, listener } = recorder();
    api.observe(listener);
    await api.get('/me');
    expect(types(events)).toEqual(['request', 'attempt', 'request', 'attempt', 'response']);
    expect(new Set(events.map((e) => (e as CallEvent).callId)).size).toBe(1);
    expect(ofType(events, 'attempt').map((a) => a.attempt)).toEqual([1, 2]);
  });
});

describe('the request as it goes out', () => {
  it("after every middleware: a header a middleware added, and the origin guard's work", async () => {
    const other = await otherServer();
    const api = createClient(server.url, { headers: { 'X-Api-Key': 'key-1' }, sessionId: 's1' });
    api.use((request, next) =>
      next({ ...request, headers: { ...request.headers, 'X-Trace': 't' } }),
    );
    const { events, listener } = recorder();
    api.observe(listener);
    await api.get(`${other.url}/elsewhere`);
    const [request] = ofType(events, 'request');
    expect(request!.url).toBe(`${other.url}/elsewhere`);
    expect(request!.headers).toEqual({ Accept: 'application/json', 'X-Trace': 't' });
  });

  it('a builder call through a dialect: the query as written beside the URL that went out', async () => {
    // A transport that writes the wire its own way (a version prefix), as a backend asks.
    const wire: Dialect = {
      name: 'versioned',
      transport: (request, next) =>
        next({ ...request, url: request.url.replace('/products', '/v2/products') }),
    };
    server.reply({ json: { success: true, data: [] } });
    const api = createClient(server.url, { dialect: wire });
    const { events, listener } = recorder();
    api.observe(listener);
    const builder = api.query('/products').where('price', 10).page(2);
    await builder.get();
    const [request] = ofType(events, 'request');
    expect(request!.query).toBe(builder.toURL());
    expect(request!.query).toBe('/products?price=10&page=2');
    expect(request!.url).toBe(`${server.url}/v2/products?price=10&page=2`);
    expect(server.requests[0]!.url).toBe('/v2/products?price=10&page=2');
  });

  it("a builder call through a built-in dialect: the dialect's query and the wire", async () => {
    server.reply({ headers: { 'X-Total-Count': '0' }, json: [] });
    const api = createClient(`${server.url}/api`, { dialect: jsonServer({ version: 0 }) });
    const { events, listener } = recorder();
    api.observe(listener);
    const builder = api.query('/products').sort('price', 'desc').limit(5);
    await builder.get();
    const [request] = ofType(events, 'request');
    expect(request!.query).toBe(builder.toURL());
    expect(request!.url).toBe(`${server.url}/api${builder.toURL()}`);
    expect(`${server.url}${server.requests[0]!.url}`).toBe(request!.url);
  });

  it('a plain call carries no query', async () => {
    const api = createClient(server.url);
    const { events, listener } = recorder();
    api.observe(listener);
    await api.get('/x');
    expect(ofType(events, 'request')[0]).not.toHaveProperty('query');
  });

  it('bodies: kind and size; a JSON body its value', async () => {
    const api = createClient(server.url);
    const { events, listener } = recorder();
    api.observe(listener);
    await api.post('/json', { name: 'Pen', note: 'é' });
    await api.post('/text', 'plain text');
    await api.post('/params', new URLSearchParams({ a: '1', b: '2' }));
    await api.post(
      '/form',
      (() => {
        const form = new FormData();
        form.set('a', '1');
        return form;
      })(),
    );
    await api.post('/blob', new Blob(['12345']));
    await api.post('/bytes', new Uint8Array([1, 2, 3]));
    const bodies = ofType(events, 'request').map((r) => r.body);
    expect(bodies).toEqual([
      // In bytes: é is two in UTF-8.
      { kind: 'json', bytes: 26, value: { name: 'Pen', note: 'é' } },
      { kind: 'text', bytes: 10 },
      { kind: 'form', bytes: 7 },
      { kind: 'form' },
      { kind: 'binary', bytes: 5 },
      { kind: 'binary', bytes: 3 },
    ]);
    expect(server.requests[0]!.body).toBe('{"name":"Pen","note":"é"}');
  });

  it('a long JSON body: its size without its value', async () => {
    const api = createClient(server.url);
    const { events, listener } = recorder();
    api.observe(listener);
    const rows = Array.from({ length: 1000 }, (_, id) => ({ id, name: `row ${id}` }));
    await api.post('/bulk', rows);
    const [request] = ofType(events, 'request');
    expect(request!.body).toEqual({ kind: 'json', bytes: JSON.stringify(rows).length });
  });
});

describe('credentials never appear in an event', () => {
  const SECRETS = ['sess-secret', 'bearer-secret', 'cookie-secret', 'key-secret', 'refresh-secret'];

  it('the session header, Authorization, Cookie, default headers, a secret body, a sign-in answer', async () => {
    server.reply((req) => ({
      json: req.path.endsWith('/login')
        ? { success: true, data: { user: { id: 'u1' }, sessionId: 'sess-secret', token: 'jwt-x' } }
        : { success: true, data: 'ok' },
    }));
    const api = createClient(server.url, {
      sessionId: 'sess-secret',
      headers: { 'X-Api-Key': 'key-secret', 'X-App': 'demo' },
    });
    const onError = vi.fn();
    const { events, listener } = recorder();
    api.observe(listener);
    await api.get('/me', {
      headers: { Authorization: 'Bearer bearer-secret', Cookie: 'sid=cookie-secret' },
    });
    await api.post('/auth/refresh', { refreshToken: 'refresh-secret' }, { secret: true });
    await api.post(
      '/auth/login',
      { email: 'a@b.c', password: 'pw-secret' },
      {
        includeSession: false,
      },
    );
    const [me, refresh, login] = ofType(events, 'request');
    expect(me!.headers).toEqual({
      Accept: 'application/json',
      'X-Api-Key': '[redacted]',
      'X-App': '[redacted]',
      'X-Session-ID': '[redacted]',
      Authorization: '[redacted]',
      Cookie: '[redacted]',
    });
    expect(refresh!.body).toEqual({ kind: 'json', bytes: 33, secret: true });
    expect(login!.body).toEqual({
      kind: 'json',
      bytes: expect.any(Number),
      value: { email: 'a@b.c', password: '[redacted]' },
    });
    const [, , answer] = ofType(events, 'response');
    expect(answer!.response.data).toEqual({
      user: { id: 'u1' },
      sessionId: '[redacted]',
      token: '[redacted]',
    });
    const text = JSON.stringify(events);
    for (const secret of [...SECRETS, 'pw-secret', 'jwt-x']) expect(text).not.toContain(secret);
    expect(onError).not.toHaveBeenCalled();
  });

  it('the session a dialect moved to Authorization: Bearer', async () => {
    const dialect: Dialect = {
      name: 'bearer',
      transport: dialectTransport({ session: { header: 'Authorization', scheme: 'Bearer' } }),
    };
    const api = createClient(server.url, { dialect, sessionId: 'sess-secret' });
    const { events, listener } = recorder();
    api.observe(listener);
    await api.get('/me');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sess-secret');
    expect(ofType(events, 'request')[0]!.headers).toEqual({
      Accept: 'application/json',
      Authorization: '[redacted]',
    });
  });

  it('a copy of the session under a header of its own, and in an answer that echoes it', async () => {
    const api = createClient(server.url, { sessionId: 'sess-secret' });
    api.use((request, next) =>
      next({ ...request, headers: { ...request.headers, 'X-Copy': 'sess-secret' } }),
    );
    const { events, listener } = recorder();
    api.observe(listener);
    await api.get('/me');
    expect(JSON.stringify(events)).not.toContain('sess-secret');
  });

  it("the caller's answer keeps its data", async () => {
    server.reply({ json: { success: true, data: { sessionId: 'sess-secret' } } });
    const api = createClient(server.url);
    api.observe(() => {});
    const res = await api.post('/auth/login', {});
    expect(res.data).toEqual({ sessionId: 'sess-secret' });
  });
});

describe('listeners', () => {
  it('a listener that throws breaks neither the call nor the other listeners; onError hears it', async () => {
    const onError = vi.fn();
    const api = createClient(server.url, { onError });
    api.observe(() => {
      throw new Error('listener broke');
    });
    const { events, listener } = recorder();
    api.observe(listener);
    const res = await api.get('/x');
    expect(res.success).toBe(true);
    expect(types(events)).toEqual(['request', 'attempt', 'response']);
    expect(onError).toHaveBeenCalledTimes(3);
    expect(onError.mock.calls[0]![0]).toMatchObject({ message: 'listener broke' });
  });

  it('stop: no event after it; stopping twice does nothing more', async () => {
    const api = createClient(server.url);
    const kept = recorder();
    const stopped = recorder();
    api.observe(kept.listener);
    const stop = api.observe(stopped.listener);
    await api.get('/one');
    stop();
    stop();
    await api.get('/two');
    expect(stopped.events).toHaveLength(3);
    expect(kept.events).toHaveLength(6);
  });

  it('the same function twice hears each event twice, and each stop removes one', async () => {
    const api = createClient(server.url);
    const { events, listener } = recorder();
    const stopFirst = api.observe(listener);
    api.observe(listener);
    await api.get('/x');
    expect(events).toHaveLength(6);
    stopFirst();
    await api.get('/y');
    expect(events).toHaveLength(9);
  });

  it('observe(listener) takes a function', () => {
    const api = createClient(server.url);
    expect(() => api.observe('log' as never)).toThrow(
      new TypeError('listener must be a function, got "log"'),
    );
  });

  it('clients do not hear each other', async () => {
    const a = createClient(server.url);
    const b = createClient(server.url);
    const { events, listener } = recorder();
    a.observe(listener);
    await b.get('/x');
    expect(events).toEqual([]);
  });
});

describe('nothing runs while nobody listens', () => {
  // Every event carries the time it happened: building one reads the clock. The client's own code
  // (not the runtime's fetch, which reads it too) reads it at no point of a call nobody observes,
  // retries included.
  function clientClockReads(): string[] {
    const reads: string[] = [];
    const now = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => {
      const stack = new Error().stack ?? '';
      if (stack.includes('/packages/core/src/')) reads.push(stack);
      return now();
    });
    return reads;
  }

  it('no event is built (the clock is never read) until someone listens', async () => {
    server.replies({ status: 502 }, { json: { ok: 1 } });
    const reads = clientClockReads();
    const api = createClient(server.url, { retryAttempts: 1, retryDelay: 1 });
    await api.post('/x', { a: 1 }, { headers: { 'Idempotency-Key': 'k' } });
    expect(server.count()).toBe(2);
    expect(reads).toEqual([]);
    const stop = api.observe(() => {});
    await api.get('/y');
    expect(reads.length).toBeGreaterThan(0);
    stop();
    reads.length = 0;
    await api.get('/z');
    expect(reads).toEqual([]);
  });
});

describe("modules' events", () => {
  it('reportEvent reaches the listeners with the time; nothing while nobody listens', () => {
    const api = createClient(server.url);
    expect(isObserved(api)).toBe(false);
    reportEvent(api, { type: 'cache', kind: 'invalidated', instance: 'default', key: '/x' });
    const { events, listener } = recorder();
    const stop = api.observe(listener);
    expect(isObserved(api)).toBe(true);
    reportEvent(api, { type: 'queue', kind: 'queued', key: 'k1', method: 'POST', url: '/x' });
    expect(events).toEqual([
      {
        type: 'queue',
        kind: 'queued',
        key: 'k1',
        method: 'POST',
        url: '/x',
        time: expect.any(Number),
      },
    ]);
    stop();
    expect(isObserved(api)).toBe(false);
  });

  it('an object that is no client has no stream', () => {
    expect(isObserved({})).toBe(false);
    expect(() => reportEvent({}, { type: 'auth', kind: 'signedOut' })).not.toThrow();
  });
});
