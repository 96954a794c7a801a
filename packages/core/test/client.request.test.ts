import { createClient } from '@bridgekit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const last = () => server.requests.at(-1)!;

describe('verbs', () => {
  it.each([
    ['get', 'GET'],
    ['delete', 'DELETE'],
  ] as const)('%s sends %s without a body', async (verb, method) => {
    const res = await createClient(server.url)[verb]('/items/1');
    expect(res.success).toBe(true);
    expect(last().method).toBe(method);
    expect(last().path).toBe('/items/1');
    expect(last().body).toBe('');
    expect(last().headers['content-type']).toBeUndefined();
  });

  it.each([
    ['post', 'POST'],
    ['put', 'PUT'],
    ['patch', 'PATCH'],
  ] as const)('%s sends %s with a JSON body', async (verb, method) => {
    const res = await createClient(server.url)[verb]('/items', { name: 'Pen', price: 2 });
    expect(res.status).toBe(200);
    expect(last().method).toBe(method);
    expect(JSON.parse(last().body)).toEqual({ name: 'Pen', price: 2 });
    expect(last().headers['content-type']).toBe('application/json');
    expect(last().headers.accept).toBe('application/json');
  });

  it('post without a body sends no body and no Content-Type', async () => {
    await createClient(server.url).post('/items');
    expect(last().body).toBe('');
    expect(last().headers['content-type']).toBeUndefined();
  });
});

