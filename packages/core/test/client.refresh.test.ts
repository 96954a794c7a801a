// Refresh-and-replay as a middleware (`sessionRefresh`, which the auth lifecycle registers with
// `use()`): a 401 to a request that carried the session asks the refresher once and replays the
// request with the new session.
import { type Client, createClient } from '@bridgekit/core';
import { sessionRefresh } from '@bridgekit/core/auth';
import { dialectTransport } from '@bridgekit/core/dialects';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
let valid: string;
beforeEach(async () => {
  valid = 'new';
  // Only the current session is accepted; anything else is a 401.
  server = await startTestServer((req) =>
    req.headers['x-session-id'] === valid
      ? { json: { success: true, data: { path: req.path, body: req.body } } }
      : { status: 401, json: { success: false, error: 'Session expired', code: 'UNAUTHORIZED' } },
  );
});
afterEach(() => server.close());

const onRefresh = (api: Client, refresher: () => Promise<boolean>) =>
  api.use(sessionRefresh(refresher, () => api.getSessionId()));

describe('sessionRefresh', () => {
  it('replays a request once with the session the refresher set', async () => {
    const api = createClient(server.url, { sessionId: 'old' });
    let calls = 0;
    onRefresh(api, async () => {
      calls++;
      api.setSessionId('new');
      return true;
    });
    const res = await api.post('/items', { name: 'Pen' });
    expect(res.success).toBe(true);
    expect(res.data).toEqual({ path: '/items', body: '{"name":"Pen"}' });
    expect(calls).toBe(1);
    expect(server.requests.map((r) => r.headers['x-session-id'])).toEqual(['old', 'new']);
  });

  it('reports the 401 (and the session rejection) when the refresher resolves false', async () => {
    const api = createClient(server.url, { sessionId: 'old' });
    let rejected = 0;
    api.onSessionRejected(() => rejected++);
    onRefresh(api, async () => false);
    const res = await api.get('/items');
    expect(res.status).toBe(401);
    expect(rejected).toBe(1);
    expect(server.count()).toBe(1);
  });

  it('replays only once: a 401 to the replay is final', async () => {
    const api = createClient(server.url, { sessionId: 'old' });
    let calls = 0;
    onRefresh(api, async () => {
      calls++;
      api.setSessionId('still-wrong');
      return true;
    });
    const res = await api.get('/items');
    expect(res.status).toBe(401);
    expect(calls).toBe(1);
    expect(server.count()).toBe(2);
  });

  it('is not asked for a 401 to a request without the session', async () => {
    const api = createClient(server.url);
    let calls = 0;
    onRefresh(api, async () => {
      calls++;
      return true;
    });
    expect((await api.get('/items')).status).toBe(401);
    expect(calls).toBe(0);
  });

  it('replays without asking when the session changed while the request was out', async () => {
    const api = createClient(server.url, { sessionId: 'old' });
    let calls = 0;
    onRefresh(api, async () => {
      calls++;
      return false;
    });
    // The server answers the first request only after the session has been replaced.
    server.replies(
      async (req) => {
        api.setSessionId('new');
        return {
          status: 401,
          json: { success: false, error: `no ${req.headers['x-session-id']}` },
        };
      },
      (req) => ({ json: { success: true, data: req.headers['x-session-id'] } }),
    );
    const res = await api.get('/items');
    expect(res.success && res.data).toBe('new');
    expect(calls).toBe(0);
  });

  it('a throwing refresher counts as false and is reported to onError', async () => {
    const errors: Error[] = [];
    const api = createClient(server.url, { sessionId: 'old', onError: (e) => errors.push(e) });
    const remove = onRefresh(api, async () => {
      throw new Error('refresh broke');
    });
    expect((await api.get('/items')).status).toBe(401);
    expect(errors.map((e) => e.message)).toEqual(['refresh broke']);
    remove();
    expect((await api.get('/items')).status).toBe(401);
    expect(errors).toHaveLength(1);
  });
});

describe('sessionRefresh with the session under another header', () => {
  let bearer: TestServer;
  beforeEach(async () => {
    bearer = await startTestServer((req) =>
      req.headers.authorization === `Bearer ${valid}` || req.headers['x-auth'] === `Token ${valid}`
        ? { json: { ok: req.path } }
        : { status: 401, json: { message: 'expired' } },
    );
  });
  afterEach(() => bearer.close());

  const refreshTo = (api: Client) =>
    onRefresh(api, async () => {
      api.setSessionId('new');
      return true;
    });

  it("a dialect's Authorization: Bearer is re-signed on the replay", async () => {
    const dialect = {
      name: 'bearer',
      transport: dialectTransport({ session: { header: 'Authorization', scheme: 'Bearer' } }),
    };
    const api = createClient(bearer.url, { dialect, sessionId: 'old' });
    refreshTo(api);
    expect(await api.get('/items')).toMatchObject({ success: true, data: { ok: '/items' } });
    expect(bearer.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer old',
      'Bearer new',
    ]);
  });

  it("a use() middleware's own header is a session too: its 401 refreshes, its replay is re-signed", async () => {
    const api = createClient(bearer.url, { sessionId: 'old' });
    refreshTo(api);
    api.use((request, next) => {
      const { 'X-Session-ID': id, ...headers } = request.headers;
      return next({ ...request, headers: { ...headers, 'X-Auth': `Token ${id}` } });
    });
    expect(await api.get('/items')).toMatchObject({ success: true });
    expect(bearer.requests.map((r) => r.headers['x-auth'])).toEqual(['Token old', 'Token new']);
  });
});
