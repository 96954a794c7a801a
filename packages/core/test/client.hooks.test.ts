import { type ApiResponse, createClient, type RequestConfig } from '@bridgekit/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ json: { success: true, data: 'ok' } });
});
afterEach(() => server.close());

describe('order of interceptors and callbacks', () => {
  it('runs request interceptors in order, then onRequest, send, response interceptors, onResponse', async () => {
    const log: string[] = [];
    const api = createClient(server.url, {
      onRequest: async (c) => {
        log.push(`onRequest ${c.headers['X-Trace']}`);
      },
      onResponse: async (r) => {
        log.push(`onResponse ${r.data}`);
      },
    });
    api.addRequestInterceptor(async (c) => {
      log.push('req1');
      return { ...c, headers: { ...c.headers, 'X-Trace': 'a' } };
    });
    api.addRequestInterceptor((c) => {
      log.push('req2');
      c.headers['X-Trace'] += 'b';
      return c;
    });
    api.addResponseInterceptor(async (r) => {
      log.push(`res1 server=${server.count()}`);
      return { ...r, data: `${r.data}!` };
    });
    api.addResponseInterceptor((r) => {
      log.push('res2');
      return { ...r, data: `${r.data}?` };
    });
    const res = await api.get('/x');
    expect(res.data).toBe('ok!?');
    expect(log).toEqual([
      'req1',
      'req2',
      'onRequest ab',
      'res1 server=1',
      'res2',
      'onResponse ok!?',
    ]);
    expect(server.requests[0]?.headers['x-trace']).toBe('ab');
  });

  it('gives interceptors the full RequestConfig', async () => {
    let seen: RequestConfig | undefined;
    const controller = new AbortController();
    const api = createClient(`${server.url}/api`, { sessionId: 's', timeout: 1234 });
    api.addRequestInterceptor((c) => {
      seen = c;
      return c;
    });
    await api.post('/x', { a: 1 }, { params: { p: 1 }, signal: controller.signal });
    expect(seen).toEqual({
      method: 'POST',
      url: `${server.url}/api/x?p=1`,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-Session-ID': 's',
      },
      body: { a: 1 },
      timeout: 1234,
      signal: controller.signal,
    });
  });

  it('lets a request interceptor change url, method and body', async () => {
    const api = createClient(server.url);
    api.addRequestInterceptor((c) => ({
      ...c,
      method: 'PUT',
      url: `${c.url}?v=2`,
      body: new URLSearchParams({ a: '1' }),
    }));
    await api.post('/x', { json: true });
    const req = server.requests[0]!;
    expect(req).toMatchObject({ method: 'PUT', url: '/x?v=2', body: 'a=1' });
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
  });

  it('drops the session and the defaults when an interceptor points the request at another origin', async () => {
    const other = await startTestServer();
    try {
      const api = createClient(server.url, {
        sessionId: 'secret',
        headers: { 'X-Api-Key': 'k', 'X-Tenant': 'acme' },
      });
      api.addRequestInterceptor((c) => ({
        ...c,
        url: `${other.url}/x`,
        headers: { ...c.headers, 'X-Tenant': 'other-tenant' },
      }));
      await api.get('/x');
      const seen = other.requests[0]!.headers;
      expect(seen['x-session-id']).toBeUndefined();
      expect(seen['x-api-key']).toBeUndefined();
      // A value the interceptor set for the other origin is its own choice.
      expect(seen['x-tenant']).toBe('other-tenant');
    } finally {
      await other.close();
    }
  });

  it('removes interceptors with the returned function (idempotent)', async () => {
    const api = createClient(server.url);
    const req = vi.fn((c) => c);
    const res = vi.fn((r) => r);
    const removeReq = api.addRequestInterceptor(req);
    const removeRes = api.addResponseInterceptor(res);
    await api.get('/x');
    removeReq();
    removeReq();
    removeRes();
    await api.get('/x');
    expect(req).toHaveBeenCalledTimes(1);
    expect(res).toHaveBeenCalledTimes(1);
  });

  it('pairs each outcome with its own request, even when calls overlap', async () => {
    server.reply((req) =>
      req.url?.startsWith('/slow')
        ? { delay: 60, status: 200, json: { success: true, data: 'slow' } }
        : { status: 404, json: { success: false, error: 'nope' } },
    );
    const seen: string[] = [];
    const api = createClient(server.url, {
      onResponse: (res, req) => {
        seen.push(`onResponse ${req.method} ${new URL(req.url).pathname} ${res.status}`);
      },
    });
    api.addResponseInterceptor((res, req) => {
      seen.push(`${req.method} ${new URL(req.url).pathname} ${res.status} ${req.headers['X-Tag']}`);
      return res;
    });
    await Promise.all([
      api.get('/slow', { headers: { 'X-Tag': 'a' } }),
      api.delete('/missing', { headers: { 'X-Tag': 'b' } }),
    ]);
    expect(seen).toEqual([
      'DELETE /missing 404 b',
      'onResponse DELETE /missing 404',
      'GET /slow 200 a',
      'onResponse GET /slow 200',
    ]);
  });

  it('gives response hooks the request even when the pipeline failed before sending', async () => {
    const requests: RequestConfig[] = [];
    const api = createClient(server.url, { onResponse: (_res, req) => void requests.push(req) });
    const res = await api.post('/x', { big: BigInt(1) });
    expect(res.code).toBe('CLIENT_ERROR');
    expect(requests[0]).toMatchObject({ method: 'POST', url: `${server.url}/x` });
    expect(server.count()).toBe(0);
  });

  it('treats an interceptor returning nothing as "unchanged"', async () => {
    const api = createClient(server.url);
    api.addRequestInterceptor(() => undefined as unknown as RequestConfig);
    api.addResponseInterceptor(() => undefined as unknown as ApiResponse);
    expect((await api.get('/x')).data).toBe('ok');
  });
});

