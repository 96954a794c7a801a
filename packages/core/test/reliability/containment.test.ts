/**
 * Interceptors, callbacks, session sources, storage and fetch that throw, reject or return
 * garbage are contained: the call resolves, `onError` is told, and a broken request step
 * sends nothing.
 */
import { type ApiResponse, createClient, type StorageAdapter } from '@bridgekit/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FaultServer, startFaultServer } from './faultServer';
import { failOnUnhandledRejections } from './noUnhandledRejections';

failOnUnhandledRejections();

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer('ok');
});
afterAll(() => server.close());
beforeEach(() => server.reset());

/** Ways a hook can misbehave: throw, reject, or hand back something that is not expected. */
const GARBAGE: Array<[string, () => unknown]> = [
  [
    'throws an Error',
    () => {
      throw new Error('hook exploded');
    },
  ],
  [
    'throws a string',
    () => {
      throw 'plain string';
    },
  ],
  [
    'throws undefined',
    () => {
      throw undefined;
    },
  ],
  ['rejects', () => Promise.reject(new Error('hook rejected'))],
  ['returns null', () => null],
  ['returns 42', () => 42],
  ['returns a string', () => 'config?'],
  ['returns an empty object', () => ({})],
  ['returns a promise of garbage', () => Promise.resolve(7)],
];
const THROWS = new Set(['throws an Error', 'throws a string', 'throws undefined', 'rejects']);

function setup(extra: Parameters<typeof createClient>[1] = {}) {
  const errors: Error[] = [];
  const api = createClient(server.url, { timeout: 2000, onError: (e) => errors.push(e), ...extra });
  return { api, errors };
}

