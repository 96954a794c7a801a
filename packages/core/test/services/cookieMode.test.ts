// Cookie sessions (`session: cookieSession()`) against the real reference
// server. Node's fetch keeps no cookies, so `jarFetch` plays the browser's part: it keeps the
// cookies the server sets (by name and path, as a browser would) and sends them back only
// for requests made with `credentials: 'include'` to the origin that set them. The browser
// itself is tested in test/browser/cookieMode.e2e.test.ts.
import {
  type ClientConfig,
  createAuthService,
  createClient,
  MemoryStorage,
  type SessionModule,
} from '@bridgekit/core';
import { cookieSession, createAuthLifecycle } from '@bridgekit/core/auth';
import { createServer } from '@bridgekit/server';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';

type Server = ReturnType<typeof createServer>;
const running: Server[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

interface Sent {
  url: string;
  credentials: RequestCredentials | undefined;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch with a browser-like cookie jar for one origin, recording what was sent. */
function jarFetch(origin: string) {
  const jar = new Map<string, { value: string; path: string }>();
  const sent: Sent[] = [];
  const fetchWithJar: typeof fetch = async (input, init = {}) => {
    const url = new URL(String(input));
    const headers = { ...(init.headers as Record<string, string>) };
    const withCookies = init.credentials === 'include' && url.origin === origin;
    if (withCookies) {
      const cookie = [...jar]
        .filter(([, c]) => url.pathname.startsWith(c.path))
        .map(([name, c]) => `${name}=${c.value}`)
        .join('; ');
      if (cookie) headers.cookie = cookie;
    }
    sent.push({ url: url.href, credentials: init.credentials, headers, body: init.body });
    const response = await fetch(url, { ...init, headers });
    if (withCookies) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const [name = '', value = ''] = pair.split(/=(.*)/s);
        const path = attributes.find((a) => /^\s*path=/i.test(a))?.split('=')[1] ?? '/';
        const expires = attributes.find((a) => /^\s*expires=/i.test(a))?.split('=')[1];
        if (value === '' || (expires && Date.parse(expires) <= Date.now())) jar.delete(name);
        else jar.set(name, { value, path });
      }
    }
    return response;
  };
  return { fetch: fetchWithJar, jar, sent };
}

async function setup(options: Parameters<typeof createServer>[0] = {}) {
  const server = createServer({ seed: 'demo', loginThrottle: false, ...options });
  running.push(server);
  const { url, origin } = await server.listen(0, '127.0.0.1');
  const browser = jarFetch(origin);
  const storage = new MemoryStorage();
  const client = createClient(url, {
    session: cookieSession(),
    storage,
    fetch: browser.fetch,
    timeout: 5000,
  });
  const auth = createAuthService(client);
  await auth.ready;
  const count = (path: string) =>
    server.requests().filter((r) => r.method === 'POST' && r.path.endsWith(path)).length;
  return { server, url, origin, storage, client, auth, count, ...browser };
}

const admin = { email: 'admin@example.com', password: 'admin123' };

