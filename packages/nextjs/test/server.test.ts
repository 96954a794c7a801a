import { createClient } from '@bridgekit/core';
import {
  createAuthMiddleware,
  createServerClient,
  getServerSession,
  prefetchList,
  readSessionCookie,
} from '@bridgekit/nextjs/server';
import { type BridgeServer, createServer } from '@bridgekit/server';
import { NextRequest } from 'next/server';
import { unstable_serialize } from 'swr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: BridgeServer;
let apiUrl: string;
let origin: string;

beforeAll(async () => {
  server = createServer({ seed: 'demo' });
  ({ url: apiUrl, origin } = await server.listen(0, '127.0.0.1'));
});
afterAll(async () => {
  await server.close();
});

async function login(email = 'admin@example.com', password = 'admin123'): Promise<string> {
  const res = await createClient(apiUrl).post('/auth/login', { email, password });
  expect(res.success).toBe(true);
  return res.data.sessionId as string;
}

describe('readSessionCookie', () => {
  it('reads the session from a Cookie header, Headers or a cookie store', async () => {
    expect(await readSessionCookie('theme=dark; session_id=abc%3D')).toBe('abc=');
    expect(await readSessionCookie(new Headers({ cookie: 'sid=xyz' }), 'sid')).toBe('xyz');
    expect(
      await readSessionCookie({
        get: (name) => (name === 'session_id' ? { value: 'v' } : undefined),
      }),
    ).toBe('v');
  });

  it('returns null when the cookie is missing or empty', async () => {
    expect(await readSessionCookie('theme=dark')).toBeNull();
    expect(await readSessionCookie('session_id=')).toBeNull();
    expect(await readSessionCookie(new Headers())).toBeNull();
  });
});

describe('createServerClient', () => {
  it('sends the session found in the request cookie', async () => {
    const sessionId = await login();
    const client = await createServerClient(apiUrl, {
      cookies: `other=1; session_id=${sessionId}`,
    });
    expect(await client.getSessionId()).toBe(sessionId);
    const me = await client.get('/auth/me');
    expect(me.status).toBe(200);
    expect(me.data.email).toBe('admin@example.com');
  });

  it('has no session without the cookie and keeps requests separate', async () => {
    const client = await createServerClient(apiUrl, { cookies: 'theme=dark' });
    expect(await client.hasSession()).toBe(false);
    expect((await client.get('/products')).status).toBe(401);
    // A session set on one request's client never reaches another's.
    client.setSessionId('leaked');
    const other = await createServerClient(apiUrl, { cookies: '' });
    expect(await other.hasSession()).toBe(false);
  });

  it('reads a custom cookie name', async () => {
    const sessionId = await login('viewer@example.com', 'viewer123');
    const client = await createServerClient(apiUrl, {
      cookies: `sid=${sessionId}`,
      cookieName: 'sid',
    });
    expect((await client.get('/auth/me')).data.userName).toBe('viewer');
  });
});

describe('getServerSession', () => {
  it('returns the validated session with the user', async () => {
    const sessionId = await login();
    const session = await getServerSession(apiUrl, { cookies: `session_id=${sessionId}` });
    expect(session?.isValid).toBe(true);
    expect(session?.user?.email).toBe('admin@example.com');
    expect(typeof session?.expiresAt).toBe('string');
  });

  it('returns null without a cookie', async () => {
    expect(await getServerSession(apiUrl, { cookies: '' })).toBeNull();
  });

  it('returns null for an unknown session', async () => {
    expect(await getServerSession(apiUrl, { cookies: 'session_id=not-a-session' })).toBeNull();
  });

  it('returns null for an expired session', async () => {
    const own = createServer({ seed: 'demo' });
    const { url } = await own.listen(0, '127.0.0.1');
    try {
      const res = await createClient(url).post('/auth/login', {
        userName: 'editor',
        password: 'editor123',
      });
      const cookie = `session_id=${res.data.sessionId}`;
      expect(await getServerSession(url, { cookies: cookie })).not.toBeNull();
      own.expireSessions();
      expect(await getServerSession(url, { cookies: cookie })).toBeNull();
    } finally {
      await own.close();
    }
  });

  it('returns null when the API cannot be reached', async () => {
    const gone = createServer({ seed: 'none' });
    const { url } = await gone.listen(0, '127.0.0.1');
    await gone.close();
    expect(await getServerSession(url, { cookies: 'session_id=x', timeout: 2000 })).toBeNull();
  });
});