describe('request interceptors', () => {
  it.each(GARBAGE)(
    'one that %s resolves CLIENT_ERROR, tells onError, sends nothing',
    async (_, bad) => {
      const { api, errors } = setup();
      api.addRequestInterceptor(bad as never);
      const res = await api.post('/x', { a: 1 });
      expect(res).toMatchObject({ success: false, status: 0, code: 'CLIENT_ERROR' });
      expect(typeof res.error).toBe('string');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toBeInstanceOf(Error);
      expect(server.count()).toBe(0);
    },
  );

  it('returning undefined keeps the request as it was', async () => {
    const { api, errors } = setup();
    api.addRequestInterceptor(() => undefined as never);
    expect((await api.get('/x')).success).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a RequestConfig with a bad method, url or CR/LF header is a CLIENT_ERROR', async () => {
    const { api, errors } = setup();
    const edits: Array<(c: Record<string, unknown>) => Record<string, unknown>> = [
      (c) => ({ ...c, method: 'TRACE' }),
      (c) => ({ ...c, url: 'not a url' }),
      (c) => ({ ...c, url: 'file:///etc/passwd' }),
      (c) => ({ ...c, headers: { 'X-A': 'a\r\nX-Injected: 1' } }),
      (c) => ({ ...c, headers: null }),
      (c) => ({ ...c, timeout: Number.NaN }),
    ];
    for (const edit of edits) {
      const remove = api.addRequestInterceptor(edit as never);
      expect((await api.get('/x')).code).toBe('CLIENT_ERROR');
      remove();
    }
    expect(errors).toHaveLength(edits.length);
    expect(server.count()).toBe(0);
  });

  it('a removed interceptor that would throw no longer runs', async () => {
    const { api, errors } = setup();
    const remove = api.addRequestInterceptor(() => {
      throw new Error('x');
    });
    remove();
    remove(); // removing twice is harmless
    expect((await api.get('/x')).success).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('response interceptors', () => {
  it.each(GARBAGE)(
    'one that %s keeps the response; onError told when it is not an ApiResponse',
    async (name, bad) => {
      const { api, errors } = setup();
      const seen: ApiResponse[] = [];
      api.addResponseInterceptor(bad as never);
      api.addResponseInterceptor((res) => {
        seen.push(res);
        return res;
      });
      const res = await api.get('/x');
      expect(res).toMatchObject({ success: true, status: 200, data: { method: 'GET' } });
      // The next interceptor still ran, on the unchanged response.
      expect(seen).toEqual([res]);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toBeInstanceOf(Error);
      if (!THROWS.has(name)) expect(errors[0]).toBeInstanceOf(TypeError);
    },
  );

  it('they also see status-0 outcomes, and their failures there are contained', async () => {
    const { api, errors } = setup({ retryAttempts: 0 });
    api.addResponseInterceptor(() => {
      throw new Error('while failing');
    });
    server.setMode('reset-before-headers');
    const res = await api.get('/x');
    server.setMode('ok');
    expect(res.code).toBe('NETWORK_ERROR');
    // one for the network error, one for the interceptor
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^Network error/),
      'while failing',
    ]);
  });
});

describe('callbacks', () => {
  it.each(GARBAGE)('onRequest that %s: CLIENT_ERROR only when it throws', async (name, bad) => {
    const { api, errors } = setup({ onRequest: bad as never });
    const res = await api.get('/x');
    if (THROWS.has(name)) {
      expect(res.code).toBe('CLIENT_ERROR');
      expect(errors).toHaveLength(1);
      expect(server.count()).toBe(0);
    } else {
      // onRequest's return value is ignored.
      expect(res.success).toBe(true);
      expect(errors).toEqual([]);
    }
  });

  it.each(GARBAGE)('onResponse that %s keeps the response', async (name, bad) => {
    const { api, errors } = setup({ onResponse: bad as never });
    const res = await api.get('/x');
    expect(res.success).toBe(true);
    expect(errors).toHaveLength(THROWS.has(name) ? 1 : 0);
  });

  it.each(GARBAGE)('onError that %s never breaks the call', async (_, bad) => {
    const api = createClient(server.url, {
      onError: bad as never,
      onResponse: () => {
        throw new Error('report me');
      },
    });
    api.addRequestInterceptor(() => {
      throw new Error('first');
    });
    expect((await api.get('/x')).code).toBe('CLIENT_ERROR');
  });

  it('an onSessionRejected listener that throws is reported; the 401 is kept, others still run', async () => {
    const { api, errors } = setup({ sessionId: 's' });
    const calls: number[] = [];
    api.onSessionRejected(() => {
      throw new Error('listener exploded');
    });
    api.onSessionRejected((res) => {
      calls.push(res.status);
    });
    server.setMode('unauthorized');
    const res = await api.get('/x');
    server.setMode('ok');
    expect(res).toMatchObject({ success: false, status: 401, code: 'UNAUTHORIZED' });
    expect(calls).toEqual([401]);
    expect(errors.map((e) => e.message)).toEqual(['listener exploded']);
  });
});

describe('session sources, storage and fetch', () => {
  it.each(GARBAGE)(
    'getSessionId that %s: resolves; CLIENT_ERROR only when it throws',
    async (name, bad) => {
      const { api, errors } = setup({ getSessionId: bad as never });
      const res = await api.get('/x');
      if (THROWS.has(name)) {
        expect(res.code).toBe('CLIENT_ERROR');
        expect(errors).toHaveLength(1);
      } else {
        expect(res.success).toBe(true);
        // A string is a session; anything else is none.
        expect(server.requests[0]?.headers['x-session-id']).toBe(
          name === 'returns a string' ? 'config?' : undefined,
        );
      }
    },
  );

  it('a storage whose every method throws or rejects is treated as empty', async () => {
    const broken: StorageAdapter = {
      getItem: () => {
        throw new Error('read failed');
      },
      setItem: () => Promise.reject(new Error('write failed')),
      removeItem: () => {
        throw new Error('remove failed');
      },
    };
    const { api, errors } = setup({ storage: broken });
    expect(await api.hasSession()).toBe(false);
    api.setSessionId('mem');
    expect((await api.get('/x')).success).toBe(true);
    api.clearSession();
    expect((await api.get('/x')).success).toBe(true);
    expect(server.requests.map((r) => r.headers['x-session-id'])).toEqual(['mem', undefined]);
    expect(errors).toEqual([]);
  });

  it('a storage returning garbage yields no session', async () => {
    const odd = {
      getItem: async () => 42 as never,
      setItem: async () => {},
      removeItem: async () => {},
    };
    const { api } = setup({ storage: odd });
    expect(await api.hasSession()).toBe(false);
    await api.get('/x');
    expect(server.requests[0]?.headers['x-session-id']).toBeUndefined();
  });

  it.each([
    [
      'throws',
      () => {
        throw new Error('fetch exploded');
      },
    ],
    ['rejects', () => Promise.reject(new TypeError('fetch failed'))],
    ['returns garbage', () => Promise.resolve(42)],
    ['returns undefined', () => undefined],
  ])('a fetch that %s resolves NETWORK_ERROR and tells onError', async (_, bad) => {
    const { api, errors } = setup({ fetch: bad as never, retryAttempts: 2, retryDelay: 1 });
    const res = await api.get('/x');
    expect(res).toMatchObject({ success: false, status: 0, code: 'NETWORK_ERROR' });
    expect(errors).toHaveLength(1);
  });
});
