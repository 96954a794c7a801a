// @vitest-environment jsdom
import { cookieSession } from '@bridgekit/core/auth';
import { createClient, MemoryStorage } from '@bridgekit/core';
import {
  BridgeHydrate,
  BridgeProvider,
  useAuth,
  useBridgeClient,
  useBridgeApi,
  useBridgeQuery,
} from '@bridgekit/nextjs';
import { prefetchList } from '@bridgekit/nextjs/server';
import { type BridgeServer, createServer } from '@bridgekit/server';
import { act, cleanup, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

let server: BridgeServer;
let apiUrl: string;

beforeAll(async () => {
  server = createServer({ seed: 'demo' });
  ({ url: apiUrl } = await server.listen(0, '127.0.0.1'));
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  cleanup();
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: clearing jsdom's cookie jar between tests
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
});

function cookies(): Record<string, string> {
  return Object.fromEntries(
    document.cookie
      .split(';')
      .filter((pair) => pair.includes('='))
      .map((pair) => pair.trim().split('=') as [string, string]),
  );
}

function wrapperWith(props: Partial<Parameters<typeof BridgeProvider>[0]> = {}) {
  // Each provider gets its own storage: nothing leaks between tests through localStorage.
  const config = { baseUrl: apiUrl, storage: new MemoryStorage(), timeout: 5000 };
  return ({ children }: { children: ReactNode }) => (
    <BridgeProvider config={config} {...props}>
      {children}
    </BridgeProvider>
  );
}

describe('session cookie in cookie mode', () => {
  it("mirrors nothing: the API's own HttpOnly cookie is the session", async () => {
    // Stands in for the API's cookie (jsdom's fetch keeps none): the provider must leave it be.
    // biome-ignore lint/suspicious/noDocumentCookie: setting up jsdom's cookie jar
    document.cookie = 'session_id=set-by-the-api; Path=/';
    const config = {
      baseUrl: apiUrl,
      storage: new MemoryStorage(),
      timeout: 5000,
      session: cookieSession(),
    };
    const { result } = renderHook(() => useAuth(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <BridgeProvider config={config}>{children}</BridgeProvider>
      ),
    });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    let login: Awaited<ReturnType<typeof result.current.login>> | undefined;
    await act(async () => {
      login = await result.current.login({ email: 'admin@example.com', password: 'admin123' });
    });
    expect(login?.user).toMatchObject({ userName: 'admin' });
    expect(login).not.toHaveProperty('sessionId');
    expect(result.current.isAuthenticated).toBe(true);
    expect(cookies().session_id).toBe('set-by-the-api');
    await act(() => result.current.logout());
    expect(result.current.isAuthenticated).toBe(false);
    expect(cookies().session_id).toBe('set-by-the-api');
  });
});

