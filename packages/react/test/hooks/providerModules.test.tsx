// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
// A provider creates only what the app asked for: without modules and before any auth hook
// mounts, its client has no middleware or session listener (the fast path), no channel is
// opened and nothing is sent; the auth service comes with the first hook that needs it.
import { Client } from '@bridgekit/core';
import { cookieSession } from '@bridgekit/core/auth';
import { BridgeProvider, useAuth, useBridgeClient } from '@bridgekit/react/hooks';
import { createServer } from '@bridgekit/server';
import { render, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

const running: Array<ReturnType<typeof createServer>> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(running.splice(0).map((s) => s.close()));
});

it('a provider without modules adds nothing to its client and sends nothing until an auth hook mounts', async () => {
  const server = createServer({ seed: 'demo', loginThrottle: false });
  running.push(server);
  const { url } = await server.listen(0, '127.0.0.1');
  const seams = (
    ['use', 'onSessionRejected', 'addRequestInterceptor', 'addResponseInterceptor'] as const
  ).map((name) => vi.spyOn(Client.prototype, name));
  const channels = vi.spyOn(globalThis, 'BroadcastChannel');
  let client: Client | undefined;
  function DataOnly() {
    client = useBridgeClient();
    return null;
  }
  let signedIn: boolean | undefined;
  function Account() {
    signedIn = useAuth().isAuthenticated;
    return null;
  }
  // Cookie mode: an auth service asks the server (`GET /auth/me`) who is signed in at start.
  const config = { baseUrl: url, session: cookieSession(), fetch: globalThis.fetch };
  const { rerender } = render(
    <BridgeProvider config={config}>
      <DataOnly />
    </BridgeProvider>,
  );
  expect(client).toBeInstanceOf(Client);
  await new Promise((r) => setTimeout(r, 200));
  expect(server.requests()).toEqual([]);
  for (const seam of seams) expect(seam).not.toHaveBeenCalled();
  expect(channels).not.toHaveBeenCalled();

  // The first auth hook creates the service: it listens for rejected sessions and asks.
  rerender(
    <BridgeProvider config={config}>
      <DataOnly />
      <Account />
    </BridgeProvider>,
  );
  await waitFor(() =>
    expect(server.requests().some((r) => r.path.endsWith('/auth/me'))).toBe(true),
  );
  expect(seams[1]).toHaveBeenCalledTimes(1);
  expect(seams[0]).not.toHaveBeenCalled();
  expect(signedIn).toBe(false);
  expect(channels).not.toHaveBeenCalled();
});
