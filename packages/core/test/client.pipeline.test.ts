// The one middleware list: `use(fn)` with `fn(request, next)`, and the order of the spec's
// adapters around it.
import { createClient } from '@bridgekit/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer((req) => ({ json: { success: true, data: req.url } }));
});
afterEach(() => server.close());

describe('use(fn)', () => {
  it('changes the request, reads the answer, and is removed by its remover', async () => {
    const api = createClient(server.url);
    const seen: number[] = [];
    const remove = api.use(async (request, next) => {
      const response = await next({ ...request, url: `${request.url}?via=mw` });
      seen.push(response.status);
      return { ...response, message: 'seen' };
    });
    const res = await api.get('/a');
    expect(res).toMatchObject({ success: true, data: '/a?via=mw', message: 'seen' });
    remove();
    expect((await api.get('/b')).data).toBe('/b');
    expect(seen).toEqual([200]);
  });

  it('short-circuits: an answer without next sends nothing', async () => {
    const api = createClient(server.url);
    api.use(() => ({ success: true, status: 200, data: 'cached' }));
    expect((await api.get('/a')).data).toBe('cached');
    expect(server.count()).toBe(0);
  });

  it('replays: next may be called twice', async () => {
    const api = createClient(server.url);
    api.use(async (request, next) => {
      await next(request);
      return next(request);
    });
    await api.get('/a');
    expect(server.count()).toBe(2);
  });

  it('runs once per call, outside the retries', async () => {
    server.replies({ status: 503 }, { status: 503 }, { json: { success: true, data: 'ok' } });
    const api = createClient(server.url, { retryAttempts: 2, retryDelay: 1 });
    const mw = vi.fn((request, next) => next(request));
    api.use(mw);
    expect((await api.get('/a')).data).toBe('ok');
    expect(mw).toHaveBeenCalledTimes(1);
    expect(server.count()).toBe(3);
  });

  it('sits after the interceptors and onRequest, before the response interceptors', async () => {
    const log: string[] = [];
    const api = createClient(server.url, {
      onRequest: () => void log.push('onRequest'),
      onResponse: () => void log.push('onResponse'),
    });
    api.addResponseInterceptor((r) => {
      log.push('res');
      return r;
    });
    api.use(async (request, next) => {
      log.push('use>');
      const response = await next(request);
      log.push('<use');
      return response;
    });
    api.addRequestInterceptor((c) => {
      log.push('req');
      return c;
    });
    await api.get('/a');
    expect(log).toEqual(['req', 'onRequest', 'use>', '<use', 'res', 'onResponse']);
  });

  it('a throw before next resolves CLIENT_ERROR; a throw after keeps the answer', async () => {
    const onError = vi.fn();
    const api = createClient(server.url, { onError });
    const remove = api.use(() => {
      throw new Error('before');
    });
    expect(await api.get('/a')).toEqual({
      success: false,
      status: 0,
      code: 'CLIENT_ERROR',
      error: 'before',
    });
    expect(server.count()).toBe(0);
    remove();
    api.use(async (request, next) => {
      await next(request);
      throw new Error('after');
    });
    expect((await api.get('/a')).data).toBe('/a');
    expect(onError.mock.calls.map(([e]) => e.message)).toEqual(['before', 'after']);
  });
});

describe('request(method, endpoint, body?, options?)', () => {
  it('is the call every verb makes', async () => {
    const api = createClient(server.url);
    const res = await api.request('PATCH', '/p', { a: 1 }, { params: { q: 1 } });
    expect(res.data).toBe('/p?q=1');
    expect(server.requests[0]).toMatchObject({ method: 'PATCH', body: '{"a":1}' });
  });
});
