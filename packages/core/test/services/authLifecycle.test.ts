// Account flows, two-factor sign-in and refresh tokens against the real
// reference server.
import { type Client, createAuthService, createClient, MemoryStorage } from '@bridgekit/core';
import { createAuthLifecycle, crossTabSync } from '@bridgekit/core/auth';
import { createServer } from '@bridgekit/server';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it, vi } from 'vitest';

type Server = ReturnType<typeof createServer>;
const running: Server[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function setup(options: Parameters<typeof createServer>[0] = {}) {
  const resets: string[] = [];
  const server = createServer({
    seed: 'demo',
    loginThrottle: false,
    onPasswordReset: (_email, token) => resets.push(token),
    ...options,
  });
  running.push(server);
  const { url } = await server.listen(0, '127.0.0.1');
  const storage = new MemoryStorage();
  const client: Client = createClient(url, { storage, fetch: globalThis.fetch, timeout: 5000 });
  const auth = createAuthService(client);
  await auth.ready;
  const account = createAuthLifecycle(auth);
  const count = (path: string) =>
    server.requests().filter((r) => r.method === 'POST' && r.path.endsWith(path)).length;
  return { server, url, storage, client, auth, account, resets, count };
}

const admin = { email: 'admin@example.com', password: 'admin123' };

describe('account flows', () => {
  it('register signs in; reset via the mailed token; the old password is refused', async () => {
    const { auth, account, resets, client } = await setup();
    const user = await account.register({ email: 'new@example.com', password: 'long-enough-1' });
    expect(user).toMatchObject({ email: 'new@example.com', userType: 'viewer' });
    expect(auth.getState()).toMatchObject({
      isAuthenticated: true,
      user: { email: 'new@example.com' },
    });

    await auth.logout();
    await account.requestPasswordReset('new@example.com');
    await account.requestPasswordReset('nobody@example.com'); // no enumeration: also resolves
    expect(resets).toHaveLength(1);
    await account.resetPassword(resets[0]!, 'another-secret-2');
    await expect(
      auth.login({ email: 'new@example.com', password: 'long-enough-1' }),
    ).rejects.toMatchObject({ name: 'BridgeApiError', status: 401 });
    await auth.login({ email: 'new@example.com', password: 'another-secret-2' });
    expect(await client.hasSession()).toBe(true);
  });

  it('register failures are BridgeApiErrors with the fields (422, 409)', async () => {
    const { account } = await setup();
    await expect(
      account.register({ email: 'not-an-address', password: 'x' }),
    ).rejects.toMatchObject({
      name: 'BridgeApiError',
      status: 422,
      errors: { email: expect.any(String), password: expect.any(String) },
    });
    await expect(
      account.register({ email: 'admin@example.com', password: 'long-enough-1' }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(account.register({ email: 'a@b.c' } as never)).rejects.toThrow(TypeError);
  });

  it('changePassword with the session; a wrong old password is a 403, not a sign-out', async () => {
    const { auth, account } = await setup();
    await auth.login(admin);
    await expect(account.changePassword('wrong', 'a-new-secret')).rejects.toMatchObject({
      status: 403,
    });
    expect(auth.getState().isAuthenticated).toBe(true);
    await account.changePassword('admin123', 'a-new-secret');
    await auth.logout();
    await expect(auth.login(admin)).rejects.toMatchObject({ status: 401 });
    await auth.login({ email: admin.email, password: 'a-new-secret' });
  });

  it('two-factor: login resolves { twoFactorRequired: true }, verifyTwoFactor signs in', async () => {
    const { auth, account, client } = await setup();
    const seen: Array<[string, number, boolean]> = [];
    client.addResponseInterceptor((res, req) => {
      seen.push([new URL(req.url).pathname, res.status, res.success]);
      return res;
    });
    await auth.login(admin);
    const secret = (await client.post('/auth/2fa/setup')).data.secret as string;
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    expect((await client.post('/auth/2fa/enable', { code: totp.generate() })).success).toBe(true);
    await auth.logout();

    await expect(account.verifyTwoFactor('123456')).rejects.toMatchObject({ code: 'CLIENT_ERROR' });
    seen.length = 0;
    const result = await auth.login(admin);
    expect(result).toMatchObject({ twoFactorRequired: true });
    expect(result.user).toBeUndefined();
    // No interceptor saw a failure that did not happen: the server answered 200.
    expect(seen).toEqual([['/api/auth/login', 200, true]]);
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, isLoading: false });
    // The next period's code: accepted, and never the one that enabled 2FA.
    const user = await account.verifyTwoFactor(totp.generate({ timestamp: Date.now() + 30_000 }));
    expect(user).toMatchObject({ email: admin.email });
    expect(auth.getState()).toMatchObject({ isAuthenticated: true, sessionExpired: false });
  });
});

describe('two-factor management', () => {
  it('setup -> enable (recovery codes) -> sign-in needs a code -> disable', async () => {
    const { auth, account } = await setup();
    await auth.login(admin);
    const { secret, uri } = await account.setupTwoFactor();
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    await expect(account.enableTwoFactor('000000')).rejects.toMatchObject({
      name: 'BridgeApiError',
      status: 422,
    });
    const { recoveryCodes } = await account.enableTwoFactor(totp.generate());
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // A second setup while enabled is refused, as a BridgeApiError.
    await expect(account.setupTwoFactor()).rejects.toMatchObject({ status: 409 });

    await auth.logout();
    await expect(auth.login(admin)).resolves.toEqual({ twoFactorRequired: true });
    await account.verifyTwoFactor(recoveryCodes[0]!);
    expect(auth.getState().isAuthenticated).toBe(true);

    await expect(account.disableTwoFactor('000000')).rejects.toMatchObject({ status: 403 });
    expect(auth.getState().isAuthenticated).toBe(true); // a 403, not a sign-out
    await account.disableTwoFactor(recoveryCodes[1]!);
    await auth.logout();
    await expect(auth.login(admin)).resolves.toMatchObject({ user: { email: admin.email } });
  });

  it('needs a session and a code: 401 signed out, TypeError without a code', async () => {
    const { account } = await setup();
    await expect(account.setupTwoFactor()).rejects.toMatchObject({ status: 401 });
    await expect(account.enableTwoFactor('' as never)).rejects.toThrow(TypeError);
    await expect(account.disableTwoFactor(undefined as never)).rejects.toThrow(/code/);
  });

  it('paths come from options (a dialect would set them the same way)', async () => {
    const { auth, account } = await setup();
    account.dispose();
    const moved = createAuthLifecycle(auth, { paths: { twoFactorSetup: '/auth/2fa/nowhere' } });
    expect(moved.paths).toMatchObject({
      twoFactorSetup: '/auth/2fa/nowhere',
      twoFactorEnable: '/auth/2fa/enable',
      twoFactorDisable: '/auth/2fa/disable',
    });
    await auth.login(admin);
    await expect(moved.setupTwoFactor()).rejects.toMatchObject({ status: 404 });
  });
});

describe('refresh tokens', () => {
  it('20 concurrent requests after expiry: one refresh call, all 20 succeed', async () => {
    const { server, auth, client, storage, count } = await setup();
    await auth.login(admin);
    expect(await storage.getItem('bridgekit_refresh_token')).toMatch(/.+/);
    server.expireSessions();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.get('/products', { params: { page: i + 1 } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(count('/auth/refresh')).toBe(1);
    expect(auth.getState()).toMatchObject({ isAuthenticated: true, sessionExpired: false });
  });

  it('a reused refresh token ends the family: the next 401 reports session-expired', async () => {
    const { server, auth, client, storage, url } = await setup();
    await auth.login(admin);
    const first = (await storage.getItem('bridgekit_refresh_token'))!;
    server.expireSessions();
    expect((await client.get('/products')).status).toBe(200); // refreshed with `first`
    // Someone replays the stolen first token: the server revokes the whole sign-in.
    const replay = await createClient(url, { fetch: globalThis.fetch }).post('/auth/refresh', {
      refreshToken: first,
    });
    expect(replay.status).toBe(401);
    server.expireSessions();
    const res = await client.get('/products');
    expect(res.status).toBe(401);
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, sessionExpired: true });
    expect(await storage.getItem('bridgekit_refresh_token')).toBeNull();
  });

  it('refreshes before expiry by itself (proactive)', async () => {
    const { auth, account, client, count } = await setup({ sessionTtlMs: 1500 });
    await auth.login(admin);
    const first = await client.getSessionId();
    // Planned halfway through the 1.5 s session: a new session arrives without any 401.
    await vi.waitFor(() => expect(count('/auth/refresh')).toBeGreaterThan(0), { timeout: 4000 });
    await vi.waitFor(async () => expect(await client.getSessionId()).not.toBe(first));
    account.dispose();
    expect(auth.getState().isAuthenticated).toBe(true);
  });

  it('logout drops the refresh token; refreshSession then resolves false', async () => {
    const { auth, account, storage } = await setup();
    await auth.login(admin);
    await auth.logout();
    expect(await storage.getItem('bridgekit_refresh_token')).toBeNull();
    expect(await account.refreshSession()).toBe(false);
  });

  it('refuses a refresh path on another origin', async () => {
    const { auth } = await setup();
    createAuthLifecycle(auth).dispose();
    expect(() =>
      createAuthLifecycle(auth, { paths: { refresh: 'https://elsewhere.example/refresh' } }),
    ).toThrow(TypeError);
  });
});

describe('lifecycle options', () => {
  it('are checked: TypeError or RangeError naming the option', async () => {
    const { auth, account } = await setup();
    account.dispose();
    const create = (options: object) => () => createAuthLifecycle(auth, options);
    expect(create({ validateInterval: '1000' })).toThrow(
      new TypeError('validateInterval must be a number, got "1000"'),
    );
    expect(create({ validateInterval: 10 })).toThrow(RangeError);
    expect(create({ validateInterval: 10 })).toThrow(/validateInterval/);
    expect(create({ validateInterval: 2 ** 31 })).toThrow(RangeError);
    expect(create({ onSessionExpired: 'x' })).toThrow(/onSessionExpired must be a function/);
    expect(create({ onSessionRefreshed: {} })).toThrow(/onSessionRefreshed must be a function/);
    expect(create({ refreshTokenStorage: { getItem() {} } })).toThrow(/refreshTokenStorage/);
    // The boolean of before the module: the message says what to pass instead.
    expect(create({ crossTab: true })).toThrow(
      new TypeError(
        "crossTab must be a module (crossTab: crossTabSync() from '@bridgekit/core/auth'), got true",
      ),
    );
  });

  it('validateInterval validates while signed in, not while signed out', async () => {
    const { auth, account, server } = await setup();
    account.dispose();
    const validations = () =>
      server.requests().filter((r) => r.method === 'GET' && r.path.endsWith('/auth/validation'))
        .length;
    const lifecycle = createAuthLifecycle(auth, { validateInterval: 1000 });
    await new Promise((r) => setTimeout(r, 1200));
    expect(validations()).toBe(0); // signed out: no timer
    await auth.login(admin);
    await vi.waitFor(() => expect(validations()).toBe(1), { timeout: 1500 });
    await auth.logout();
    await new Promise((r) => setTimeout(r, 1200));
    expect(validations()).toBe(1); // stopped on sign-out
    lifecycle.dispose();
  });

  it('validation that says invalid calls onSessionExpired once; a network failure does not sign out', async () => {
    const { auth, account, server } = await setup();
    account.dispose();
    const onSessionExpired = vi.fn();
    const lifecycle = createAuthLifecycle(auth, { validateInterval: 1000, onSessionExpired });
    await auth.login(admin);
    server.expireSessions();
    await vi.waitFor(() => expect(auth.getState().sessionExpired).toBe(true), { timeout: 2000 });
    expect(auth.getState().isAuthenticated).toBe(false);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);

    await auth.login(admin);
    await server.close(); // every validation now fails on the network
    await new Promise((r) => setTimeout(r, 2200));
    expect(auth.getState()).toMatchObject({ isAuthenticated: true, sessionExpired: false });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    lifecycle.dispose();
  });

  it('onSessionExpired after a 401 a refresh cannot cure; never on logout', async () => {
    const { auth, account, server, client, storage, url } = await setup();
    account.dispose();
    const onSessionExpired = vi.fn();
    const lifecycle = createAuthLifecycle(auth, { onSessionExpired });
    await auth.login(admin);
    await auth.logout();
    expect(onSessionExpired).not.toHaveBeenCalled();

    await auth.login(admin);
    const token = (await storage.getItem('bridgekit_refresh_token'))!;
    const thief = createClient(url, { fetch: globalThis.fetch });
    await thief.post('/auth/refresh', { refreshToken: token });
    await thief.post('/auth/refresh', { refreshToken: token }); // reuse: the family is revoked
    server.expireSessions();
    expect((await client.get('/products')).status).toBe(401);
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, sessionExpired: true });
    expect((await client.get('/products')).status).toBe(401); // no session now: not reported again
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    lifecycle.dispose();
  });

  it('onSessionRefreshed after a reactive and after a proactive refresh', async () => {
    const { auth, account, server, client } = await setup({ sessionTtlMs: 1500 });
    account.dispose();
    const onSessionRefreshed = vi.fn();
    const lifecycle = createAuthLifecycle(auth, { onSessionRefreshed });
    // Code that did not create the lifecycle listens too (the Next.js cookie mirror does).
    const listener = vi.fn();
    const stop = createAuthLifecycle(auth).onRefreshed(listener);
    await auth.login(admin);
    server.expireSessions();
    expect((await client.get('/auth/me')).status).toBe(200);
    expect(onSessionRefreshed).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    await vi.waitFor(() => expect(onSessionRefreshed).toHaveBeenCalledTimes(2), { timeout: 2000 });
    expect(listener).toHaveBeenCalledTimes(1); // removed
    expect(() => lifecycle.onRefreshed('x' as never)).toThrow(TypeError);
    lifecycle.dispose();
  });

  it('a throwing callback goes to onError and the refresh still succeeds', async () => {
    const { server, url } = await setup();
    const onError = vi.fn();
    const client = createClient(url, { fetch: globalThis.fetch, onError });
    const auth = createAuthService(client);
    const lifecycle = createAuthLifecycle(auth, {
      onSessionRefreshed: () => {
        throw new Error('app bug');
      },
    });
    await auth.login(admin);
    server.expireSessions();
    expect((await client.get('/auth/me')).status).toBe(200);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'app bug' }));
    lifecycle.dispose();
  });

  it('refreshTokenStorage keeps the refresh token apart from the session', async () => {
    const { auth, account, storage, server, client } = await setup();
    account.dispose();
    const secure = new MemoryStorage();
    const lifecycle = createAuthLifecycle(auth, { refreshTokenStorage: secure });
    await auth.login(admin);
    expect(await secure.getItem('bridgekit_refresh_token')).toMatch(/.+/);
    expect(await storage.getItem('bridgekit_refresh_token')).toBeNull();
    server.expireSessions();
    expect((await client.get('/auth/me')).status).toBe(200);
    lifecycle.dispose();
  });
});

