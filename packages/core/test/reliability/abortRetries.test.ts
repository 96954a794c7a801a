/**
 * A caller's abort stops retries at once, wherever the call is: in flight, in the backoff
 * wait, or in a `Retry-After` wait. And the edges of the retry policy: an over-long
 * `Retry-After` is returned, not waited for; POST/PATCH with an `Idempotency-Key` are retried.
 */
import { createClient } from '@bridgekit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FaultServer, startFaultServer } from './faultServer';
import { failOnUnhandledRejections } from './noUnhandledRejections';

failOnUnhandledRejections();

let server: FaultServer;
beforeEach(async () => {
  server = await startFaultServer('ok');
});
afterEach(() => server.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const VERBS = ['GET', 'PUT', 'DELETE', 'POST+key', 'PATCH+key'] as const;

function call(
  api: ReturnType<typeof createClient>,
  verb: (typeof VERBS)[number],
  signal: AbortSignal,
) {
  const key = { 'Idempotency-Key': 'k-1' };
  switch (verb) {
    case 'GET':
      return api.get('/r', { signal });
    case 'PUT':
      return api.put('/r', { a: 1 }, { signal });
    case 'DELETE':
      return api.delete('/r', { signal });
    case 'POST+key':
      return api.post('/r', { a: 1 }, { signal, headers: key });
    case 'PATCH+key':
      return api.patch('/r', { a: 1 }, { signal, headers: key });
  }
}

describe('caller abort during retries', () => {
  it.each(VERBS)(
    '%s: abort during a 5 s backoff ends the call at once, no further attempt',
    async (verb) => {
      server.setMode('burst-5xx', { burst: 10 });
      // retryDelay 5000: the first backoff is up to 5 s (full jitter); abort 30 ms after the
      // first answer, which is almost surely inside the wait. Either way no retry may follow.
      const api = createClient(server.url, { retryAttempts: 5, retryDelay: 5000 });
      const controller = new AbortController();
      server.onRequest(() => setTimeout(() => controller.abort(), 30));
      const started = performance.now();
      const res = await call(api, verb, controller.signal);
      expect(performance.now() - started).toBeLessThan(1000);
      // Aborted in the wait, or (if the jittered wait was under 30 ms) the retry was aborted.
      expect(res).toMatchObject({ success: false, status: 0, code: 'ABORTED' });
      const seen = server.count();
      await sleep(100);
      expect(server.count()).toBe(seen);
      expect(seen).toBeLessThanOrEqual(2);
    },
  );

  it.each(VERBS)('%s: abort during a Retry-After wait ends the call at once', async (verb) => {
    server.setMode('503-seconds', { retryAfterSeconds: 5 });
    const api = createClient(server.url, { retryAttempts: 3, retryDelay: 1 });
    const controller = new AbortController();
    server.onRequest(() => setTimeout(() => controller.abort(), 30));
    const started = performance.now();
    const res = await call(api, verb, controller.signal);
    expect(performance.now() - started).toBeLessThan(500);
    expect(res).toMatchObject({ success: false, status: 0, code: 'ABORTED' });
    await sleep(100);
    expect(server.count()).toBe(1);
  });

  it('an already-aborted signal sends nothing', async () => {
    const api = createClient(server.url, { retryAttempts: 3, retryDelay: 1 });
    const res = await api.get('/r', { signal: AbortSignal.abort() });
    expect(res).toMatchObject({ success: false, status: 0, code: 'ABORTED' });
    expect(server.count()).toBe(0);
  });
});

describe('retry policy edges', () => {
  it('a Retry-After over 30 s is returned at once instead of waited for', async () => {
    server.setMode('429-seconds', { retryAfterSeconds: 31 });
    const api = createClient(server.url, { retryAttempts: 3, retryDelay: 1 });
    const started = performance.now();
    const res = await api.get('/r');
    expect(performance.now() - started).toBeLessThan(500);
    expect(res).toMatchObject({ success: false, status: 429, code: 'RATE_LIMITED' });
    expect(server.count()).toBe(1);
  });

  it.each(['POST', 'PATCH'] as const)(
    '%s with an Idempotency-Key is retried like PUT (3 attempts on a burst)',
    async (verb) => {
      server.setMode('burst-5xx', { burst: 2 });
      const api = createClient(server.url, { retryAttempts: 2, retryDelay: 1 });
      const headers = { 'Idempotency-Key': 'same' };
      const res =
        verb === 'POST'
          ? await api.post('/r', { a: 1 }, { headers })
          : await api.patch('/r', { a: 1 }, { headers });
      expect(res.success).toBe(true);
      expect(server.requests.map((r) => [r.method, r.headers['idempotency-key'], r.body])).toEqual(
        Array.from({ length: 3 }, () => [verb, 'same', '{"a":1}']),
      );
    },
  );

  it('time-outs are per attempt: three hung attempts take about three time-outs', async () => {
    server.setMode('hang', { hangMs: 1000 });
    const api = createClient(server.url, { retryAttempts: 2, retryDelay: 1, timeout: 100 });
    const started = performance.now();
    const res = await api.get('/r');
    const elapsed = performance.now() - started;
    expect(res).toMatchObject({
      status: 0,
      code: 'TIMEOUT',
      error: 'Request timed out after 100 ms',
    });
    expect(server.count()).toBe(3);
    expect(elapsed).toBeGreaterThanOrEqual(295);
    expect(elapsed).toBeLessThanOrEqual(3 * (100 * 1.1 + 50) + 10);
  });
});
