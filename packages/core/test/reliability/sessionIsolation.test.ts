/**
 * The session only ever goes to the origin of the base URL (docs/guide/auth.md, "The session never
 * leaves the origin of `baseUrl`"), checked on the other server: absolute endpoints, every redirect
 * status, chains that leave and come back, custom header names; `includeSession: false`;
 * `clearSession()`.
 */
import { createClient, MemoryStorage } from '@bridgekit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FaultServer, startFaultServer } from './faultServer';
import { failOnUnhandledRejections } from './noUnhandledRejections';

failOnUnhandledRejections();

let home: FaultServer;
let other: FaultServer;
beforeEach(async () => {
  [home, other] = await Promise.all([startFaultServer('ok'), startFaultServer('ok')]);
});
afterEach(() => Promise.all([home.close(), other.close()]));

const VERBS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Verb = (typeof VERBS)[number];

function call(api: ReturnType<typeof createClient>, verb: Verb, endpoint: string, options = {}) {
  switch (verb) {
    case 'GET':
      return api.get(endpoint, options);
    case 'DELETE':
      return api.delete(endpoint, options);
    case 'POST':
      return api.post(endpoint, { a: 1 }, options);
    case 'PUT':
      return api.put(endpoint, { a: 1 }, options);
    case 'PATCH':
      return api.patch(endpoint, { a: 1 }, options);
  }
}

const sessionHeaders = (server: FaultServer, name = 'x-session-id') =>
  server.requests.map((r) => r.headers[name]);

describe('absolute endpoints on another origin', () => {
  it.each(VERBS)('%s carries no session to the other origin, and does to its own', async (verb) => {
    const api = createClient(home.url, { sessionId: 'secret' });
    expect((await call(api, verb, `${other.url}/x`)).success).toBe(true);
    expect((await call(api, verb, `${home.url}/x`)).success).toBe(true);
    expect(sessionHeaders(other)).toEqual([undefined]);
    expect(sessionHeaders(home)).toEqual(['secret']);
  });

  it('treats another port and another host spelling as another origin', async () => {
    const api = createClient(home.url, { sessionId: 'secret' });
    // localhost is a different origin from 127.0.0.1 even on the same port.
    await api.get(`${home.origin.replace('127.0.0.1', 'localhost')}/api/x`);
    await api.get(`${other.url}/x`);
    expect(sessionHeaders(home)).toEqual([undefined]);
    expect(sessionHeaders(other)).toEqual([undefined]);
  });

  it('sends a session header the caller wrote on the request itself (request headers win)', async () => {
    // The caller's own header is their explicit intent, not the client's stored session.
    const api = createClient(home.url, { sessionId: 'secret' });
    await api.get(`${other.url}/x`, { headers: { 'X-Session-ID': 'explicit' } });
    expect(sessionHeaders(other)).toEqual(['explicit']);
  });

  it('uses a custom sessionHeader name and still keeps it home', async () => {
    const api = createClient(home.url, { sessionId: 's1', sessionHeader: 'X-Auth-Token' });
    await api.get('/x');
    await api.get(`${other.url}/x`);
    expect(sessionHeaders(home, 'x-auth-token')).toEqual(['s1']);
    expect(sessionHeaders(other, 'x-auth-token')).toEqual([undefined]);
  });

  it('does not send a session found in storage to another origin', async () => {
    const storage = new MemoryStorage();
    await storage.setItem('session_id', 'stored');
    const api = createClient(home.url, { storage });
    await api.get(`${other.url}/x`);
    await api.get('/x');
    expect(sessionHeaders(other)).toEqual([undefined]);
    expect(sessionHeaders(home)).toEqual(['stored']);
  });
});

