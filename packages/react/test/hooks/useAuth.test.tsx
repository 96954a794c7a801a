// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
import {
  BridgeProvider,
  type UseAuthResult,
  useAuth,
  useBridgeApi,
  useBridgeQuery,
} from '@bridgekit/react/hooks';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  makeClient,
  type Product,
  providerProps,
  renderWithProvider,
  startServer,
  type TestServer,
} from './helpers';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

let auth: UseAuthResult;
function Probe() {
  auth = useAuth();
  return <p>{auth.isLoading ? 'loading' : (auth.user?.userName ?? 'anonymous')}</p>;
}

describe('useAuth', () => {
  it('logs in with an e-mail or a user name, exposes the user, logs out', async () => {
    renderWithProvider({ client: makeClient(server.url) }, <Probe />);
    await screen.findByText('anonymous');
    expect(auth).toMatchObject({
      user: null,
      isAuthenticated: false,
      isLoading: false,
      sessionExpired: false,
    });
    let result: unknown;
    await act(async () => {
      result = await auth.login({ email: 'editor@example.com', password: 'editor123' });
    });
    expect(result).toMatchObject({ user: { userType: 'editor' }, sessionId: expect.any(String) });
    expect(screen.getByText('editor')).toBeTruthy();
    expect(auth.isAuthenticated).toBe(true);
    await act(() => auth.logout());
    expect(screen.getByText('anonymous')).toBeTruthy();
    await act(async () => {
      await auth.login({ userName: 'viewer', password: 'viewer123' });
    });
    expect(auth.user?.userType).toBe('viewer');
  });

  it('login rejects with the server error and leaves the state signed out', async () => {
    renderWithProvider({ client: makeClient(server.url) }, <Probe />);
    await screen.findByText('anonymous');
    await act(async () => {
      await expect(
        auth.login({ email: 'admin@example.com', password: 'wrong' }),
      ).rejects.toMatchObject({
        name: 'BridgeApiError',
        status: 401,
      });
    });
    expect(auth).toMatchObject({ isAuthenticated: false, isLoading: false, sessionExpired: false });
  });

  it('persists session and user in localStorage by default and restores them on the next mount', async () => {
    const config = { baseUrl: server.url, fetch: globalThis.fetch };
    const first = render(
      <BridgeProvider {...providerProps({ config })}>
        <Probe />
      </BridgeProvider>,
    );
    await screen.findByText('anonymous');
    await act(async () => {
      await auth.login({ email: 'admin@example.com', password: 'admin123' });
    });
    expect(localStorage.getItem('client_session_id')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('bridgekit_user') ?? '{}').userName).toBe('admin');
    first.unmount();
    const loginsBefore = server.count('POST', '/auth/login');

    render(
      <BridgeProvider {...providerProps({ config })}>
        <Probe />
      </BridgeProvider>,
    );
    await screen.findByText('admin');
    expect(auth.isAuthenticated).toBe(true);
    expect(server.count('POST', '/auth/login')).toBe(loginsBefore);
    await act(() => auth.logout());
    expect(localStorage.getItem('bridgekit_user')).toBeNull();
    expect(localStorage.getItem('client_session_id')).toBeNull();
  });

  it('validateSession and refreshUser ask the server', async () => {
    const client = makeClient(server.url);
    renderWithProvider({ client }, <Probe />);
    await screen.findByText('anonymous');
    await act(async () => {
      await expect(auth.validateSession()).resolves.toEqual({ isValid: false });
      await auth.login({ email: 'admin@example.com', password: 'admin123' });
    });
    await act(async () => {
      await expect(auth.validateSession()).resolves.toMatchObject({
        isValid: true,
        user: { userName: 'admin' },
      });
      await expect(auth.refreshUser()).resolves.toMatchObject({ userName: 'admin' });
    });
    expect(server.count('GET', '/auth/validation')).toBe(1);
    expect(server.count('GET', '/auth/me')).toBe(1);
    // An expired session is refreshed with the refresh token of the login...
    server.expireSessions();
    await act(async () => {
      await expect(auth.refreshUser()).resolves.toMatchObject({ userName: 'admin' });
    });
    // ...until the refresh token is refused too: then the session has expired.
    const refreshToken = await client.getStorage()?.getItem('bridgekit_refresh_token');
    const thief = makeClient(server.url);
    await thief.post('/auth/refresh', { refreshToken });
    expect((await thief.post('/auth/refresh', { refreshToken })).status).toBe(401); // reused
    server.expireSessions();
    await act(async () => {
      await expect(auth.refreshUser()).resolves.toBeNull();
    });
    expect(auth).toMatchObject({ user: null, isAuthenticated: false, sessionExpired: true });
  });

  it("login reloads the instance's queries; logout drops them, so the next user never sees them", async () => {
    let rows: Product[] = [];
    function List() {
      const products = useBridgeApi<Product>({ endpoint: '/products' });
      rows = useBridgeQuery(products, 'list', { limit: 2 }).data;
      return null;
    }
    renderWithProvider(
      { client: makeClient(server.url) },
      <>
        <Probe />
        <List />
      </>,
    );
    await screen.findByText('anonymous');
    // Signed out, the list fails with 401...
    await waitFor(() => expect(server.count('GET', '/products')).toBe(1));
    expect(rows).toEqual([]);
    // ...and signing in loads it.
    await act(async () => {
      await auth.login({ email: 'admin@example.com', password: 'admin123' });
    });
    await waitFor(() => expect(rows).toHaveLength(2));
    await act(() => auth.logout());
    expect(rows).toEqual([]);
  });
});
