import {
  createClient,
  LocalStorageAdapter,
  MemoryStorage,
  SESSION_STORAGE_KEYS,
  type StorageAdapter,
} from '@bridgekit/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
const extra: TestServer[] = [];
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await Promise.all([server.close(), ...extra.splice(0).map((s) => s.close())]);
});

async function otherServer(...args: Parameters<typeof startTestServer>) {
  const s = await startTestServer(...args);
  extra.push(s);
  return s;
}

const sent = () => server.requests.at(-1)?.headers['x-session-id'];

describe('session sources and precedence', () => {
  it('sends nothing without a session (Node has no default storage)', async () => {
    const api = createClient(server.url);
    expect(api.getStorage()).toBeUndefined();
    await api.get('/s');
    expect(sent()).toBeUndefined();
    expect(await api.hasSession()).toBe(false);
    expect(await api.getSessionId()).toBeNull();
  });

  it('memory (config.sessionId) wins over getSessionId and storage', async () => {
    const getSessionId = vi.fn(async () => 'from-callback');
    const api = createClient(server.url, {
      sessionId: 'from-config',
      getSessionId,
      storage: new MemoryStorage({ client_session_id: 'from-storage' }),
    });
    await api.get('/s');
    expect(sent()).toBe('from-config');
    expect(getSessionId).not.toHaveBeenCalled();
  });

  it('getSessionId wins over storage and is asked on every request', async () => {
    let n = 0;
    const api = createClient(server.url, {
      getSessionId: () => `cb-${++n}`,
      storage: new MemoryStorage({ client_session_id: 'from-storage' }),
    });
    await api.get('/s');
    await api.get('/s');
    expect(server.requests.map((r) => r.headers['x-session-id'])).toEqual(['cb-1', 'cb-2']);
  });

  it('falls back to storage when getSessionId yields null', async () => {
    const api = createClient(server.url, {
      getSessionId: async () => null,
      storage: new MemoryStorage({ session_id: 'stored' }),
    });
    await api.get('/s');
    expect(sent()).toBe('stored');
  });

  it('reads storage keys in order: client_session_id, session_id, sessionId, then sessionKeys', async () => {
    expect(SESSION_STORAGE_KEYS).toEqual(['client_session_id', 'session_id', 'sessionId']);
    const cases: Array<[Record<string, string>, string]> = [
      [{ client_session_id: 'a', session_id: 'b', sessionId: 'c', token: 'd' }, 'a'],
      [{ session_id: 'b', sessionId: 'c', token: 'd' }, 'b'],
      [{ sessionId: 'c', token: 'd' }, 'c'],
      [{ token: 'd' }, 'd'],
    ];
    for (const [items, expected] of cases) {
      const api = createClient(server.url, {
        storage: new MemoryStorage(items),
        sessionKeys: ['token'],
      });
      await api.get('/s');
      expect(sent()).toBe(expected);
    }
  });

  it('treats an unreadable storage key as missing', async () => {
    const storage: StorageAdapter = {
      getItem: async (key) => {
        if (key === 'client_session_id') throw new Error('disk gone');
        return key === 'sessionId' ? 'third' : null;
      },
      setItem: async () => {},
      removeItem: async () => {},
    };
    await createClient(server.url, { storage }).get('/s');
    expect(sent()).toBe('third');
  });

  it('uses a custom session header name', async () => {
    await createClient(server.url, { sessionId: 'x', sessionHeader: 'Authorization-Session' }).get(
      '/s',
    );
    expect(server.requests[0]?.headers['authorization-session']).toBe('x');
    expect(sent()).toBeUndefined();
  });

  it('resolves CLIENT_ERROR when the app getSessionId throws', async () => {
    const onError = vi.fn();
    const res = await createClient(server.url, {
      getSessionId: () => {
        throw new Error('no auth');
      },
      onError,
    }).get('/s');
    expect(res).toMatchObject({ status: 0, code: 'CLIENT_ERROR', error: 'no auth' });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'no auth' }));
    expect(server.count()).toBe(0);
  });
});

describe('includeSession', () => {
  it('global false sends none; a request true overrides it', async () => {
    const api = createClient(server.url, { sessionId: 's', includeSession: false });
    await api.get('/s');
    expect(sent()).toBeUndefined();
    await api.get('/s', { includeSession: true });
    expect(sent()).toBe('s');
  });

  it('a request false overrides the global default', async () => {
    const api = createClient(server.url, { sessionId: 's' });
    await api.get('/s', { includeSession: false });
    expect(sent()).toBeUndefined();
    await api.get('/s');
    expect(sent()).toBe('s');
  });
});

