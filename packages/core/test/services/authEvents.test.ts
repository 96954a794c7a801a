/**
 * The auth service and the auth lifecycle report on their client's stream (`client.observe`):
 * sign-in, sign-out, refresh, expiry, validation, against the real reference server, and never
 * with a credential (the session id, the refresh token, the password).
 */
import {
  type AuthEvent,
  type BridgeEvent,
  type Client,
  createAuthService,
  createClient,
  MemoryStorage,
} from '@bridgekit/core';
import { createAuthLifecycle } from '@bridgekit/core/auth';
import { createServer } from '@bridgekit/server';
import { afterEach, describe, expect, it } from 'vitest';

type Server = ReturnType<typeof createServer>;
const running: Server[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

const admin = { email: 'admin@example.com', password: 'admin123' };

async function setup() {
  const server = createServer({ seed: 'demo', loginThrottle: false });
  running.push(server);
  const { url } = await server.listen(0, '127.0.0.1');
  const storage = new MemoryStorage();
  const client: Client = createClient(url, { storage, fetch: globalThis.fetch, timeout: 5000 });
  const events: BridgeEvent[] = [];
  client.observe((event) => void events.push(event));
  const auth = createAuthService(client);
  await auth.ready;
  const authEvents = () => events.filter((e): e is AuthEvent => e.type === 'auth');
  return { server, url, storage, client, auth, events, authEvents };
}

describe('auth events', () => {
  it('sign-in and sign-out', async () => {
    const { auth, authEvents } = await setup();
    await auth.login(admin);
    await auth.logout();
    expect(authEvents()).toEqual([
      {
        type: 'auth',
        kind: 'signedIn',
        time: expect.any(Number),
        user: expect.objectContaining({ email: admin.email }),
        expiresAt: expect.stringMatching(/^\d{4}-/),
      },
      { type: 'auth', kind: 'signedOut', time: expect.any(Number) },
    ]);
  });

  it('a failed sign-in is no event', async () => {
    const { auth, authEvents } = await setup();
    await expect(auth.login({ ...admin, password: 'wrong' })).rejects.toMatchObject({
      status: 401,
    });
    expect(authEvents()).toEqual([]);
  });

  it('validation: valid, then ended by the server (an expiry)', async () => {
    const { auth, server, authEvents } = await setup();
    await auth.login(admin);
    await auth.validateSession();
    server.expireSessions();
    await auth.validateSession();
    expect(authEvents().map((e) => [e.kind, e.valid])).toEqual([
      ['signedIn', undefined],
      ['validated', true],
      ['expired', undefined],
      ['validated', false],
    ]);
    expect(authEvents()[1]).toMatchObject({ user: { email: admin.email } });
  });

  it('an expiry: a 401 to a request that carried the session, told once', async () => {
    const { auth, client, server, authEvents } = await setup();
    await auth.login(admin);
    server.expireSessions();
    expect((await client.get('/products')).status).toBe(401);
    await client.get('/products');
    expect(authEvents().map((e) => e.kind)).toEqual(['signedIn', 'expired']);
    expect(auth.getState().sessionExpired).toBe(true);
  });

  it('a refresh by the lifecycle, with the new end of the session', async () => {
    const { auth, client, authEvents } = await setup();
    const account = createAuthLifecycle(auth);
    await auth.login(admin);
    const before = await client.getSessionId();
    expect(await account.refreshSession()).toBe(true);
    expect(await client.getSessionId()).not.toBe(before);
    const refreshed = authEvents().filter((e) => e.kind === 'refreshed');
    expect(refreshed).toEqual([
      {
        type: 'auth',
        kind: 'refreshed',
        time: expect.any(Number),
        expiresAt: expect.stringMatching(/^\d{4}-/),
      },
    ]);
    account.dispose();
  });

  it('a session restored at start is a sign-in', async () => {
    const { auth, url, storage } = await setup();
    await auth.login(admin);
    const client = createClient(url, { storage, fetch: globalThis.fetch });
    const events: BridgeEvent[] = [];
    client.observe((event) => void events.push(event));
    await createAuthService(client).ready;
    expect(events.filter((e) => e.type === 'auth').map((e) => (e as AuthEvent).kind)).toEqual([
      'signedIn',
    ]);
  });

  it('no credential in any event: the session id, the refresh token, the password', async () => {
    const { auth, client, storage, server, events } = await setup();
    const account = createAuthLifecycle(auth);
    await auth.login(admin);
    const secrets = [
      admin.password,
      (await client.getSessionId())!,
      (await storage.getItem('bridgekit_refresh_token'))!,
    ];
    await account.refreshSession();
    secrets.push(
      (await client.getSessionId())!,
      (await storage.getItem('bridgekit_refresh_token'))!,
    );
    await auth.validateSession();
    server.expireSessions();
    await client.get('/products');
    await auth.logout();
    expect(secrets.every((secret) => typeof secret === 'string' && secret.length > 5)).toBe(true);
    const text = JSON.stringify(events);
    for (const secret of secrets) expect(text).not.toContain(secret);
    // The sign-in and refresh answers were reported, their credentials taken out.
    expect(text).toContain('"sessionId":"[redacted]"');
    expect(text).toContain('"refreshToken":"[redacted]"');
    account.dispose();
  });
});