describe('createAuthMiddleware', () => {
  const request = (path: string, cookie?: string) =>
    new NextRequest(`http://app.test${path}`, cookie ? { headers: { cookie } } : {});

  it('redirects a visitor without a session to the login page with next', async () => {
    const proxy = createAuthMiddleware({ baseUrl: apiUrl, protectedPaths: ['/account'] });
    const response = await proxy(request('/account?tab=2'));
    expect(response?.status).toBe(307);
    expect(response?.headers.get('location')).toBe(
      'http://app.test/login?next=%2Faccount%3Ftab%3D2',
    );
  });

  it('lets a valid session through and ignores unprotected and login paths', async () => {
    const sessionId = await login();
    const proxy = createAuthMiddleware({
      baseUrl: () => apiUrl,
      protectedPaths: ['/account', /^\/products/],
    });
    expect(await proxy(request('/account', `session_id=${sessionId}`))).toBeUndefined();
    expect(await proxy(request('/products/new', `session_id=${sessionId}`))).toBeUndefined();
    expect(await proxy(request('/about'))).toBeUndefined();
    const all = createAuthMiddleware({
      baseUrl: apiUrl,
      loginPath: '/signin',
      publicPaths: ['/public'],
    });
    expect(await all(request('/signin?next=%2Fa'))).toBeUndefined();
    expect(await all(request('/public/page'))).toBeUndefined();
    expect((await all(request('/')))?.headers.get('location')).toBe(
      'http://app.test/signin?next=%2F',
    );
  });

  it('redirects an expired session and deletes its cookie', async () => {
    const own = createServer({ seed: 'demo' });
    const { url } = await own.listen(0, '127.0.0.1');
    try {
      const res = await createClient(url).post('/auth/login', {
        email: 'admin@example.com',
        password: 'admin123',
      });
      const proxy = createAuthMiddleware({
        baseUrl: url,
        protectedPaths: ['/account'],
        nextParam: 'returnTo',
      });
      const cookie = `session_id=${res.data.sessionId}`;
      expect(await proxy(request('/account', cookie))).toBeUndefined();
      own.expireSessions();
      const response = await proxy(request('/account', cookie));
      expect(response?.headers.get('location')).toBe('http://app.test/login?returnTo=%2Faccount');
      expect(response?.headers.get('set-cookie')).toMatch(
        /^session_id=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i,
      );
    } finally {
      await own.close();
    }
  });

  it('only checks for the cookie with validate: false', async () => {
    const proxy = createAuthMiddleware({
      baseUrl: `${origin}/nowhere`,
      validate: false,
      protectedPaths: ['/a'],
    });
    expect(await proxy(request('/a', 'session_id=anything'))).toBeUndefined();
    expect((await proxy(request('/a')))?.status).toBe(307);
  });

  it('rejects bad options at creation', () => {
    // @ts-expect-error baseUrl is required
    expect(() => createAuthMiddleware({})).toThrow(/baseUrl/);
    expect(() => createAuthMiddleware({ baseUrl: apiUrl, loginPath: 'login' })).toThrow(
      /loginPath/,
    );
    expect(() => createAuthMiddleware({ baseUrl: apiUrl, protectedPaths: ['account'] })).toThrow(
      TypeError,
    );
  });
});

describe('prefetchList', () => {
  it('returns the first page under the key the hooks use', async () => {
    const sessionId = await login();
    const client = await createServerClient(apiUrl, { cookies: `session_id=${sessionId}` });
    const params = { page: 1, limit: 10 };
    const fallback = await prefetchList({ client, endpoint: '/products', params });
    const key = unstable_serialize(['bridgekit', 'default', '/products', 'list', params]);
    expect(Object.keys(fallback)).toEqual([key]);
    const page = fallback[key] as {
      data: { id: string }[];
      meta: { page: number; total: number; hasMore: boolean };
    };
    expect(page.data).toHaveLength(10);
    expect(page.meta).toMatchObject({ page: 1, limit: 10, hasMore: true });
    expect(page.meta.total).toBeGreaterThan(10);
    // The result crosses the server/client boundary, so it must survive serialization.
    expect(JSON.parse(JSON.stringify(fallback))).toEqual(fallback);
  });

  it("keys an entity's own dialect as the hooks do (its id last)", async () => {
    const sessionId = await login();
    const client = await createServerClient(apiUrl, { cookies: `session_id=${sessionId}` });
    const params = { page: 1, limit: 2 };
    // The Bridgekit protocol under another name: the reference server answers it.
    const dialect = { name: 'bridgekit', id: 'bridgekit-v1' };
    const fallback = await prefetchList({
      client,
      endpoint: '/products',
      params,
      entity: { dialect },
    });
    const key = unstable_serialize([
      'bridgekit',
      'default',
      '/products',
      'list',
      params,
      'bridgekit-v1',
    ]);
    expect(Object.keys(fallback)).toEqual([key]);
    expect((fallback[key] as { data: unknown[] }).data).toHaveLength(2);
  });

  it('returns {} and tells onError when the fetch fails', async () => {
    const client = await createServerClient(apiUrl, { cookies: '' });
    const errors: unknown[] = [];
    const fallback = await prefetchList({
      client,
      endpoint: '/products',
      instanceId: 'shop',
      onError: (error) => errors.push(error),
    });
    expect(fallback).toEqual({});
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ name: 'BridgeApiError', status: 401 });
  });

  it('throws on bad params instead of hiding them as a failed fetch', async () => {
    const client = await createServerClient(apiUrl, { cookies: '' });
    for (const limit of [0, 2.5, Number.NaN, {} as unknown as number]) {
      await expect(
        prefetchList({ client, endpoint: '/products', params: { limit } }),
      ).rejects.toThrow(/params\.limit/);
    }
  });

  it('throws a TypeError without a client', async () => {
    // @ts-expect-error client is required
    await expect(prefetchList({ endpoint: '/products' })).rejects.toThrow(/client/);
  });

  it('throws a TypeError naming an empty instanceId or endpoint, before any request', async () => {
    const client = createClient(apiUrl);
    await expect(prefetchList({ client, endpoint: '/products', instanceId: '' })).rejects.toThrow(
      /options\.instanceId/,
    );
    await expect(prefetchList({ client, endpoint: '' })).rejects.toBeInstanceOf(TypeError);
    await expect(prefetchList({ client, endpoint: '' })).rejects.toThrow(/endpoint/);
  });
});
