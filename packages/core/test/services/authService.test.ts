import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../src/session/storage';
import { createAuthService } from '../../src/services/authService';
import { isBridgeApiError } from '../../src/services/BridgeApiError';
import { type RecordedRequest, startFixture } from './httpFixture';
import { createClient as makeClient } from '../../src/client/createClient';

const ADMIN = { id: 'u1', userType: 'admin', email: 'admin@example.com', userName: 'admin' };

/** A tiny auth backend: one user, sessions that can be revoked. */
async function authServer(options: { logoutStatus?: number } = {}) {
  const sessions = new Set<string>();
  const session = (req: RecordedRequest) => {
    const id = req.headers['x-session-id'];
    return typeof id === 'string' && sessions.has(id) ? id : null;
  };
  const fixture = await startFixture((req) => {
    const path = req.url.replace(/\?.*$/, '');
    if (req.method === 'POST' && path === '/api/auth/login') {
      const body = req.body as { email?: string; userName?: string; password?: string };
      if (
        (body.email === ADMIN.email || body.userName === 'admin') &&
        body.password === 'admin123'
      ) {
        const id = `s${sessions.size + 1}`;
        sessions.add(id);
        return {
          body: {
            success: true,
            data: { user: ADMIN, sessionId: id, expiresAt: '2030-01-01T00:00:00.000Z' },
          },
        };
      }
      return {
        status: 401,
        body: { success: false, error: 'Invalid credentials', code: 'UNAUTHORIZED' },
      };
    }
    if (path === '/api/auth/logout') {
      const id = session(req);
      if (id) sessions.delete(id);
      return {
        status: options.logoutStatus ?? 200,
        body: { success: (options.logoutStatus ?? 200) < 300, data: null, error: 'boom' },
      };
    }
    const id = session(req);
    if (!id)
      return {
        status: 401,
        body: { success: false, error: 'Session required', code: 'UNAUTHORIZED' },
      };
    if (path === '/api/auth/me') return { body: { success: true, data: ADMIN } };
    if (path === '/api/auth/validation') {
      return {
        body: {
          success: true,
          data: { isValid: true, expiresAt: '2030-01-01T00:00:00.000Z', user: ADMIN },
        },
      };
    }
    return { body: { success: true, data: [] } };
  });
  closers.push(fixture.close);
  return { ...fixture, sessions };
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

describe('createAuthService', () => {
  it('logs in with an e-mail, stores the session on the client and the user in storage', async () => {
    const server = await authServer();
    const storage = new MemoryStorage();
    const client = makeClient(server.url, { storage });
    const auth = createAuthService(client);
    await auth.ready;
    expect(auth.getState()).toEqual({
      user: null,
      isAuthenticated: false,
      isLoading: false,
      sessionExpired: false,
    });
    const states: boolean[] = [];
    auth.subscribe((s) => states.push(s.isLoading));
    const result = await auth.login({ email: 'admin@example.com', password: 'admin123' });
    expect(result).toEqual({ user: ADMIN, sessionId: 's1', expiresAt: '2030-01-01T00:00:00.000Z' });
    expect(server.requests[0]?.body).toEqual({ email: 'admin@example.com', password: 'admin123' });
    expect(await client.getSessionId()).toBe('s1');
    expect(JSON.parse((await storage.getItem('bridgekit_user')) ?? 'null')).toEqual(ADMIN);
    expect(auth.getState()).toMatchObject({ user: ADMIN, isAuthenticated: true, isLoading: false });
    expect(states).toEqual([true, false]);
  });

  it('logs in with a userName and rejects bad credentials with a BridgeApiError', async () => {
    const server = await authServer();
    const auth = createAuthService(makeClient(server.url, { storage: new MemoryStorage() }));
    await auth.login({ userName: 'admin', password: 'admin123' });
    expect(server.requests[0]?.body).toEqual({ userName: 'admin', password: 'admin123' });
    const error = await auth
      .login({ userName: 'admin', password: 'nope' })
      .catch((e: unknown) => e);
    expect(isBridgeApiError(error) && error.status).toBe(401);
    // A wrong password is not a session expiry, and the login request carried no session.
    expect(server.requests[1]?.headers['x-session-id']).toBeUndefined();
    expect(auth.getState().sessionExpired).toBe(false);
    await expect(auth.login({ password: 'x' })).rejects.toThrow(TypeError);
    await expect(auth.login({ email: 'a@b.c', password: '' })).rejects.toThrow(/password/);
  });

  it('uses the configured paths and userStorageKey', async () => {
    const server = await authServer();
    const storage = new MemoryStorage();
    const auth = createAuthService(makeClient(server.url, { storage }), {
      paths: { me: '/auth/validation' },
      userStorageKey: 'me',
    });
    await auth.login({ email: ADMIN.email, password: 'admin123' });
    expect(await storage.getItem('me')).toContain('"u1"');
    // /auth/validation answers `{ isValid, user }`: fetchUser still finds the user.
    await expect(auth.fetchUser()).resolves.toEqual(ADMIN);
    expect(server.requests.at(-1)?.url).toBe('/api/auth/validation');
    expect(() => createAuthService(makeClient(server.url), { paths: { login: '' } })).toThrow(
      /paths\.login/,
    );
  });

  it('logout clears session and user locally even when the request fails', async () => {
    const server = await authServer({ logoutStatus: 500 });
    const storage = new MemoryStorage();
    const client = makeClient(server.url, { storage });
    const auth = createAuthService(client);
    await auth.login({ email: ADMIN.email, password: 'admin123' });
    await auth.logout();
    expect(server.requests.at(-1)?.method).toBe('POST');
    expect(await client.hasSession()).toBe(false);
    expect(await storage.getItem('bridgekit_user')).toBeNull();
    expect(auth.getState()).toEqual({
      user: null,
      isAuthenticated: false,
      isLoading: false,
      sessionExpired: false,
    });

    await auth.login({ email: ADMIN.email, password: 'admin123' });
    await server.close();
    await auth.logout();
    expect(await client.hasSession()).toBe(false);
    expect(auth.getState().isAuthenticated).toBe(false);
  });

  it('validateSession reports validity and refreshes the user; no request without a session', async () => {
    const server = await authServer();
    const auth = createAuthService(makeClient(server.url, { storage: new MemoryStorage() }));
    await expect(auth.validateSession()).resolves.toEqual({ isValid: false });
    expect(server.requests).toHaveLength(0);
    await auth.login({ email: ADMIN.email, password: 'admin123' });
    await expect(auth.validateSession()).resolves.toEqual({
      isValid: true,
      expiresAt: '2030-01-01T00:00:00.000Z',
      user: ADMIN,
    });
    server.sessions.clear();
    await expect(auth.validateSession()).resolves.toEqual({ isValid: false });
    expect(auth.getState()).toMatchObject({
      user: null,
      isAuthenticated: false,
      sessionExpired: true,
    });
  });

  it('fetchUser returns null on 401 and marks a rejected session as expired', async () => {
    const server = await authServer();
    const client = makeClient(server.url, { storage: new MemoryStorage() });
    const auth = createAuthService(client);
    await auth.login({ email: ADMIN.email, password: 'admin123' });
    await expect(auth.fetchUser()).resolves.toEqual(ADMIN);
    server.sessions.clear();
    await expect(auth.fetchUser()).resolves.toBeNull();
    expect(auth.getState()).toEqual({
      user: null,
      isAuthenticated: false,
      isLoading: false,
      sessionExpired: true,
    });
    expect(await client.hasSession()).toBe(false);
    // Signing in again clears the expiry.
    await auth.login({ email: ADMIN.email, password: 'admin123' });
    expect(auth.getState().sessionExpired).toBe(false);
  });

  it('any 401 on a request made with the session signs out locally with sessionExpired', async () => {
    const server = await authServer();
    const client = makeClient(server.url, { storage: new MemoryStorage() });
    const auth = createAuthService(client);
    await auth.login({ email: ADMIN.email, password: 'admin123' });
    server.sessions.clear();
    await client.get('/products');
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, sessionExpired: true });
    auth.dispose();
  });

  it('restores the user from storage when a session is present, and not without one', async () => {
    const server = await authServer();
    const storage = new MemoryStorage();
    const first = createAuthService(makeClient(server.url, { storage }));
    await first.login({ email: ADMIN.email, password: 'admin123' });
    const requestsBefore = server.requests.length;

    const restored = createAuthService(makeClient(server.url, { storage }));
    expect(restored.getState().isLoading).toBe(true);
    await restored.ready;
    expect(restored.getState()).toEqual({
      user: ADMIN,
      isAuthenticated: true,
      isLoading: false,
      sessionExpired: false,
    });
    expect(server.requests.length).toBe(requestsBefore);

    // A session without a stored user: the user is fetched.
    await storage.removeItem('bridgekit_user');
    const fetched = createAuthService(makeClient(server.url, { storage }));
    await fetched.ready;
    expect(fetched.getState().user).toEqual(ADMIN);
    expect(server.requests.at(-1)?.url).toBe('/api/auth/me');

    // A stored user without a session is not trusted.
    const orphan = new MemoryStorage();
    await orphan.setItem('bridgekit_user', JSON.stringify(ADMIN));
    const none = createAuthService(makeClient(server.url, { storage: orphan }));
    await none.ready;
    expect(none.getState()).toMatchObject({ user: null, isAuthenticated: false, isLoading: false });
    expect(await orphan.getItem('bridgekit_user')).toBeNull();
  });
});