describe('redirects to another origin', () => {
  const statuses = [301, 302, 303, 307, 308] as const;
  const cases = VERBS.flatMap((verb) => statuses.map((status) => [verb, status] as const));

  it.each(cases)('%s answered with %i: the other origin sees no session', async (verb, status) => {
    const redirecting = await startFaultServer('ok');
    try {
      const api = createClient(redirecting.url, {
        sessionId: 'secret',
        headers: { Authorization: 'Bearer t', Cookie: 'a=b' },
      });
      redirecting.setMode('redirect-cross-origin', {
        redirectTo: `${other.url}/landing`,
        redirectStatus: status,
      });
      const res = await call(api, verb, '/go');
      expect(res.success).toBe(true);
      expect(redirecting.requests[0]?.headers['x-session-id']).toBe('secret');
      expect(other.count()).toBe(1);
      const seen = other.requests[0]!;
      expect(seen.headers['x-session-id']).toBeUndefined();
      // Other credentials stay home too.
      expect(seen.headers.authorization).toBeUndefined();
      expect(seen.headers.cookie).toBeUndefined();
      // The fetch standard's method rules: 303 turns all but GET into GET, 301/302 turn POST.
      const becomesGet = status === 303 || ((status === 301 || status === 302) && verb === 'POST');
      expect(seen.method).toBe(becomesGet ? 'GET' : verb);
      expect(seen.body).toBe(becomesGet || verb === 'GET' || verb === 'DELETE' ? '' : '{"a":1}');
    } finally {
      await redirecting.close();
    }
  });

  it('drops the session for good once a chain has left the origin, even when it comes back', async () => {
    // home -> other -> home: the second visit home arrives without the session, because the
    // hop that brought it back was decided by the other origin.
    const bounce = await startFaultServer('redirect-cross-origin', {
      redirectTo: `${home.url}/back`,
    });
    try {
      const start = await startFaultServer('redirect-cross-origin', {
        redirectTo: `${bounce.url}/bounce`,
      });
      try {
        const api = createClient(start.url, { sessionId: 'secret' });
        const res = await api.get('/go');
        expect(res.success).toBe(true);
        expect(start.requests[0]?.headers['x-session-id']).toBe('secret');
        expect(sessionHeaders(bounce)).toEqual([undefined]);
        expect(sessionHeaders(home)).toEqual([undefined]);
      } finally {
        await start.close();
      }
    } finally {
      await bounce.close();
    }
  });

  it('keeps the session on a same-origin redirect', async () => {
    const api = createClient(home.url, { sessionId: 'secret' });
    home.setMode('redirect-cross-origin', { redirectTo: `${home.url}/landing` });
    let seen = 0;
    // The second request (the redirected one) is answered normally.
    home.onRequest(() => {
      if (++seen === 2) home.setMode('ok');
    });
    expect((await call(api, 'GET', '/go')).success).toBe(true);
    expect(sessionHeaders(home)).toEqual(['secret', 'secret']);
  });
});

describe('includeSession false', () => {
  it.each(VERBS)('%s with includeSession: false per request sends none', async (verb) => {
    const api = createClient(home.url, { sessionId: 'secret' });
    await call(api, verb, '/x', { includeSession: false });
    await call(api, verb, '/x');
    expect(sessionHeaders(home)).toEqual([undefined, 'secret']);
  });

  it('config includeSession false sends none; a request may opt back in', async () => {
    const storage = new MemoryStorage();
    await storage.setItem('client_session_id', 'stored');
    const api = createClient(home.url, {
      sessionId: 'secret',
      includeSession: false,
      getSessionId: () => 'callback',
      storage,
    });
    await api.get('/x');
    await api.post('/x', {});
    await api.get('/x', { includeSession: true });
    expect(sessionHeaders(home)).toEqual([undefined, undefined, 'secret']);
  });
});

describe('clearSession', () => {
  it('hasSession() is false at once and no later request carries the session', async () => {
    const storage = new MemoryStorage();
    await storage.setItem('sessionId', 'legacy');
    const api = createClient(home.url, { sessionId: 'configured', storage });
    api.setSessionId('fresh');
    await api.get('/x');
    api.clearSession();
    expect(await api.hasSession()).toBe(false);
    expect(await api.getSessionId()).toBeNull();
    await Promise.all(VERBS.map((verb) => call(api, verb, '/x')));
    expect(sessionHeaders(home)).toEqual(['fresh', ...VERBS.map(() => undefined)]);
    // Every known storage key is gone, so a new client on the same storage has none either.
    expect(await createClient(home.url, { storage }).hasSession()).toBe(false);
  });

  it('a request started right after clearSession() carries nothing, even with storage writes pending', async () => {
    const slow = new MemoryStorage();
    const api = createClient(home.url, { storage: slow });
    api.setSessionId('abc');
    api.clearSession();
    const res = await api.get('/x');
    expect(res.success).toBe(true);
    expect(sessionHeaders(home)).toEqual([undefined]);
  });
});
