// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
// Issue 18 (hooks): every field of useAuthAccount against the real reference server.
import {
  type UseAuthAccountResult,
  type UseAuthResult,
  useAuth,
  useAuthAccount,
} from '@bridgekit/react/hooks';
import { createServer } from '@bridgekit/server';
import { act, screen, waitFor } from '@testing-library/react';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import { makeClient, renderWithProvider } from './helpers';

const running: Array<ReturnType<typeof createServer>> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function start() {
  const resets: string[] = [];
  const server = createServer({
    seed: 'demo',
    loginThrottle: false,
    onPasswordReset: (_email, token) => resets.push(token),
  });
  running.push(server);
  const { url } = await server.listen(0, '127.0.0.1');
  const client = makeClient(url);
  let auth!: UseAuthResult;
  let account!: UseAuthAccountResult;
  function Probe() {
    auth = useAuth();
    account = useAuthAccount();
    return <p>{auth.isLoading ? 'loading' : (auth.user?.email ?? 'anonymous')}</p>;
  }
  renderWithProvider({ client }, <Probe />);
  await screen.findByText('anonymous');
  return { server, client, resets, auth: () => auth, account: () => account };
}

describe('useAuthAccount', () => {
  it('register signs in and shows the user; a refused one sets error', async () => {
    const { auth, account } = await start();
    expect(account()).toMatchObject({ isLoading: false, error: null });
    await act(async () => {
      await account().register({ email: 'new@example.com', password: 'long-enough-1' });
    });
    expect(screen.getByText('new@example.com')).toBeTruthy();
    expect(auth().user?.userType).toBe('viewer');
    let thrown: unknown;
    await act(async () => {
      await account()
        .register({ email: 'new@example.com', password: 'long-enough-1' })
        .catch((e: unknown) => {
          thrown = e;
        });
    });
    expect(thrown).toMatchObject({ name: 'BridgeApiError', status: 409 });
    expect(account()).toMatchObject({ isLoading: false, error: thrown });
  });

  it('isLoading is true while an action runs', async () => {
    const { account } = await start();
    let pending!: Promise<void>;
    act(() => {
      pending = account().requestPasswordReset('viewer@example.com');
    });
    expect(account().isLoading).toBe(true);
    await act(() => pending);
    expect(account()).toMatchObject({ isLoading: false, error: null });
  });

  it('requestPasswordReset + resetPassword, then changePassword while signed in', async () => {
    const { auth, account, resets } = await start();
    await act(() => account().requestPasswordReset('viewer@example.com'));
    expect(resets).toHaveLength(1);
    await act(() => account().resetPassword(resets[0]!, 'reset-secret-1'));
    await act(async () => {
      await auth().login({ email: 'viewer@example.com', password: 'reset-secret-1' });
    });
    await act(() => account().changePassword('reset-secret-1', 'changed-secret-2'));
    expect(account().error).toBeNull();
    await act(() => auth().logout());
    await act(async () => {
      await auth().login({ email: 'viewer@example.com', password: 'changed-secret-2' });
    });
    expect(auth().isAuthenticated).toBe(true);
  });

  it('verifyTwoFactor completes a login that asked for a second factor', async () => {
    const { client, auth, account } = await start();
    await act(async () => {
      await auth().login({ email: 'admin@example.com', password: 'admin123' });
    });
    const secret = (await client.post('/auth/2fa/setup')).data.secret as string;
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    expect((await client.post('/auth/2fa/enable', { code: totp.generate() })).success).toBe(true);
    await act(() => auth().logout());
    let code: unknown;
    await act(async () => {
      await auth()
        .login({ email: 'admin@example.com', password: 'admin123' })
        .catch((e: { code?: string }) => {
          code = e.code;
        });
    });
    expect(code).toBe('TWO_FACTOR_REQUIRED');
    await act(async () => {
      await account().verifyTwoFactor(totp.generate({ timestamp: Date.now() + 30_000 }));
    });
    await screen.findByText('admin@example.com');
  });

  it('refreshSession renews an expired session; requests after expiry refresh by themselves', async () => {
    const { server, client, auth, account } = await start();
    await act(async () => {
      await auth().login({ email: 'editor@example.com', password: 'editor123' });
    });
    server.expireSessions();
    let renewed: unknown;
    await act(async () => {
      renewed = await account().refreshSession();
    });
    expect(renewed).toBe(true);
    server.expireSessions();
    expect((await client.get('/products')).status).toBe(200);
    await waitFor(() => expect(auth().sessionExpired).toBe(false));
    expect(auth().isAuthenticated).toBe(true);
  });
});