describe('session cookie', () => {
  it('is written before login resolves and removed on logout', async () => {
    const { result } = renderHook(() => useAuth(), { wrapper: wrapperWith() });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    let sessionId = '';
    await act(async () => {
      const login = await result.current.login({
        email: 'admin@example.com',
        password: 'admin123',
      });
      sessionId = login.sessionId ?? '';
      // Checked inside the same tick as login's resolution: a navigation right now sees it.
      expect(cookies().session_id).toBe(sessionId);
    });
    expect(sessionId).not.toBe('');
    await act(() => result.current.logout());
    await waitFor(() => expect(cookies().session_id).toBeUndefined());
  });

  it('is written before register and refreshSession resolve (they start or replace a session)', async () => {
    const { result } = renderHook(() => useAuth(), { wrapper: wrapperWith() });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    await act(async () => {
      await result.current.register({
        email: `new-${Date.now()}@example.com`,
        password: 'long-enough-1',
      });
      expect(cookies().session_id).toMatch(/.+/);
    });
    const first = cookies().session_id;
    await act(async () => {
      expect(await result.current.refreshSession()).toBe(true);
      expect(cookies().session_id).not.toBe(first);
    });
    await act(() => result.current.logout());
    await waitFor(() => expect(cookies().session_id).toBeUndefined());
  });

  it('follows a refresh the client makes by itself (a 401 answered by refresh and replay)', async () => {
    const { result } = renderHook(() => ({ auth: useAuth(), client: useBridgeClient() }), {
      wrapper: wrapperWith(),
    });
    await waitFor(() => expect(result.current.auth.isLoading).toBe(false));
    await act(async () => {
      await result.current.auth.login({ email: 'admin@example.com', password: 'admin123' });
    });
    const first = cookies().session_id;
    server.expireSessions();
    await act(async () => {
      expect((await result.current.client.get('/auth/me')).status).toBe(200);
    });
    const renewed = await result.current.client.getSessionId();
    expect(renewed).not.toBe(first);
    // Server components and the proxy must see the session the browser now uses.
    await waitFor(() => expect(cookies().session_id).toBe(renewed));
    await act(() => result.current.auth.logout());
  });

  it('is removed when the server rejects the session as expired', async () => {
    const { result } = renderHook(
      () => ({
        auth: useAuth(),
        products: useBridgeApi<{ id: string }>({ endpoint: '/products' }),
      }),
      { wrapper: wrapperWith() },
    );
    await waitFor(() => expect(result.current.auth.isLoading).toBe(false));
    await act(() => result.current.auth.login({ userName: 'viewer', password: 'viewer123' }));
    expect(cookies().session_id).toBeDefined();
    // The refresh token is reused elsewhere, so no refresh can cure the expiry.
    const storage = result.current.products.client.getStorage();
    const refreshToken = await storage?.getItem('bridgekit_refresh_token');
    const thief = createClient(apiUrl, { fetch: globalThis.fetch });
    await thief.post('/auth/refresh', { refreshToken });
    await thief.post('/auth/refresh', { refreshToken });
    server.expireSessions();
    await act(async () => {
      await result.current.products.getList().catch(() => undefined);
    });
    await waitFor(() => expect(result.current.auth.sessionExpired).toBe(true));
    expect(cookies().session_id).toBeUndefined();
  });

  it('honours a custom name and can be turned off', async () => {
    const named = renderHook(() => useAuth(), {
      wrapper: wrapperWith({ cookie: { name: 'sid' } }),
    });
    await act(() =>
      named.result.current.login({ email: 'editor@example.com', password: 'editor123' }),
    );
    expect(cookies().sid).toBeDefined();
    expect(cookies().session_id).toBeUndefined();
    named.unmount();

    const off = renderHook(() => useAuth(), { wrapper: wrapperWith({ cookie: false }) });
    await act(() =>
      off.result.current.login({ email: 'editor@example.com', password: 'editor123' }),
    );
    expect(cookies().session_id).toBeUndefined();
  });

  it('mirrors a session restored from storage at start', async () => {
    const storage = new MemoryStorage();
    const first = renderHook(() => useAuth(), {
      wrapper: ({ children }) => (
        <BridgeProvider config={{ baseUrl: apiUrl, storage }} cookie={false}>
          {children}
        </BridgeProvider>
      ),
    });
    const { sessionId } = await first.result.current.login({
      email: 'admin@example.com',
      password: 'admin123',
    });
    first.unmount();
    expect(cookies().session_id).toBeUndefined();

    renderHook(() => useAuth(), {
      wrapper: ({ children }) => (
        <BridgeProvider config={{ baseUrl: apiUrl, storage }}>{children}</BridgeProvider>
      ),
    });
    await waitFor(() => expect(cookies().session_id).toBe(sessionId));
  });
});

const firstRenders: number[] = [];
const listParams = { page: 1, limit: 10 };
function Rows() {
  const service = useBridgeApi<{ id: string; name: string }>({ endpoint: '/products' });
  const { data } = useBridgeQuery(service, 'list', listParams);
  firstRenders.push(data.length);
  return (
    <ul>
      {data.map((row) => (
        <li key={row.id}>{row.name}</li>
      ))}
    </ul>
  );
}

describe('server-prefetched fallback', () => {
  it('gives the first render its data through BridgeHydrate and the provider prop', async () => {
    const login = await fetch(`${apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
    }).then((r) => r.json());
    const { createServerClient } = await import('@bridgekit/nextjs/server');
    const client = await createServerClient(apiUrl, {
      cookies: `session_id=${login.data.sessionId}`,
    });
    const fallback = await prefetchList({ client, endpoint: '/products', params: listParams });

    firstRenders.length = 0;
    const config = {
      baseUrl: apiUrl,
      storage: new MemoryStorage(),
      sessionId: login.data.sessionId,
    };
    const viaHydrate = render(
      <BridgeProvider config={config}>
        <BridgeHydrate fallback={fallback}>
          <Rows />
        </BridgeHydrate>
      </BridgeProvider>,
    );
    expect(firstRenders[0]).toBe(10);
    expect(viaHydrate.container.querySelectorAll('li')).toHaveLength(10);
    viaHydrate.unmount();

    firstRenders.length = 0;
    render(
      <BridgeProvider config={config} fallback={fallback}>
        <Rows />
      </BridgeProvider>,
    );
    expect(firstRenders[0]).toBe(10);
  });
});
