import { createClient } from '@bridgekit/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, parseRetryAfter } from '../src/client/retry';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const ok = { json: { success: true, data: 'ok' } };

describe('retries', () => {
  it('does not retry by default (retryAttempts 0)', async () => {
    server.reply({ status: 503 });
    const res = await createClient(server.url).get('/r');
    expect(res.status).toBe(503);
    expect(server.count()).toBe(1);
  });

  it.each([408, 425, 429, 500, 502, 503, 504])(
    'retries GET on %i until success',
    async (status) => {
      server.replies({ status }, { status }, ok);
      const res = await createClient(server.url, { retryAttempts: 3, retryDelay: 1 }).get('/r');
      expect(res).toMatchObject({ success: true, data: 'ok' });
      expect(server.count()).toBe(3);
    },
  );

  it('stops after retryAttempts extra tries and returns the last response', async () => {
    server.reply({ status: 500, json: { success: false, error: 'down' } });
    const res = await createClient(server.url, { retryAttempts: 2, retryDelay: 1 }).put('/r', {});
    expect(res).toMatchObject({ status: 500, error: 'down' });
    expect(server.count()).toBe(3);
  });

  it.each([400, 401, 403, 404, 409, 422, 501])('does not retry %i', async (status) => {
    server.reply({ status });
    await createClient(server.url, { retryAttempts: 3, retryDelay: 1 }).delete('/r');
    expect(server.count()).toBe(1);
  });

  it('retries network errors (connection reset) for DELETE', async () => {
    server.replies({ reset: true }, ok);
    const res = await createClient(server.url, { retryAttempts: 1, retryDelay: 1 }).delete('/r');
    expect(res.success).toBe(true);
    expect(server.count()).toBe(2);
  });

  it('never retries POST or PATCH without an Idempotency-Key', async () => {
    const api = createClient(server.url, { retryAttempts: 3, retryDelay: 1 });
    server.reply({ status: 503 });
    expect((await api.post('/r', { a: 1 })).status).toBe(503);
    server.reply({ reset: true });
    expect((await api.patch('/r', { a: 1 })).code).toBe('NETWORK_ERROR');
    expect(server.count()).toBe(2);
  });

  it('retries POST and PATCH with an Idempotency-Key (any spelling)', async () => {
    const api = createClient(server.url, { retryAttempts: 2, retryDelay: 1 });
    server.replies({ status: 503 }, ok);
    const res = await api.post('/r', { a: 1 }, { headers: { 'Idempotency-Key': 'k1' } });
    expect(res.success).toBe(true);
    server.replies({ status: 502 }, ok);
    await api.patch('/r', { a: 1 }, { headers: { 'idempotency-key': 'k2' } });
    expect(server.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      'k1',
      'k1',
      'k2',
      'k2',
    ]);
    expect(server.requests.every((r) => r.body === '{"a":1}')).toBe(true);
  });

  it('calls interceptors and callbacks once per call, not per retry', async () => {
    server.replies({ status: 503 }, { status: 503 }, ok);
    const onRequest = vi.fn();
    const onResponse = vi.fn();
    const api = createClient(server.url, {
      retryAttempts: 2,
      retryDelay: 1,
      onRequest,
      onResponse,
    });
    const interceptor = vi.fn((c) => c);
    api.addRequestInterceptor(interceptor);
    await api.get('/r');
    expect(server.count()).toBe(3);
    expect([interceptor, onRequest, onResponse].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
  });
});