describe('failures inside hooks', () => {
  it('a throwing request interceptor resolves CLIENT_ERROR, tells onError, sends nothing', async () => {
    const onError = vi.fn();
    const onResponse = vi.fn();
    const api = createClient(server.url, { onError, onResponse });
    const seen = vi.fn((r) => r);
    api.addRequestInterceptor(() => {
      throw new Error('interceptor broke');
    });
    api.addResponseInterceptor(seen);
    const res = await api.get('/x');
    expect(res).toEqual({
      success: false,
      status: 0,
      code: 'CLIENT_ERROR',
      error: 'interceptor broke',
    });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'interceptor broke' }));
    expect(seen).toHaveBeenCalledWith(res, expect.objectContaining({ method: 'GET' }));
    expect(onResponse).toHaveBeenCalledWith(res, expect.objectContaining({ method: 'GET' }));
    expect(server.count()).toBe(0);
  });

  it('a request interceptor returning garbage resolves CLIENT_ERROR', async () => {
    const onError = vi.fn();
    const api = createClient(server.url, { onError });
    api.addRequestInterceptor(() => 'nope' as unknown as RequestConfig);
    expect((await api.get('/x')).code).toBe('CLIENT_ERROR');
    expect(onError.mock.calls[0]![0]).toBeInstanceOf(TypeError);
  });

  it('a request interceptor adding a CR/LF header value resolves CLIENT_ERROR', async () => {
    const api = createClient(server.url);
    api.addRequestInterceptor((c) => ({ ...c, headers: { ...c.headers, 'X-Bad': 'a\nb' } }));
    expect((await api.get('/x')).code).toBe('CLIENT_ERROR');
    expect(server.count()).toBe(0);
  });

  it('a throwing onRequest resolves CLIENT_ERROR and wraps non-Error throws', async () => {
    const onError = vi.fn();
    const res = await createClient(server.url, {
      onRequest: async () => {
        throw 'plain string';
      },
      onError,
    }).get('/x');
    expect(res).toMatchObject({ status: 0, code: 'CLIENT_ERROR', error: 'plain string' });
    expect(onError.mock.calls[0]![0]).toBeInstanceOf(Error);
    expect(server.count()).toBe(0);
  });

  it('a throwing response interceptor is skipped and the response kept', async () => {
    const onError = vi.fn();
    const api = createClient(server.url, { onError });
    api.addResponseInterceptor(() => {
      throw new Error('res broke');
    });
    api.addResponseInterceptor((r) => ({ ...r, message: 'second ran' }));
    const res = await api.get('/x');
    expect(res).toMatchObject({ success: true, data: 'ok', message: 'second ran' });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'res broke' }));
  });

  it('a response interceptor returning garbage is skipped', async () => {
    const onError = vi.fn();
    const api = createClient(server.url, { onError });
    api.addResponseInterceptor(() => 42 as unknown as ApiResponse);
    expect((await api.get('/x')).data).toBe('ok');
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('a throwing onResponse keeps the response and tells onError', async () => {
    const onError = vi.fn();
    const res = await createClient(server.url, {
      onResponse: () => Promise.reject(new Error('callback broke')),
      onError,
    }).get('/x');
    expect(res.data).toBe('ok');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'callback broke' }));
  });

  it('a throwing onError is contained', async () => {
    const res = await createClient(server.url, {
      onRequest: () => {
        throw new Error('a');
      },
      onError: () => {
        throw new Error('b');
      },
    }).get('/x');
    expect(res.code).toBe('CLIENT_ERROR');
  });
});

