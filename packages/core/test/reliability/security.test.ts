/**
 * Client-side security checks, against a real loopback server.
 */
import { createClient } from '@bridgekit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

describe('header values the platform cannot send (item 7)', () => {
  const bad = ['a\r\nX-Injected: 1', 'a\nb', 'nul\0', 'bell\u0007', 'del\u007f', 'snow☃'];

  it.each(bad)(
    'a request header %j is CLIENT_ERROR naming the header, never sent nor retried',
    async (value) => {
      const api = createClient(server.url, { retryAttempts: 3, retryDelay: 1 });
      const res = await api.get('/x', { headers: { 'X-Trace': value } });
      expect(res).toMatchObject({ success: false, status: 0, code: 'CLIENT_ERROR' });
      expect(res.error).toContain('X-Trace');
      expect(server.count()).toBe(0);
    },
  );

  it.each(bad)('setHeader and setSessionId throw a TypeError at once for %j', (value) => {
    const api = createClient(server.url);
    expect(() => api.setHeader('X-A', value)).toThrow(TypeError);
    expect(() => api.setSessionId(value)).toThrow(TypeError);
    expect(() => createClient(server.url, { sessionId: value })).toThrow(/config\.sessionId/);
  });

  it('a stored session the platform cannot send is CLIENT_ERROR, not a retried NETWORK_ERROR', async () => {
    const storage = {
      getItem: async () => 'sess\r\nX-Evil: 1',
      setItem: async () => {},
      removeItem: async () => {},
    };
    const api = createClient(server.url, { storage, retryAttempts: 3, retryDelay: 1 });
    const res = await api.get('/x');
    expect(res).toMatchObject({ success: false, code: 'CLIENT_ERROR' });
    expect(res.error).toContain('X-Session-ID');
    expect(server.count()).toBe(0);
  });

  it('a tab inside a value and Latin-1 text are sendable', async () => {
    const api = createClient(server.url);
    const res = await api.get('/x', { headers: { 'X-A': 'a\tb', 'X-B': 'café' } });
    expect(res.success).toBe(true);
    expect(server.requests[0]!.headers['x-a']).toBe('a\tb');
  });
});

describe('a deeply nested error body (item 9)', () => {
  it('keeps the server answer (status, success: false) and is not retried', async () => {
    let deep = '1';
    for (let i = 0; i < 10_000; i++) deep = `{"a":${deep}}`;
    server.reply((_req, res) => {
      res.writeHead(422, { 'Content-Type': 'application/json' });
      res.end(`{"success":false,"error":"invalid","errors":{"name":${deep}}}`);
      return undefined;
    });
    const api = createClient(server.url, { retryAttempts: 3, retryDelay: 1 });
    const res = await api.put('/x', { a: 1 });
    expect(res).toMatchObject({ success: false, status: 422, error: 'invalid' });
    expect(typeof res.errors?.name).toBe('string');
    expect(server.count()).toBe(1);
  });
});

// Node parses request headers into an object with a prototype (a `__proto__` header is lost
// there), so the raw header lines are read instead.
let raw: string[][] = [];
const own = (index: number, name: string) => {
  const lines = raw[index]!;
  for (let i = 0; i < lines.length; i += 2) {
    if (lines[i]!.toLowerCase() === name) return lines[i + 1];
  }
  return undefined;
};
const recordRaw = () => {
  raw = [];
  server.reply((_req, res) => {
    raw.push(res.req.rawHeaders);
    return { json: {} };
  });
};

describe('default headers have no prototype (item 10)', () => {
  it.each(['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty'])(
    '%s is set, replaced case-insensitively, sent and removed like any name',
    async (name) => {
      recordRaw();
      const api = createClient(server.url);
      api.setHeader(name, 'one');
      api.setHeader(name.toUpperCase(), 'two');
      await api.get('/a');
      expect(own(0, name.toLowerCase())).toBe('two');
      const shown = api.getConfig().headers!;
      expect(Object.keys(shown)).toEqual([name.toUpperCase()]);
      api.removeHeader(name);
      await api.get('/b');
      expect(own(1, name.toLowerCase())).toBeUndefined();
      expect(Object.keys(api.getConfig().headers!)).toEqual([]);
    },
  );

  it('a polluted Object.prototype adds no header to any request', async () => {
    const api = createClient(server.url, { headers: { 'X-A': '1' } });
    const proto = Object.prototype as Record<string, unknown>;
    proto['X-Polluted'] = 'evil';
    try {
      api.setHeader('X-B', '2');
      await api.get('/a', { headers: { 'X-C': '3' } });
      api.addRequestInterceptor((c) => ({ ...c, headers: { ...c.headers, 'X-D': '4' } }));
      await api.post('/b', { a: 1 });
    } finally {
      delete proto['X-Polluted'];
    }
    for (const req of server.requests) expect(req.headers['x-polluted']).toBeUndefined();
    expect(server.requests[1]!.headers['x-d']).toBe('4');
  });
});

describe('a caller signal shared by many calls (item 11)', () => {
  it('1 000 concurrent calls on one signal emit no warning and leave no listener', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const controller = new AbortController();
    let added = 0;
    let removed = 0;
    const { addEventListener, removeEventListener } = controller.signal;
    controller.signal.addEventListener = function (
      ...args: Parameters<AbortSignal['addEventListener']>
    ) {
      added++;
      return addEventListener.apply(this, args);
    };
    controller.signal.removeEventListener = function (
      ...args: Parameters<AbortSignal['removeEventListener']>
    ) {
      removed++;
      return removeEventListener.apply(this, args);
    };
    try {
      for (const timeout of [5000, 0]) {
        const api = createClient(server.url, { timeout, retryAttempts: 1, retryDelay: 1 });
        const results = await Promise.all(
          Array.from({ length: 1000 }, (_, i) => api.get(`/r${i}`, { signal: controller.signal })),
        );
        expect(results.every((r) => r.success)).toBe(true);
      }
      // Let any deferred warning surface.
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
    expect(added).toBeLessThanOrEqual(2);
    expect(removed).toBe(added);
    // Still abortable after all that.
    server.reply({ hang: true });
    const pending = createClient(server.url).get('/hang', { signal: controller.signal });
    controller.abort();
    expect((await pending).code).toBe('ABORTED');
  }, 60_000);
});