describe('cross-tab sync (two lifecycles on one channel, as two tabs of one origin)', () => {
  // The module acts in a browser window only: these tests give Node a window and a document
  // (Node has BroadcastChannel, the transport a browser uses).
  const asWindow = () => {
    vi.stubGlobal('window', globalThis);
    vi.stubGlobal('document', {});
  };
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  // Two tabs: one server, one origin storage (localStorage), a client and lifecycle each.
  async function tabs(options: Parameters<typeof createServer>[0] = {}) {
    asWindow();
    const first = await setup(options);
    first.account.dispose();
    const tab = (storage: MemoryStorage) => {
      const client = createClient(first.url, { storage, fetch: globalThis.fetch, timeout: 5000 });
      const auth = createAuthService(client);
      const account = createAuthLifecycle(auth, { crossTab: crossTabSync() });
      return { client, auth, account };
    };
    const shared = new MemoryStorage();
    const a = tab(shared);
    const b = tab(shared);
    await Promise.all([a.auth.ready, b.auth.ready]);
    const gets = (path: string) =>
      first.server.requests().filter((r) => r.method === 'GET' && r.path.endsWith(path)).length;
    return {
      ...first,
      a,
      b,
      gets,
      stop: () => {
        a.account.dispose();
        b.account.dispose();
      },
    };
  }

  it('sign-in in A reaches B within a second, sign-out in B reaches A; never echoed', async () => {
    const { a, b, count, gets, stop } = await tabs();
    await a.auth.login(admin);
    await vi.waitFor(() => expect(b.auth.getState().isAuthenticated).toBe(true), {
      timeout: 1000,
    });
    expect(b.auth.getState().user).toMatchObject({ email: admin.email });
    await new Promise((r) => setTimeout(r, 150));
    expect(gets('/auth/me')).toBe(1); // B read the user; A was not told back
    expect(await b.client.getSessionId()).toBe(await a.client.getSessionId());

    await b.auth.logout();
    await vi.waitFor(() => expect(a.auth.getState().isAuthenticated).toBe(false), {
      timeout: 1000,
    });
    expect(a.auth.getState().sessionExpired).toBe(false);
    expect(await a.client.hasSession()).toBe(false);
    await new Promise((r) => setTimeout(r, 150));
    expect(count('/auth/logout')).toBe(1);
    expect(gets('/auth/validation')).toBe(0); // no session: signed out locally
    stop();
  });

  it('two tabs, one refresh token: 20 requests after expiry spend it once, both stay in', async () => {
    const { a, b, server, count, stop } = await tabs();
    await a.auth.login(admin);
    await vi.waitFor(() => expect(b.auth.getState().isAuthenticated).toBe(true));
    server.expireSessions();
    const burst = (t: typeof a) =>
      Array.from({ length: 10 }, () => t.client.get('/auth/me').then((r) => r.status));
    const statuses = await Promise.all([...burst(a), ...burst(b)]);
    expect(statuses).toEqual(Array(20).fill(200));
    expect(count('/auth/refresh')).toBe(1);
    // The family was not revoked: a second expiry refreshes again, from B this time.
    server.expireSessions();
    expect((await b.client.get('/auth/me')).status).toBe(200);
    expect((await a.client.get('/auth/me')).status).toBe(200);
    expect(count('/auth/refresh')).toBe(2);
    expect(a.auth.getState().isAuthenticated && b.auth.getState().isAuthenticated).toBe(true);
    stop();
  });

  it('an expiry in A (refresh refused) reaches B as an expiry: sessionExpired and onSessionExpired', async () => {
    const { a, server, url, stop } = await tabs();
    const onSessionExpired = vi.fn();
    // B again, with the callback (a lifecycle is one per auth service, so a fresh tab).
    const shared = (a.client.getStorage() as MemoryStorage) ?? new MemoryStorage();
    const bClient = createClient(url, { storage: shared, fetch: globalThis.fetch, timeout: 5000 });
    const bAuth = createAuthService(bClient);
    const bAccount = createAuthLifecycle(bAuth, { crossTab: crossTabSync(), onSessionExpired });
    await bAuth.ready;
    await a.auth.login(admin);
    await vi.waitFor(() => expect(bAuth.getState().isAuthenticated).toBe(true));
    // The refresh token is stolen and spent twice: the server ends the whole sign-in.
    const refreshToken = await shared.getItem('bridgekit_refresh_token');
    const thief = createClient(url, { fetch: globalThis.fetch });
    await thief.post('/auth/refresh', { refreshToken });
    await thief.post('/auth/refresh', { refreshToken });
    server.expireSessions();
    expect((await a.client.get('/auth/me')).status).toBe(401);
    expect(a.auth.getState()).toMatchObject({ isAuthenticated: false, sessionExpired: true });
    await vi.waitFor(
      () =>
        expect(bAuth.getState()).toMatchObject({ isAuthenticated: false, sessionExpired: true }),
      { timeout: 1000 },
    );
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    bAccount.dispose();
    stop();
  });

  // Two lifecycles of one origin storage in a window: `module` is their crossTab option.
  async function twoTabs(module?: ReturnType<typeof crossTabSync>) {
    const { url } = await setup();
    const shared = new MemoryStorage();
    const make = () => {
      const auth = createAuthService(
        createClient(url, { storage: shared, fetch: globalThis.fetch }),
      );
      return { auth, account: createAuthLifecycle(auth, module && { crossTab: module }) };
    };
    const [a, b] = [make(), make()];
    await Promise.all([a.auth.ready, b.auth.ready]);
    await a.auth.login(admin);
    await new Promise((r) => setTimeout(r, 300));
    a.account.dispose();
    b.account.dispose();
    return b.auth.getState().isAuthenticated;
  }

  it('is off without the module, even in a window: no channel, a sign-in stays in its tab', async () => {
    asWindow();
    const channels = vi.spyOn(globalThis, 'BroadcastChannel');
    expect(await twoTabs()).toBe(false);
    expect(channels).not.toHaveBeenCalled();
    channels.mockRestore();
  });

  it('the module does nothing outside a browser window (server rendering, Node)', async () => {
    const channels = vi.spyOn(globalThis, 'BroadcastChannel');
    expect(await twoTabs(crossTabSync())).toBe(false);
    expect(channels).not.toHaveBeenCalled();
    channels.mockRestore();
  });
});

describe('the refresh token ends with the session', () => {
  it('a logout after the session expired on the server revokes the refresh token there', async () => {
    const { server, url, auth, storage } = await setup();
    await auth.login(admin);
    const token = await storage.getItem('bridgekit_refresh_token');
    expect(token).toBeTruthy();
    server.expireSessions();
    await auth.logout();
    expect(await storage.getItem('bridgekit_refresh_token')).toBeNull();
    const reuse = await createClient(url).post('/auth/refresh', { refreshToken: token });
    expect(reuse.status).toBe(401);
  });

  it('a validation that says the session ended drops the refresh token', async () => {
    const { server, auth, storage } = await setup();
    await auth.login(admin);
    expect(await storage.getItem('bridgekit_refresh_token')).toBeTruthy();
    server.expireSessions();
    expect(await auth.validateSession()).toEqual({ isValid: false });
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, sessionExpired: true });
    await vi.waitFor(async () =>
      expect(await storage.getItem('bridgekit_refresh_token')).toBeNull(),
    );
  });
});
