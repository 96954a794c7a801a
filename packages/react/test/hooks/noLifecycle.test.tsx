// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
// Without the lifecycle module an instance has the plain auth service: the spec's useAuth works,
// and no BroadcastChannel is opened; the account actions are not there.
import { createServer } from '@bridgekit/server';
import { BridgeProvider, type UseAuthResult, useAuth } from '@bridgekit/react/hooks';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const running: Array<ReturnType<typeof createServer>> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(running.splice(0).map((s) => s.close()));
});

describe('a provider instance without the lifecycle module', () => {
  it('signs in, validates and signs out with the plain auth service; no channel is opened', async () => {
    const channels = vi.spyOn(globalThis, 'BroadcastChannel');
    const server = createServer({ seed: 'demo', loginThrottle: false });
    running.push(server);
    const { url } = await server.listen(0, '127.0.0.1');
    let auth!: UseAuthResult;
    function Probe() {
      auth = useAuth();
      return null;
    }
    render(
      <BridgeProvider config={{ baseUrl: url }}>
        <Probe />
      </BridgeProvider>,
    );
    await waitFor(() => expect(auth.isLoading).toBe(false));
    await act(async () => {
      await auth.login({ email: 'admin@example.com', password: 'admin123' });
    });
    expect(auth.user?.email).toBe('admin@example.com');
    await act(async () => {
      expect((await auth.validateSession()).isValid).toBe(true);
    });
    // No refresh token is kept without the module.
    expect(localStorage.getItem('bridgekit_refresh_token')).toBeNull();
    // The account actions and their status come with the module, at run time as in the type.
    for (const name of ['register', 'verifyTwoFactor', 'refreshSession', 'isAccountLoading']) {
      expect(name in auth).toBe(false);
    }
    await act(() => auth.logout());
    expect(auth.isAuthenticated).toBe(false);
    expect(channels).not.toHaveBeenCalled();
  });
});