describe('URL join and params', () => {
  it('appends the endpoint to the base path, with or without slashes', async () => {
    const api = createClient(`${server.url}/api/`);
    await api.get('/users');
    await api.get('users');
    await api.get('');
    expect(server.requests.map((r) => r.url)).toEqual(['/api/users', '/api/users', '/api']);
    expect(api.getBaseUrl()).toBe(`${server.url}/api`);
  });

  it('serializes params: null/undefined skipped, arrays comma-joined, dates ISO, encoded', async () => {
    const api = createClient(`${server.url}/api`);
    await api.get('/search', {
      params: {
        q: 'a b&c',
        page: 2,
        tags: ['x', 'y'],
        on: new Date(0),
        active: false,
        none: null,
        missing: undefined,
      },
    });
    expect(last().url).toBe(
      '/api/search?q=a%20b%26c&page=2&tags=x%2Cy&on=1970-01-01T00%3A00%3A00.000Z&active=false',
    );
  });

  it("keeps the endpoint's own query and appends params with &", async () => {
    await createClient(server.url).get('/x?a=1', { params: { b: 2 } });
    expect(last().url).toBe('/x?a=1&b=2');
  });

  it('uses an absolute endpoint as is', async () => {
    const other = await startTestServer({ json: { other: true } });
    try {
      const res = await createClient(`${server.url}/api`).get(`${other.url}/elsewhere`);
      expect(res.data).toEqual({ other: true });
      expect(other.requests[0]?.path).toBe('/elsewhere');
      expect(server.count()).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('bodies', () => {
  it('JSON-encodes arrays, numbers, booleans, null and toJSON objects', async () => {
    const api = createClient(server.url);
    class Money {
      toJSON() {
        return { cents: 5 };
      }
    }
    for (const body of [[1, 2], 42, true, null, new Money()]) {
      await api.post('/b', body);
      expect(last().headers['content-type']).toBe('application/json');
    }
    expect(server.requests.map((r) => r.body)).toEqual([
      '[1,2]',
      '42',
      'true',
      'null',
      '{"cents":5}',
    ]);
  });

  it('sends strings untouched (text/plain from the platform)', async () => {
    await createClient(server.url).post('/b', 'plain words');
    expect(last().body).toBe('plain words');
    expect(last().headers['content-type']).toBe('text/plain;charset=UTF-8');
  });

  it('sends FormData as multipart with the platform boundary', async () => {
    const form = new FormData();
    form.set('name', 'Pen');
    await createClient(server.url).post('/b', form);
    expect(last().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(last().body).toContain('name="name"');
    expect(last().body).toContain('Pen');
  });

  it('sends URLSearchParams as a urlencoded form', async () => {
    await createClient(server.url).put('/b', new URLSearchParams({ a: '1', b: 'x y' }));
    expect(last().headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(last().body).toBe('a=1&b=x+y');
  });

  it('sends a Blob with its type', async () => {
    await createClient(server.url).post('/b', new Blob(['<x/>'], { type: 'application/xml' }));
    expect(last().headers['content-type']).toBe('application/xml');
    expect(last().body).toBe('<x/>');
  });

  it('sends ArrayBuffer and typed arrays as bytes', async () => {
    const api = createClient(server.url);
    await api.post('/b', new TextEncoder().encode('bytes'));
    await api.post('/b', new TextEncoder().encode('buffer').buffer);
    expect(server.requests.map((r) => r.body)).toEqual(['bytes', 'buffer']);
    expect(last().headers['content-type']).toBeUndefined();
  });

  it('streams a ReadableStream body', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('chunk1-'));
        controller.enqueue(new TextEncoder().encode('chunk2'));
        controller.close();
      },
    });
    const res = await createClient(server.url).post('/b', stream, {
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    expect(res.success).toBe(true);
    expect(last().body).toBe('chunk1-chunk2');
  });

  it.each([
    ['a BigInt', { n: 1n }],
    [
      'a cycle',
      (() => {
        const o: Record<string, unknown> = {};
        o.self = o;
        return o;
      })(),
    ],
    ['a function', () => 1],
  ])('resolves CLIENT_ERROR for %s without sending', async (_name, body) => {
    const res = await createClient(server.url).post('/b', body);
    expect(res).toMatchObject({ success: false, status: 0, code: 'CLIENT_ERROR' });
    expect(res.error).toEqual(expect.any(String));
    expect(server.count()).toBe(0);
  });
});

describe('headers', () => {
  it('layers Accept < JSON Content-Type < defaults < session < request headers', async () => {
    const api = createClient(server.url, {
      sessionId: 'from-config',
      headers: { accept: 'application/vnd.api+json', 'X-Layer': 'default', 'X-Only-Default': 'd' },
    });
    await api.post('/h', { a: 1 }, { headers: { 'x-layer': 'request' } });
    const h = last().headers;
    expect(h.accept).toBe('application/vnd.api+json');
    expect(h['content-type']).toBe('application/json');
    expect(h['x-layer']).toBe('request');
    expect(h['x-only-default']).toBe('d');
    expect(h['x-session-id']).toBe('from-config');
  });

  it('lets defaults override the JSON Content-Type and request headers override the session', async () => {
    const api = createClient(server.url, {
      sessionId: 's1',
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    await api.patch('/h', { a: 1 }, { headers: { 'X-SESSION-ID': 'explicit' } });
    expect(last().headers['content-type']).toBe('application/merge-patch+json');
    expect(last().headers['x-session-id']).toBe('explicit');
  });

  it('lets a default header carry the session name below the session layer', async () => {
    const api = createClient(server.url, {
      sessionId: 'real',
      headers: { 'x-session-id': 'stale' },
    });
    await api.get('/h');
    expect(last().headers['x-session-id']).toBe('real');
  });

  it('setHeader and removeHeader change later requests, any spelling', async () => {
    const api = createClient(server.url, { headers: { 'X-Api-Key': 'k1' } });
    api.setHeader('x-api-key', 'k2');
    api.setHeader('X-Version', '2');
    await api.get('/h');
    expect(last().headers['x-api-key']).toBe('k2');
    expect(last().headers['x-version']).toBe('2');
    expect(api.getConfig().headers).toEqual({ 'x-api-key': 'k2', 'X-Version': '2' });
    api.removeHeader('X-API-KEY');
    await api.get('/h');
    expect(last().headers['x-api-key']).toBeUndefined();
    expect(api.getConfig().headers).toEqual({ 'X-Version': '2' });
  });

  it('resolves CLIENT_ERROR for a request header with CR/LF, without sending', async () => {
    const res = await createClient(server.url).get('/h', { headers: { 'X-A': 'a\r\nX-B: b' } });
    expect(res).toMatchObject({ success: false, status: 0, code: 'CLIENT_ERROR' });
    expect(server.count()).toBe(0);
  });

  it('resolves CLIENT_ERROR for a bad endpoint type and bad options', async () => {
    const api = createClient(server.url);
    const results = await Promise.all([
      api.get(42 as unknown as string),
      api.get('/x', { timeout: -1 }),
      api.get('/x', { params: { n: Number.NaN } }),
      api.get('http://[bad'),
    ]);
    for (const res of results) expect(res).toMatchObject({ status: 0, code: 'CLIENT_ERROR' });
    expect(server.count()).toBe(0);
  });
});
