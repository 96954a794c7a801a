// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
// Two provider instances on two APIs (two loopback origins) share one storage (jsdom's
// localStorage): each keeps its own session, user and refresh token, across a reload.
import { authLifecycle } from '@bridgekit/core/auth';
import type { UseAuthResult } from '@bridgekit/react/hooks';
import { BridgeProvider, useAuth, useBridgeClient } from '@bridgekit/react/hooks';
import { createServer } from '@bridgekit/server';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

type Server = ReturnType<typeof createServer>;
const running: Server[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function api() {
  const server = createServer({ seed: 'demo', loginThrottle: false });
  running.push(server);
  const refreshBodies: string[] = [];
  server.app.addHook('preHandler', async (request) => {
    if (request.url.endsWith('/auth/refresh')) refreshBodies.push(JSON.stringify(request.body));
  });
  const { url } = await server.listen(0, '127.0.0.1');
  return { server, url, refreshBodies };
}

const admin = { email: 'admin@example.com', password: 'admin123' };
const editor = { email: 'editor@example.com', password: 'editor123' };

describe('provider instances on two APIs sharing one storage', () => {
  it('one sign-out does not sign out the other after a reload; no refresh token crosses', async () => {
    const [main, billing] = await Promise.all([api(), api()]);
    const seen: Record<string, UseAuthResult> = {};
    const clients: Record<string, ReturnType<typeof useBridgeClient>> = {};
    function Probe() {
      seen.default = useAuth();
      seen.billing = useAuth('billing');
      clients.default = useBridgeClient();
      clients.billing = useBridgeClient('billing');
      return null;
    }
    const lifecycle = authLifecycle();
    const mount = () =>
      render(
        <BridgeProvider
          instances={{
            default: { baseUrl: main.url, lifecycle },
            billing: { baseUrl: billing.url, lifecycle },
          }}
        >
          <Probe />
        </BridgeProvider>,
      );
    let view = mount();
    await waitFor(() => expect(seen.default!.isLoading || seen.billing!.isLoading).toBe(false));
    await act(async () => {
      await seen.default!.login(admin);
      await seen.billing!.login(editor);
    });
    // Today's keys for the default instance; the id as a prefix for the other.
    expect(localStorage.getItem('client_session_id')).not.toBeNull();
    expect(localStorage.getItem('billing:client_session_id')).not.toBeNull();
    const billingToken = localStorage.getItem('billing:bridgekit_refresh_token');
    expect(billingToken).toBeTruthy();
    expect(localStorage.getItem('bridgekit_refresh_token')).not.toBe(billingToken);

    // The default instance's session is rejected: it refreshes with its own token.
    clients.default!.setSessionId('stale');
    await act(async () => {
      expect((await clients.default!.get('/auth/me')).status).toBe(200);
    });
    expect(main.refreshBodies.length).toBeGreaterThan(0);
    expect(main.refreshBodies.join()).not.toContain(billingToken!);

    // A reload, then the default instance signs out: billing stays signed in, reload or not.
    view.unmount();
    view = mount();
    await waitFor(() => {
      expect(seen.default!.user?.email).toBe('admin@example.com');
      expect(seen.billing!.user?.email).toBe('editor@example.com');
    });
    await act(async () => {
      await seen.default!.logout();
    });
    view.unmount();
    view = mount();
    await waitFor(() => expect(seen.billing!.isLoading).toBe(false));
    await waitFor(() => expect(seen.default!.isLoading).toBe(false));
    expect(seen.default!.isAuthenticated).toBe(false);
    expect(seen.billing!.user?.email).toBe('editor@example.com');
    await act(async () => {
      expect((await seen.billing!.validateSession()).isValid).toBe(true);
    });
    view.unmount();
  });
});
