/**
 * The origin guard runs last, after every middleware and at every redirect hop: the session,
 * the default headers, cookie-mode credentials and a secret body (the refresh token) reach
 * the base URL's origin only. Two real loopback servers on two ports: two origins.
 */
import { type Client, createAuthService, createClient, MemoryStorage } from '@bridgekit/core';
import { cookieSession, createAuthLifecycle } from '@bridgekit/core/auth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';

let home: TestServer;
let other: TestServer;
beforeEach(async () => {
  [home, other] = await Promise.all([startTestServer(), startTestServer()]);
});
afterEach(() => Promise.all([home.close(), other.close()]));

const withSession = () =>
  createClient(home.url, { sessionId: 'secret', headers: { 'X-Api-Key': 'k' } });

function expectNothingOfHome(server: TestServer) {
  expect(server.count()).toBe(1);
  const seen = server.requests[0]!.headers;
  expect(seen['x-session-id']).toBeUndefined();
  expect(seen['x-api-key']).toBeUndefined();
}

describe('a step that points the request at another origin', () => {
  it('a request interceptor changing the url in place: no session, no defaults there', async () => {
    const api = withSession();
    api.addRequestInterceptor((c) => {
      c.url = `${other.url}/x`;
      return c;
    });
    await api.get('/x');
    expectNothingOfHome(other);
  });

  it('onRequest changing the url in place: no session, no defaults there', async () => {
    const api = createClient(home.url, {
      sessionId: 'secret',
      headers: { 'X-Api-Key': 'k' },
      onRequest: (c) => {
        c.url = `${other.url}/x`;
      },
    });
    await api.get('/x');
    expectNothingOfHome(other);
  });

  it('a use() middleware, in place or with a copy: no session, no defaults there', async () => {
    const api = withSession();
    const remove = api.use((request, next) => {
      request.url = `${other.url}/x`;
      return next(request);
    });
    await api.get('/x');
    expectNothingOfHome(other);
    remove();
    api.use((request, next) => next({ ...request, url: `${other.url}/y` }));
    await api.get('/y');
    expect(other.requests[1]!.headers['x-session-id']).toBeUndefined();
    expect(other.requests[1]!.headers['x-api-key']).toBeUndefined();
  });

  it('cookie session: credentials go to the base origin only', async () => {
    const inits: RequestInit[] = [];
    const spy: typeof fetch = (input, init) => {
      inits.push(init!);
      return fetch(input, init);
    };
    const api = createClient(home.url, { session: cookieSession(), fetch: spy });
    api.addRequestInterceptor((c) => {
      if (c.url.endsWith('/away')) c.url = `${other.url}/x`;
      return c;
    });
    await api.get('/here');
    await api.get('/away');
    expect(inits.map((i) => i.credentials)).toEqual(['include', undefined]);
  });
});

describe('a secret body (the refresh token)', () => {
  async function lifecycle() {
    const storage = new MemoryStorage({
      client_session_id: 'old',
      bridgekit_refresh_token: 'refresh-secret',
    });
    const client: Client = createClient(home.url, { storage });
    const auth = createAuthService(client);
    await auth.ready;
    return { client, account: createAuthLifecycle(auth) };
  }
  const bodies = (server: TestServer) => server.requests.map((r) => r.body).join('\n');

  it('a request interceptor cannot send it to another origin', async () => {
    const { client, account } = await lifecycle();
    client.addRequestInterceptor((c) => {
      c.url = c.url.replace(home.url, other.url);
      return c;
    });
    expect(await account.refreshSession()).toBe(false);
    expect(other.count()).toBe(0);
  });

  it('a use() middleware cannot either, even with a copy that drops the mark', async () => {
    const { client, account } = await lifecycle();
    client.use((request, next) =>
      next({
        method: request.method,
        url: request.url.replace(home.url, other.url),
        headers: request.headers,
        body: request.body,
      }),
    );
    expect(await account.refreshSession()).toBe(false);
    expect(other.count()).toBe(0);
  });

  it.each([307, 308])('a %i redirect to another origin does not carry it there', async (status) => {
    const { account } = await lifecycle();
    home.reply({ status, redirect: `${other.url}/auth/refresh` });
    expect(await account.refreshSession()).toBe(false);
    expect(bodies(other)).not.toContain('refresh-secret');
    expect(other.count()).toBe(0);
  });

  it('a secret request to another origin resolves CLIENT_ERROR and sends nothing', async () => {
    const api = createClient(home.url);
    const res = await api.post(`${other.url}/x`, { token: 't' }, { secret: true });
    expect(res).toMatchObject({ success: false, status: 0, code: 'CLIENT_ERROR' });
    expect(other.count()).toBe(0);
  });

  it('still reaches its own origin', async () => {
    const api = createClient(home.url);
    home.reply({ status: 307, redirect: `${home.url}/y` });
    home.replies({ status: 307, redirect: `${home.url}/y` }, { json: { success: true } });
    const res = await api.post('/x', { token: 't' }, { secret: true });
    expect(res.success).toBe(true);
    expect(home.requests.map((r) => r.body)).toEqual(['{"token":"t"}', '{"token":"t"}']);
  });
});