describe('onError semantics', () => {
  it('4xx and 5xx are responses: onError is not called', async () => {
    const onError = vi.fn();
    const onResponse = vi.fn();
    const api = createClient(server.url, { onError, onResponse });
    server.reply({ status: 404 });
    await api.get('/x');
    server.reply({ status: 500 });
    await api.get('/x');
    expect(onError).not.toHaveBeenCalled();
    expect(onResponse).toHaveBeenCalledTimes(2);
  });

  it('network errors reach onError as an Error and response interceptors as status 0', async () => {
    server.reply({ reset: true });
    const onError = vi.fn();
    const onResponse = vi.fn();
    const api = createClient(server.url, { onError, onResponse });
    const seen = vi.fn((r) => r);
    api.addResponseInterceptor(seen);
    const res = await api.get('/x');
    expect(res).toMatchObject({ success: false, status: 0, code: 'NETWORK_ERROR' });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toMatchObject({ name: 'NetworkError' });
    expect(seen.mock.calls[0]![0]).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(onResponse.mock.calls[0]![0]).toMatchObject({ status: 0 });
  });
});

describe('onSessionRejected', () => {
  it('fires on a 401 for a request that carried the session', async () => {
    server.reply({ status: 401, json: { success: false, error: 'expired', code: 'UNAUTHORIZED' } });
    const api = createClient(server.url, { sessionId: 's' });
    const listener = vi.fn();
    const remove = api.onSessionRejected(listener);
    await api.get('/x');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]![0]).toMatchObject({ status: 401, error: 'expired' });
    await api.get('/x', { includeSession: false });
    expect(listener).toHaveBeenCalledTimes(1);
    remove();
    await api.get('/x');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not fire without a session, nor after a cross-origin redirect dropped it', async () => {
    const other = await startTestServer({ status: 401 });
    try {
      server.reply({ status: 401 });
      const listener = vi.fn();
      const anonymous = createClient(server.url);
      anonymous.onSessionRejected(listener);
      await anonymous.get('/x');
      server.reply({ status: 302, redirect: `${other.url}/y` });
      const api = createClient(server.url, { sessionId: 's' });
      api.onSessionRejected(listener);
      expect((await api.get('/x')).status).toBe(401);
      expect(listener).not.toHaveBeenCalled();
    } finally {
      await other.close();
    }
  });

  it('reports a throwing listener to onError', async () => {
    server.reply({ status: 401 });
    const onError = vi.fn();
    const api = createClient(server.url, { sessionId: 's', onError });
    api.onSessionRejected(() => {
      throw new Error('listener broke');
    });
    expect((await api.get('/x')).status).toBe(401);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'listener broke' }));
  });
});