describe('setSessionId, clearSession, hasSession', () => {
  it('setSessionId sets memory and writes client_session_id to storage', async () => {
    const storage = new MemoryStorage();
    const api = createClient(server.url, { storage });
    api.setSessionId('new');
    await api.get('/s');
    expect(sent()).toBe('new');
    expect(await storage.getItem('client_session_id')).toBe('new');
    expect(await api.hasSession()).toBe(true);
  });

  it('clearSession clears memory, config.sessionId and every known key; later requests carry none', async () => {
    const storage = new MemoryStorage({
      client_session_id: 'a',
      session_id: 'b',
      sessionId: 'c',
      token: 'd',
    });
    const api = createClient(server.url, { sessionId: 'cfg', storage, sessionKeys: ['token'] });
    api.clearSession();
    expect(await api.hasSession()).toBe(false);
    await api.get('/s');
    expect(sent()).toBeUndefined();
    for (const key of ['client_session_id', 'session_id', 'sessionId', 'token']) {
      expect(await storage.getItem(key)).toBeNull();
    }
  });

  it('clearSession still consults the app getSessionId', async () => {
    const api = createClient(server.url, { sessionId: 'cfg', getSessionId: () => 'app' });
    api.clearSession();
    expect(await api.getSessionId()).toBe('app');
  });

  it('swallows storage write failures (no unhandled rejection)', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const storage: StorageAdapter = {
        getItem: async () => null,
        setItem: () => Promise.reject(new Error('quota')),
        removeItem: () => {
          throw new Error('sync failure');
        },
      };
      const api = createClient(server.url, { storage });
      api.setSessionId('mem');
      api.clearSession();
      api.setSessionId('mem2');
      await api.get('/s');
      expect(sent()).toBe('mem2');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('setSessionId rejects invalid values with a TypeError naming sessionId', () => {
    const api = createClient(server.url);
    expect(() => api.setSessionId('')).toThrow(/sessionId/);
    expect(() => api.setSessionId(5 as unknown as string)).toThrow(TypeError);
    expect(() => api.setSessionId('a\r\nb')).toThrow(TypeError);
  });
});

describe('LocalStorageAdapter', () => {
  it('uses the Web Storage it is given', async () => {
    const map = new Map<string, string>();
    const adapter = new LocalStorageAdapter({
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    });
    await adapter.setItem('client_session_id', 'ls');
    await createClient(server.url, { storage: adapter }).get('/s');
    expect(sent()).toBe('ls');
    await adapter.removeItem('client_session_id');
    expect(await adapter.getItem('client_session_id')).toBeNull();
  });

  it('never throws when the storage does (private mode, quota, SSR)', async () => {
    const boom = () => {
      throw new Error('SecurityError');
    };
    const adapter = new LocalStorageAdapter({ getItem: boom, setItem: boom, removeItem: boom });
    await expect(adapter.getItem('k')).resolves.toBeNull();
    await expect(adapter.setItem('k', 'v')).resolves.toBeUndefined();
    await expect(adapter.removeItem('k')).resolves.toBeUndefined();
    // In Node there is no window: reads are null, writes are dropped.
    await expect(new LocalStorageAdapter().getItem('k')).resolves.toBeNull();
  });
});

describe('the session only goes to the origin of baseUrl', () => {
  it('an absolute endpoint on another origin gets no session header; same origin does', async () => {
    const other = await otherServer();
    const api = createClient(`${server.url}/api`, { sessionId: 'secret' });
    await api.get(`${other.url}/x`);
    expect(other.requests[0]?.headers['x-session-id']).toBeUndefined();
    await api.get(`${server.url}/elsewhere`);
    expect(sent()).toBe('secret');
  });

  it('a redirect to another origin drops the session, Authorization and the default headers', async () => {
    const other = await otherServer({ json: { landed: true } });
    server.reply({ status: 302, redirect: `${other.url}/landing` });
    const api = createClient(server.url, {
      sessionId: 'secret',
      headers: { Authorization: 'Bearer t', 'X-Api-Version': '2' },
    });
    const res = await api.get('/start');
    expect(res).toMatchObject({ success: true, data: { landed: true } });
    expect(server.requests[0]?.headers['x-session-id']).toBe('secret');
    const landed = other.requests[0]!;
    expect(landed.path).toBe('/landing');
    expect(landed.headers['x-session-id']).toBeUndefined();
    expect(landed.headers.authorization).toBeUndefined();
    expect(landed.headers['x-api-version']).toBeUndefined();
    expect(server.requests[0]?.headers['x-api-version']).toBe('2');
  });

  it('an absolute endpoint on another origin gets no default headers, only its own', async () => {
    const other = await otherServer({ json: { ok: true } });
    const api = createClient(server.url, {
      sessionId: 'secret',
      headers: { 'X-Api-Key': 'k-123', 'X-Tenant': 'acme' },
    });
    const res = await api.post(`${other.url}/hook`, { a: 1 }, { headers: { 'X-Trace': 't' } });
    expect(res.success).toBe(true);
    const seen = other.requests[0]!.headers;
    expect(seen['x-api-key']).toBeUndefined();
    expect(seen['x-tenant']).toBeUndefined();
    expect(seen['x-session-id']).toBeUndefined();
    expect(seen['x-trace']).toBe('t');
    expect(seen['content-type']).toBe('application/json');
    await api.get('/own');
    expect(server.requests[0]!.headers['x-api-key']).toBe('k-123');
  });

  it('a middleware that copies the session under another name does not take it to another origin', async () => {
    const other = await otherServer({ json: { ok: true } });
    const api = createClient(server.url, { sessionId: 'secret' });
    api.use((request, next) =>
      next({
        ...request,
        url: `${other.url}/hook`,
        headers: {
          ...request.headers,
          'X-Copy': request.headers['X-Session-ID']!,
          'X-Bearer': `Bearer ${request.headers['X-Session-ID']}`,
          'X-Trace': 't',
        },
      }),
    );
    expect((await api.get('/own')).success).toBe(true);
    const seen = other.requests[0]!.headers;
    // The session is known by its value: no header carrying it leaves, whatever its name.
    expect(seen['x-copy']).toBeUndefined();
    expect(seen['x-bearer']).toBeUndefined();
    expect(seen['x-session-id']).toBeUndefined();
    expect(seen['x-trace']).toBe('t');
  });

  it('a redirect to another origin drops a copy of the session under any name', async () => {
    const other = await otherServer({ json: { landed: true } });
    server.reply({ status: 307, redirect: `${other.url}/landing` });
    const api = createClient(server.url, { sessionId: 'secret' });
    api.use((request, next) =>
      next({
        ...request,
        headers: { ...request.headers, 'X-Copy': 'Token secret', 'X-Trace': 't' },
      }),
    );
    expect(await api.get('/start')).toMatchObject({ success: true, data: { landed: true } });
    expect(server.requests[0]!.headers['x-copy']).toBe('Token secret');
    const landed = other.requests[0]!.headers;
    expect(landed['x-copy']).toBeUndefined();
    expect(landed['x-session-id']).toBeUndefined();
    expect(landed['x-trace']).toBe('t');
  });

  it('a same-origin redirect keeps the session', async () => {
    server.replies({ status: 301, redirect: '/moved' }, { json: { ok: 1 } });
    const res = await createClient(server.url, { sessionId: 'secret' }).get('/old');
    expect(res.data).toEqual({ ok: 1 });
    expect(server.requests.map((r) => [r.path, r.headers['x-session-id']])).toEqual([
      ['/old', 'secret'],
      ['/moved', 'secret'],
    ]);
  });

  it('a redirect chain A -> B -> A does not regain the session', async () => {
    const other = await otherServer({ status: 307, redirect: `${server.url}/back` });
    server.replies({ status: 307, redirect: `${other.url}/hop` }, { json: { back: true } });
    const res = await createClient(server.url, { sessionId: 'secret' }).post(
      '/p',
      { a: 1 },
      {
        headers: { 'Idempotency-Key': 'k' },
      },
    );
    expect(res.data).toEqual({ back: true });
    expect(other.requests[0]?.headers['x-session-id']).toBeUndefined();
    expect(server.requests[1]?.headers['x-session-id']).toBeUndefined();
    // 307 keeps method and body
    expect(server.requests[1]?.method).toBe('POST');
    expect(server.requests[1]?.body).toBe('{"a":1}');
  });

  it('303 turns POST into GET without body; 301/302 turn POST into GET; 308 keeps it', async () => {
    const api = createClient(server.url);
    for (const status of [303, 302, 301]) {
      server.replies({ status, redirect: '/after' }, { json: {} });
      await api.post('/form', { a: 1 });
      const after = server.requests.at(-1)!;
      expect(after.method).toBe('GET');
      expect(after.body).toBe('');
      expect(after.headers['content-type']).toBeUndefined();
    }
    server.replies({ status: 308, redirect: '/after' }, { json: {} });
    await api.put('/form', { a: 2 });
    expect(server.requests.at(-1)).toMatchObject({ method: 'PUT', body: '{"a":2}' });
  });

  it('fails with NETWORK_ERROR after more than 20 redirects', async () => {
    server.reply((req) => ({ status: 302, redirect: `/loop${req.path.length}` }));
    const res = await createClient(server.url).get('/loop');
    expect(res).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(res.error).toMatch(/redirects/);
    expect(server.count()).toBe(21);
  });

  it('returns a 3xx without Location as a response', async () => {
    server.reply({ status: 304 });
    const res = await createClient(server.url).get('/cached');
    expect(res).toMatchObject({ success: false, status: 304 });
  });
});