describe('cookieSession()', () => {
  it('signs in with Prefer: session=cookie; the client holds no session, the cookie works', async () => {
    const { client, auth, storage, sent, jar } = await setup();
    // A fresh visitor: GET me answered 401, signed out, not "expired".
    expect(auth.getState()).toMatchObject({
      isAuthenticated: false,
      isLoading: false,
      sessionExpired: false,
    });
    const result = await auth.login(admin);
    expect(result.user).toMatchObject({ email: admin.email, userType: 'admin' });
    expect(result).not.toHaveProperty('sessionId');
    expect(result.expiresAt).toEqual(expect.any(String));
    expect(auth.getState()).toMatchObject({ isAuthenticated: true, user: { userName: 'admin' } });

    const login = sent.find((s) => s.url.endsWith('/auth/login'))!;
    expect(login.headers.Prefer).toBe('session=cookie');
    expect(login.credentials).toBe('include');
    expect([...jar.keys()].sort()).toEqual(['refresh_token', 'session_id']);

    expect(await client.hasSession()).toBe(false);
    expect(await client.getSessionId()).toBeNull();
    client.setSessionId('ignored');
    expect(await client.getSessionId()).toBeNull();
    expect(await storage.getItem('client_session_id')).toBeNull();

    const products = await client.get('/products');
    expect(products.success).toBe(true);
    const last = sent.at(-1)!;
    expect(last.credentials).toBe('include');
    expect(Object.keys(last.headers).map((h) => h.toLowerCase())).not.toContain('x-session-id');
    expect(last.headers.cookie).toMatch(/^session_id=[\w-]{43}$/);
    // Only sign-ins ask for cookies: a plain GET stays a simple request.
    expect(last.headers).not.toHaveProperty('Prefer');
  });

  it('sends no credentials to another origin', async () => {
    const { client, auth, sent } = await setup();
    const other = createServer({ seed: 'demo' });
    running.push(other);
    const { url: otherUrl } = await other.listen(0, '127.0.0.1');
    await auth.login(admin);
    const res = await client.get(`${otherUrl}/health`);
    expect(res.success).toBe(true);
    const last = sent.at(-1)!;
    expect(last.url).toBe(`${otherUrl}/health`);
    expect(last.credentials).toBeUndefined();
    expect(last.headers).not.toHaveProperty('cookie');
    // A request interceptor that moves a call to another origin: no credentials either.
    client.addRequestInterceptor((config) =>
      config.url.endsWith('/me') ? { ...config, url: `${otherUrl}/health` } : config,
    );
    await client.get('/auth/me');
    expect(sent.at(-1)!.credentials).toBeUndefined();
  });

  it('restores the sign-in from the server at start, and logout clears both cookies', async () => {
    const first = await setup();
    await first.auth.login(admin);
    // A second service on the same "browser" (a reload): it asks GET me.
    const auth = createAuthService(
      createClient(first.url, { session: cookieSession(), fetch: first.fetch, timeout: 5000 }),
    );
    expect(auth.getState().isLoading).toBe(true);
    await auth.ready;
    expect(auth.getState()).toMatchObject({ isAuthenticated: true, user: { userName: 'admin' } });

    await auth.logout();
    const logout = first.sent.at(-1)!;
    expect(logout.url).toMatch(/\/auth\/logout$/);
    expect(logout.headers.Prefer).toBe('session=cookie');
    expect(first.jar.size).toBe(0);
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, sessionExpired: false });
    expect((await first.client.get('/auth/me')).status).toBe(401);
  });

  it('an expired cookie session refreshes once through the refresh cookie for 20 concurrent requests', async () => {
    const { server, client, auth, count, sent, jar } = await setup();
    const account = createAuthLifecycle(auth);
    await auth.login(admin);
    const before = jar.get('refresh_token')!.value;
    server.expireSessions();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => client.get('/products', { params: { limit: 1 } })),
    );
    expect(results.every((r) => r.success)).toBe(true);
    expect(count('/auth/refresh')).toBe(1);
    const refresh = sent.find((s) => s.url.endsWith('/auth/refresh'))!;
    // No token in the body: the cookie, sent to its own path only, carries it.
    expect(refresh.body).toBeUndefined();
    expect(refresh.headers.Prefer).toBe('session=cookie');
    expect(refresh.headers.cookie).toMatch(/refresh_token=/);
    expect(jar.get('refresh_token')!.value).not.toBe(before);
    // The refresh cookie's path is the auth routes: entity requests never carry it.
    const entityRequests = sent.filter((r) => !new URL(r.url).pathname.startsWith('/api/auth/'));
    expect(entityRequests.length).toBeGreaterThan(0);
    for (const s of entityRequests) {
      expect(s.headers.cookie ?? '').not.toMatch(/refresh_token/);
    }
    expect(auth.getState()).toMatchObject({ isAuthenticated: true, sessionExpired: false });
    account.dispose();
  });

  it('a refused refresh reports the session expired', async () => {
    const { server, client, auth, jar } = await setup();
    const account = createAuthLifecycle(auth);
    await auth.login(admin);
    // Another tab spent the token and then signed out: this one is refused.
    jar.set('refresh_token', { value: 'made-up', path: '/api/auth' });
    server.expireSessions();
    expect(await account.refreshSession()).toBe(false);
    const res = await client.get('/products');
    expect(res.status).toBe(401);
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, sessionExpired: true });
    account.dispose();
  });

  it('refreshes before the cookie session ends, by itself (proactive, as in token mode)', async () => {
    const { auth, count, jar } = await setup({ sessionTtlMs: 1500 });
    const account = createAuthLifecycle(auth);
    await auth.login(admin);
    const first = jar.get('session_id')!.value;
    // Planned halfway through the 1.5 s session from the answer's expiresAt: no 401 needed.
    await vi.waitFor(() => expect(count('/auth/refresh')).toBeGreaterThan(0), { timeout: 4000 });
    await vi.waitFor(() => expect(jar.get('session_id')!.value).not.toBe(first));
    expect(auth.getState()).toMatchObject({ isAuthenticated: true, sessionExpired: false });
    // Logout ends the plan: no refresh after it.
    await auth.logout();
    const after = count('/auth/refresh');
    await new Promise((r) => setTimeout(r, 1000));
    expect(count('/auth/refresh')).toBe(after);
    account.dispose();
  });

  it('register signs in with cookies through the lifecycle', async () => {
    const { auth, jar, sent } = await setup();
    const account = createAuthLifecycle(auth);
    const user = await account.register({ email: 'jar@example.com', password: 'long-enough-1' });
    expect(user).toMatchObject({ email: 'jar@example.com' });
    expect(sent.find((s) => s.url.endsWith('/auth/register'))!.headers.Prefer).toBe(
      'session=cookie',
    );
    expect(jar.has('session_id')).toBe(true);
    expect(auth.getState().isAuthenticated).toBe(true);
    account.dispose();
  });

  it('config checks name the option; sessionMode is gone (a typo-like unknown key)', () => {
    expect(() => createClient('http://127.0.0.1:1', { session: 'cookie' as never })).toThrow(
      /config\.session must be a session module/,
    );
    expect(() =>
      createClient('http://127.0.0.1:1', { session: cookieSession(), sessionId: 'abc' }),
    ).toThrow(/sessionId cannot be combined with config\.session/);
    expect(() =>
      createClient('http://127.0.0.1:1', { session: cookieSession(), getSessionId: () => null }),
    ).toThrow(/getSessionId cannot be combined/);
    expect(() => createClient('http://127.0.0.1:1', { sessionMode: 'cookie' } as never)).toThrow(
      /config\.sessionMode is not an option/,
    );
    const session = cookieSession();
    expect(createClient('http://127.0.0.1:1', { session }).getConfig().session).toBe(session);
  });

  it('types: cookieSession() is a SessionModule for config.session', () => {
    expectTypeOf(cookieSession()).toEqualTypeOf<SessionModule>();
    expectTypeOf<ClientConfig['session']>().toEqualTypeOf<SessionModule | undefined>();
    expectTypeOf<ClientConfig>().not.toHaveProperty('sessionMode');
  });
});
