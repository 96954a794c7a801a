// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
// Every account field useAuth gained, against the real reference server, and
// the lifecycle options the provider passes from the instance config.
import { type Client, createClient, MemoryStorage } from '@bridgekit/core';
import { type AuthLifecycleModule, authLifecycle } from '@bridgekit/core/auth';
import {
  type BridgeProviderProps,
  type UseAuthResult,
  useAuth,
  useAuthGuard,
  useBridgeApi,
  useBridgeQuery,
} from '@bridgekit/react/hooks';
import { createServer } from '@bridgekit/server';
import { act, screen, waitFor } from '@testing-library/react';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeClient, renderWithProvider } from './helpers';

const running: Array<ReturnType<typeof createServer>> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

type ProviderOptions = Omit<BridgeProviderProps, 'client' | 'config' | 'instances' | 'children'>;

async function start(options: ProviderOptions = {}) {
  const resets: string[] = [];
  const server = createServer({
    seed: 'demo',
    loginThrottle: false,
    onPasswordReset: (_email, token) => resets.push(token),
  });
  running.push(server);
  const { url } = await server.listen(0, '127.0.0.1');
  const client: Client = makeClient(url);
  let auth!: UseAuthResult<AuthLifecycleModule>;
  let guardLoading: boolean[] = [];
  function Probe() {
    auth = useAuth<AuthLifecycleModule>();
    guardLoading.push(useAuthGuard({ validateOnMount: false }).isLoading);
    return <p>{auth.isLoading ? 'loading' : (auth.user?.email ?? 'anonymous')}</p>;
  }
  renderWithProvider({ client, ...options }, <Probe />);
  await screen.findByText('anonymous');
  const count = (path: string) =>
    server.requests().filter((r) => r.method === 'POST' && r.path.endsWith(path)).length;
  return {
    server,
    url,
    client,
    resets,
    count,
    auth: () => auth,
    guardLoading: () => guardLoading,
    forgetGuard: () => {
      guardLoading = [];
    },
  };
}

const admin = { email: 'admin@example.com', password: 'admin123' };