describe('Retry-After', () => {
  it('waits the given seconds instead of the backoff', async () => {
    server.replies({ status: 429, headers: { 'Retry-After': '1' } }, ok);
    const started = Date.now();
    const res = await createClient(server.url, { retryAttempts: 1, retryDelay: 5000 }).get('/r');
    const elapsed = Date.now() - started;
    expect(res.success).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(2500);
  });

  it('accepts an HTTP date', async () => {
    // HTTP dates have whole seconds: a date 2 s ahead means a wait of 1-2 s.
    const when = new Date(Date.now() + 2000).toUTCString();
    server.replies({ status: 503, headers: { 'Retry-After': when } }, ok);
    const started = Date.now();
    const res = await createClient(server.url, { retryAttempts: 1, retryDelay: 5000 }).get('/r');
    expect(res.success).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(server.count()).toBe(2);
  });

  it('returns the response without retrying when Retry-After is over 30 s', async () => {
    server.reply({
      status: 503,
      headers: { 'Retry-After': '31' },
      json: { success: false, error: 'later' },
    });
    const started = Date.now();
    const res = await createClient(server.url, { retryAttempts: 3, retryDelay: 1 }).get('/r');
    expect(res).toMatchObject({ status: 503, error: 'later' });
    expect(server.count()).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('parses seconds, dates and garbage', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Mon, 31 Dec 2029 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('backs off with full jitter below min(10 s, base * 2^n)', () => {
    for (let n = 0; n < 8; n++) {
      const d = backoffDelay(n, 300);
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThan(Math.min(10_000, 300 * 2 ** n));
    }
    expect(backoffDelay(30, 300)).toBeLessThan(10_000);
  });
});

describe('time-outs', () => {
  it('times out per the client setting with TIMEOUT and tells onError', async () => {
    server.reply({ hang: true });
    const onError = vi.fn();
    const started = Date.now();
    const res = await createClient(server.url, { timeout: 100, onError }).get('/slow');
    const elapsed = Date.now() - started;
    expect(res).toMatchObject({ success: false, status: 0, code: 'TIMEOUT' });
    expect(res.error).toMatch(/100 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(95);
    expect(elapsed).toBeLessThan(600);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toBeInstanceOf(Error);
    expect(onError.mock.calls[0]![0].name).toBe('TimeoutError');
  });

  it('a request timeout overrides the client one; 0 disables it', async () => {
    server.reply({ delay: 150, json: { late: true } });
    const api = createClient(server.url, { timeout: 50 });
    expect((await api.get('/slow')).code).toBe('TIMEOUT');
    expect((await api.get('/slow', { timeout: 0 })).data).toEqual({ late: true });
    expect((await api.get('/slow', { timeout: 1000 })).data).toEqual({ late: true });
    const strict = createClient(server.url);
    expect((await strict.get('/slow', { timeout: 30 })).code).toBe('TIMEOUT');
  });

  it('covers a slow body, and time-outs are retried per attempt', async () => {
    server.replies({ delay: 200, json: {} }, ok);
    const res = await createClient(server.url, {
      timeout: 80,
      retryAttempts: 1,
      retryDelay: 1,
    }).get('/r');
    expect(res.success).toBe(true);
    expect(server.count()).toBe(2);
  });

  it('counts the time to read a slow body', async () => {
    server.reply((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"a":');
      setTimeout(() => res.end('1}'), 300);
      return undefined;
    });
    const res = await createClient(server.url, { timeout: 100 }).get('/r');
    expect(res).toMatchObject({ status: 0, code: 'TIMEOUT' });
    const patient = await createClient(server.url, { timeout: 1000 }).get('/r');
    expect(patient.data).toEqual({ a: 1 });
  });

  it('calls started together share a time-out signal: each still times out, one finishing does not end another', async () => {
    // Half the calls answer at once, half hang: the answered ones finishing must not take the
    // time-out away from the hanging ones, and nothing times out before its 500 ms (long enough
    // for the answered ones on a loaded machine).
    server.reply((req) => (req.path.startsWith('/hang') ? { hang: true } : ok));
    const api = createClient(server.url, { timeout: 500 });
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.get(i % 2 === 0 ? `/hang${i}` : `/ok${i}`)),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(495);
    results.forEach((res, i) => {
      if (i % 2 === 0) expect(res).toMatchObject({ status: 0, code: 'TIMEOUT' });
      else expect(res).toMatchObject({ success: true, data: 'ok' });
    });
  });

  it('300 concurrent calls with the default time-out emit no listener warning and leave no timer', {
    timeout: 20_000,
  }, async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    process.on('warning', onWarning);
    try {
      const api = createClient(server.url);
      const results = await Promise.all(Array.from({ length: 300 }, (_, i) => api.get(`/r${i}`)));
      expect(results.every((r) => r.success)).toBe(true);
      // Past the task the last call ended in (and any deferred warning).
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
    // No 30 s timer is left holding the process open.
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it('a reset mid-body is a NETWORK_ERROR', async () => {
    server.reply({ json: { big: 'x'.repeat(1000) }, resetAfterHeaders: true });
    const res = await createClient(server.url).get('/r');
    expect(res).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('a refused connection is a NETWORK_ERROR', async () => {
    const closed = await startTestServer();
    const url = closed.url;
    await closed.close();
    const res = await createClient(url).get('/r');
    expect(res).toMatchObject({ success: false, status: 0, code: 'NETWORK_ERROR' });
    expect(res.error).toMatch(/ECONNREFUSED/);
  });
});

describe('caller abort', () => {
  it('aborts mid-flight with ABORTED and is not retried', async () => {
    server.reply({ hang: true });
    const controller = new AbortController();
    const onError = vi.fn();
    const api = createClient(server.url, { retryAttempts: 3, retryDelay: 1, onError });
    setTimeout(() => controller.abort(), 50);
    const res = await api.get('/r', { signal: controller.signal });
    expect(res).toMatchObject({ success: false, status: 0, code: 'ABORTED' });
    expect(server.count()).toBe(1);
    expect(onError.mock.calls[0]![0].name).toBe('AbortError');
  });

  it('an already aborted signal sends nothing', async () => {
    const res = await createClient(server.url).get('/r', { signal: AbortSignal.abort() });
    expect(res.code).toBe('ABORTED');
    expect(server.count()).toBe(0);
  });

  it('stops a pending backoff at once', async () => {
    server.reply({ status: 503, headers: { 'Retry-After': '20' } });
    const controller = new AbortController();
    const api = createClient(server.url, { retryAttempts: 3 });
    const started = Date.now();
    setTimeout(() => controller.abort(), 100);
    const res = await api.get('/r', { signal: controller.signal });
    expect(res.code).toBe('ABORTED');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(server.count()).toBe(1);
  });

  it('abort wins over a client time-out and the caller signal keeps no listeners', async () => {
    server.reply({ hang: true });
    const controller = new AbortController();
    const add = vi.spyOn(controller.signal, 'addEventListener');
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    const api = createClient(server.url, { timeout: 5000 });
    server.reply(ok);
    await api.get('/a', { signal: controller.signal });
    await api.get('/b', { signal: controller.signal });
    expect(add.mock.calls.length).toBe(remove.mock.calls.length);
    server.reply({ hang: true });
    setTimeout(() => controller.abort(), 30);
    expect((await api.get('/c', { signal: controller.signal })).code).toBe('ABORTED');
  });
});
