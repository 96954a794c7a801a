import {
  Client,
  type ClientConfig,
  createClient,
  getDefaultStorage,
  MemoryStorage,
  QueryBuilder,
} from '@bridgekit/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testServer';

describe('constructor validation', () => {
  it.each([
    [undefined, /baseUrl/],
    ['', /baseUrl/],
    [42, /baseUrl/],
    ['ftp://files.example.com', /baseUrl/],
    ['api.example.com', /baseUrl/],
    ['https://user:pw@h/api', /credentials/],
    ['https://h/api?x=1', /query/],
    ['/api', /relative/],
  ])('throws a TypeError for baseUrl %o', (baseUrl, message) => {
    expect(() => createClient(baseUrl as string)).toThrow(TypeError);
    expect(() => new Client(baseUrl as string)).toThrow(message);
  });

  // Credentials are found in the text (React Native's URL before 0.80 has no username /
  // password): the verdict must be the URL parser's.
  it.each([
    'https://user:pw@h/api',
    'https://user@h',
    'https://:pw@h',
    'https://@h/api',
    'https://:@h/api',
    'https://::@h',
    'https:///user:pw@h/api',
    'https://h\\@evil/api',
    'https://h/a@b',
    'https://h/api?next=a@b',
    'HTTP://u%40x:p@h',
    'https://a@b@h',
  ])('refuses credentials in %s exactly when the URL parser finds some', (baseUrl) => {
    const url = new URL(baseUrl);
    const parserSays = url.username !== '' || url.password !== '';
    let message = '';
    try {
      createClient(baseUrl);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(/credentials/.test(message)).toBe(parserSays);
  });

  it('resolves a relative baseUrl against location.origin where one exists', () => {
    vi.stubGlobal('location', { origin: 'https://app.example.com' });
    try {
      expect(createClient('/api/').getBaseUrl()).toBe('https://app.example.com/api');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it.each<[ClientConfig, ErrorConstructor, RegExp]>([
    [{ retryAttempts: -1 }, RangeError, /retryAttempts/],
    [{ retryAttempts: 1.5 }, RangeError, /retryAttempts/],
    [{ retryAttempts: Number.NaN }, RangeError, /retryAttempts/],
    [{ retryAttempts: '2' as unknown as number }, TypeError, /retryAttempts/],
    [{ timeout: -5 }, RangeError, /timeout/],
    [{ timeout: Number.POSITIVE_INFINITY }, RangeError, /timeout/],
    [{ retryDelay: -1 }, RangeError, /retryDelay/],
    [{ sessionId: '' }, TypeError, /sessionId/],
    [{ sessionHeader: 'bad header' }, TypeError, /sessionHeader/],
    [{ includeSession: 'yes' as unknown as boolean }, TypeError, /includeSession/],
    [{ headers: { 'X-A': 'a\r\nb' } }, TypeError, /headers/],
    [{ headers: { 'X-A': 1 as unknown as string } }, TypeError, /headers/],
    [{ storage: {} as MemoryStorage }, TypeError, /storage/],
    [{ sessionKeys: [''] }, TypeError, /sessionKeys/],
    [{ onError: 'log' as unknown as () => void }, TypeError, /onError/],
    [{ fetch: 1 as unknown as typeof fetch }, TypeError, /fetch/],
  ])('rejects config %o', (config, type, message) => {
    expect(() => createClient('http://127.0.0.1', config)).toThrow(type);
    expect(() => createClient('http://127.0.0.1', config)).toThrow(message);
  });

  it('rejects a non-object config', () => {
    expect(() => createClient('http://127.0.0.1', null as unknown as ClientConfig)).toThrow(
      /config/,
    );
  });

  it('setHeader, removeHeader and add* validate their arguments', () => {
    const api = createClient('http://127.0.0.1');
    expect(() => api.setHeader('X-A', 'a\nb')).toThrow(TypeError);
    expect(() => api.setHeader('bad name', 'v')).toThrow(TypeError);
    // A valid token, but as a key of a plain object it would set the prototype, not a header.
    // Header maps have no prototype: `__proto__` is a name like any other.
    expect(() => api.setHeader('__proto__', 'v')).not.toThrow();
    expect(Object.getOwnPropertyDescriptor(api.getConfig().headers, '__proto__')?.value).toBe('v');
    expect(() => api.removeHeader('')).toThrow(TypeError);
    expect(() => api.addRequestInterceptor(null as never)).toThrow(/fn/);
    expect(() => api.addResponseInterceptor(undefined as never)).toThrow(/fn/);
    expect(() => api.onSessionRejected(1 as never)).toThrow(/listener/);
  });
});

describe('accessors', () => {
  it('getConfig returns a copy showing current default headers', () => {
    const storage = new MemoryStorage();
    const api = createClient('http://127.0.0.1/api', {
      headers: { 'X-A': '1' },
      retryAttempts: 2,
      storage,
      sessionKeys: ['token'],
    });
    api.setHeader('X-B', '2');
    const config = api.getConfig();
    expect(config).toMatchObject({
      headers: { 'X-A': '1', 'X-B': '2' },
      retryAttempts: 2,
      storage,
      sessionKeys: ['token'],
    });
    config.headers!['X-C'] = '3';
    config.sessionKeys!.push('other');
    expect(api.getConfig().headers).toEqual({ 'X-A': '1', 'X-B': '2' });
    expect(api.getConfig().sessionKeys).toEqual(['token']);
    expect(api.getStorage()).toBe(storage);
  });

  it('has no default storage in Node', () => {
    expect(getDefaultStorage()).toBeUndefined();
  });

  it('query() returns a QueryBuilder bound to the client', () => {
    const api = createClient('http://127.0.0.1/api');
    expect(api.query('/products')).toBeInstanceOf(QueryBuilder);
  });
});

describe('custom fetch', () => {
  let server: TestServer;
  afterEach(() => server?.close());

  it('uses config.fetch for every hop', async () => {
    server = await startTestServer({ json: { success: true, data: 1 } });
    const spy = vi.fn((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    const res = await createClient(server.url, { fetch: spy }).get('/f');
    expect(res.data).toBe(1);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![1]).toMatchObject({ method: 'GET', redirect: 'manual' });
  });

  it('query().get() sends through the client', async () => {
    server = await startTestServer({ json: { success: true, data: [] } });
    const api = createClient(`${server.url}/api`, { sessionId: 's' });
    const res = await api.query('/products').page(2).get();
    expect(res.success).toBe(true);
    expect(server.requests[0]?.url).toBe('/api/products?page=2');
    expect(server.requests[0]?.headers['x-session-id']).toBe('s');
  });
});

describe('browser runtimes hide redirects', () => {
  // A browser answers redirect: 'manual' with an opaque redirect and no Location; a real
  // server cannot produce that, so this one case stubs fetch.
  it('switches to redirect: follow and resends an idempotent request', async () => {
    const modes: Array<RequestRedirect | undefined> = [];
    const fakeFetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      modes.push(init?.redirect);
      if (init?.redirect === 'manual') {
        return Object.defineProperty(new Response(null, { status: 200 }), 'type', {
          value: 'opaqueredirect',
        });
      }
      return Response.json({ success: true, data: 'followed' });
    });
    const api = createClient('http://127.0.0.1:9', { fetch: fakeFetch as typeof fetch });
    const res = await api.get('/r');
    expect(res.data).toBe('followed');
    expect(modes).toEqual(['manual', 'follow']);
    // a POST without Idempotency-Key is not resent: later calls use follow from the start
    await api.post('/r', {});
    expect(modes).toEqual(['manual', 'follow', 'follow']);
    // the switch belongs to that client: a new one still tries manual first
    await createClient('http://127.0.0.1:9', { fetch: fakeFetch as typeof fetch }).get('/r');
    expect(modes).toEqual(['manual', 'follow', 'follow', 'manual', 'follow']);
  });

  it('does not resend a POST without Idempotency-Key after an opaque redirect', async () => {
    const fakeFetch = vi.fn(async () =>
      Object.defineProperty(new Response(null, { status: 200 }), 'type', {
        value: 'opaqueredirect',
      }),
    );
    const res = await createClient('http://127.0.0.1:9', { fetch: fakeFetch }).post('/r', {});
    expect(res).toMatchObject({ success: false, status: 0, code: 'NETWORK_ERROR' });
    expect(fakeFetch).toHaveBeenCalledTimes(1);
  });
});