describe('useAuth: account actions', () => {
  it('register signs in and shows the user; a refused one sets accountError', async () => {
    const { auth } = await start();
    expect(auth()).toMatchObject({ isAccountLoading: false, accountError: null });
    await act(async () => {
      await auth().register({ email: 'new@example.com', password: 'long-enough-1' });
    });
    expect(screen.getByText('new@example.com')).toBeTruthy();
    expect(auth().user?.userType).toBe('viewer');
    let thrown: unknown;
    await act(async () => {
      await auth()
        .register({ email: 'new@example.com', password: 'long-enough-1' })
        .catch((e: unknown) => {
          thrown = e;
        });
    });
    expect(thrown).toMatchObject({ name: 'BridgeApiError', status: 409 });
    expect(auth()).toMatchObject({ isAccountLoading: false, accountError: thrown });
    expect(auth().isAuthenticated).toBe(true); // a failed account action is not a sign-out
  });

  it('has exactly the account actions of the module: not its listener, teardown or paths', async () => {
    const { auth } = await start();
    const functions = Object.keys(auth()).filter(
      (name) => typeof auth()[name as keyof ReturnType<typeof auth>] === 'function',
    );
    expect(functions.sort()).toEqual(
      [
        'login',
        'logout',
        'validateSession',
        'refreshUser',
        'register',
        'requestPasswordReset',
        'resetPassword',
        'changePassword',
        'verifyTwoFactor',
        'setupTwoFactor',
        'enableTwoFactor',
        'disableTwoFactor',
        'refreshSession',
      ].sort(),
    );
    expect(auth()).not.toHaveProperty('paths');
  });

  it('register reloads the queries that failed while signed out, as login does', async () => {
    const server = createServer({ seed: 'demo', loginThrottle: false });
    running.push(server);
    const { url } = await server.listen(0, '127.0.0.1');
    let auth!: UseAuthResult<AuthLifecycleModule>;
    let rows: unknown[] = [];
    function Probe() {
      auth = useAuth<AuthLifecycleModule>();
      const products = useBridgeApi<{ id: string }>({ endpoint: '/products' });
      rows = useBridgeQuery(products, 'list', { limit: 2 }).data;
      return <p>{auth.user?.email ?? 'anonymous'}</p>;
    }
    renderWithProvider({ client: makeClient(url) }, <Probe />);
    await screen.findByText('anonymous');
    const lists = () => server.requests().filter((r) => r.path.startsWith('/api/products')).length;
    await waitFor(() => expect(lists()).toBe(1)); // 401: signed out
    expect(rows).toEqual([]);
    await act(async () => {
      await auth.register({ email: 'list@example.com', password: 'long-enough-1' });
    });
    await waitFor(() => expect(rows).toHaveLength(2));
  });

  it('isAccountLoading is true while an action runs; isLoading and guards stay put', async () => {
    const { auth, guardLoading, forgetGuard } = await start();
    await act(async () => {
      await auth().login(admin);
    });
    forgetGuard();
    let pending!: Promise<void>;
    act(() => {
      pending = auth().changePassword('admin123', 'a-new-secret-1');
    });
    expect(auth()).toMatchObject({ isAccountLoading: true, isLoading: false });
    await act(() => pending);
    expect(auth()).toMatchObject({ isAccountLoading: false, accountError: null, isLoading: false });
    // The guard rendered again (the hook's status changed) and never showed loading.
    expect(guardLoading().length).toBeGreaterThan(0);
    expect(guardLoading()).not.toContain(true);
  });

  it('overlapping actions: isAccountLoading until the last settles; the last to settle sets accountError', async () => {
    const server = createServer({ seed: 'demo', loginThrottle: false });
    running.push(server);
    const { url } = await server.listen(0, '127.0.0.1');
    // Holds each password-reset request until the test releases it.
    const held: Array<() => void> = [];
    const client = createClient(url, {
      storage: new MemoryStorage(),
      timeout: 5000,
      fetch: (input, init) =>
        String(input).includes('password')
          ? new Promise<Response>((resolve) => held.push(() => resolve(fetch(input, init))))
          : fetch(input, init),
    });
    let auth!: UseAuthResult<AuthLifecycleModule>;
    function Probe() {
      auth = useAuth<AuthLifecycleModule>();
      return <p>{auth.isLoading ? 'loading' : 'ready'}</p>;
    }
    renderWithProvider({ client }, <Probe />);
    await screen.findByText('ready');
    let ok!: Promise<void>;
    let refused!: Promise<unknown>;
    act(() => {
      ok = auth.requestPasswordReset('viewer@example.com');
      refused = auth.resetPassword('not-a-token', 'reset-secret-1').catch((e: unknown) => e);
    });
    await waitFor(() => expect(held).toHaveLength(2));
    await act(async () => {
      held[1]!();
      await refused;
    });
    expect(auth).toMatchObject({
      isAccountLoading: true,
      accountError: { name: 'BridgeApiError' },
    });
    await act(async () => {
      held[0]!();
      await ok;
    });
    expect(auth).toMatchObject({ isAccountLoading: false, accountError: null });
  });

  it('requestPasswordReset + resetPassword, then changePassword while signed in', async () => {
    const { auth, resets } = await start();
    await act(() => auth().requestPasswordReset('viewer@example.com'));
    expect(resets).toHaveLength(1);
    await act(() => auth().resetPassword(resets[0]!, 'reset-secret-1'));
    await act(async () => {
      await auth().login({ email: 'viewer@example.com', password: 'reset-secret-1' });
    });
    await act(() => auth().changePassword('reset-secret-1', 'changed-secret-2'));
    expect(auth().accountError).toBeNull();
    await act(() => auth().logout());
    await act(async () => {
      await auth().login({ email: 'viewer@example.com', password: 'changed-secret-2' });
    });
    expect(auth().isAuthenticated).toBe(true);
  });

  it('setupTwoFactor, enableTwoFactor, verifyTwoFactor at sign-in, disableTwoFactor', async () => {
    const { auth } = await start();
    await act(async () => {
      await auth().login(admin);
    });
    let secret = '';
    await act(async () => {
      secret = (await auth().setupTwoFactor()).secret;
    });
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    let recoveryCodes: string[] = [];
    await act(async () => {
      recoveryCodes = (await auth().enableTwoFactor(totp.generate())).recoveryCodes;
    });
    expect(recoveryCodes).toHaveLength(10);
    await act(() => auth().logout());
    let result: unknown;
    await act(async () => {
      result = await auth().login(admin);
    });
    // A result, not a failure: the server answered 200 and nobody is signed in yet.
    expect(result).toEqual({ twoFactorRequired: true });
    expect(auth().isAuthenticated).toBe(false);
    await act(async () => {
      await auth().verifyTwoFactor(totp.generate({ timestamp: Date.now() + 30_000 }));
    });
    await screen.findByText('admin@example.com');
    await act(async () => {
      await auth()
        .disableTwoFactor('000000')
        .catch(() => {});
    });
    expect(auth().accountError).toMatchObject({ status: 403 });
    await act(() => auth().disableTwoFactor(recoveryCodes[0]!));
    expect(auth().accountError).toBeNull();
  });

  it('refreshSession renews an expired session; requests after expiry refresh by themselves', async () => {
    const { server, client, auth, count } = await start();
    // Refresh tokens work from the first request: no account action was called yet.
    await act(async () => {
      await auth().login({ email: 'editor@example.com', password: 'editor123' });
    });
    server.expireSessions();
    expect((await client.get('/products')).status).toBe(200);
    expect(count('/auth/refresh')).toBe(1);
    server.expireSessions();
    let renewed: unknown;
    await act(async () => {
      renewed = await auth().refreshSession();
    });
    expect(renewed).toBe(true);
    await waitFor(() => expect(auth().sessionExpired).toBe(false));
    expect(auth().isAuthenticated).toBe(true);
  });
});

describe('BridgeProvider: the lifecycle module of an instance', () => {
  it('onSessionRefreshed and onSessionExpired (not on logout)', async () => {
    const onSessionRefreshed = vi.fn();
    const onSessionExpired = vi.fn();
    const { server, client, auth, url } = await start({
      lifecycle: authLifecycle({ onSessionRefreshed, onSessionExpired }),
    });
    await act(async () => {
      await auth().login(admin);
    });
    server.expireSessions();
    expect((await client.get('/auth/me')).status).toBe(200);
    expect(onSessionRefreshed).toHaveBeenCalledTimes(1);
    await act(() => auth().logout());
    expect(onSessionExpired).not.toHaveBeenCalled();

    await act(async () => {
      await auth().login(admin);
    });
    // The refresh token is spent elsewhere twice: the family ends, the next 401 is final.
    const token = (await client.getStorage()!.getItem('bridgekit_refresh_token'))!;
    const thief = createClient(url, { fetch: globalThis.fetch });
    await thief.post('/auth/refresh', { refreshToken: token });
    await thief.post('/auth/refresh', { refreshToken: token });
    server.expireSessions();
    await act(async () => {
      await client.get('/auth/me');
    });
    await waitFor(() => expect(auth().sessionExpired).toBe(true));
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('validateInterval and refreshTokenStorage from a config instance', async () => {
    const secure = new MemoryStorage();
    const sessions = new MemoryStorage();
    const server = createServer({ seed: 'demo', loginThrottle: false });
    running.push(server);
    const { url } = await server.listen(0, '127.0.0.1');
    let auth!: UseAuthResult<AuthLifecycleModule>;
    function Probe() {
      auth = useAuth<AuthLifecycleModule>();
      return <p>{auth.isLoading ? 'loading' : (auth.user?.email ?? 'anonymous')}</p>;
    }
    renderWithProvider(
      {
        config: {
          baseUrl: url,
          storage: sessions,
          fetch: globalThis.fetch,
          lifecycle: authLifecycle({
            validateInterval: 1000,
            refreshTokenStorage: secure,
          }),
        },
      },
      <Probe />,
    );
    await screen.findByText('anonymous');
    await act(async () => {
      await auth.login(admin);
    });
    expect(await secure.getItem('bridgekit_refresh_token')).toMatch(/.+/);
    expect(await sessions.getItem('bridgekit_refresh_token')).toBeNull();
    const validations = () =>
      server.requests().filter((r) => r.path.endsWith('/auth/validation')).length;
    await waitFor(() => expect(validations()).toBeGreaterThan(0), { timeout: 2000 });
  });

  it('a bad option is a TypeError naming it', async () => {
    const server = createServer({ seed: 'demo' });
    running.push(server);
    const { url } = await server.listen(0, '127.0.0.1');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      renderWithProvider(
        { config: { baseUrl: url, lifecycle: authLifecycle({ validateInterval: '5s' as never }) } },
        <p>never</p>,
      ),
    ).toThrow(/validateInterval must be a number/);
    vi.restoreAllMocks();
  });
});
