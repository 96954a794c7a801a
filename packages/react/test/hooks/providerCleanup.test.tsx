// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
// Whatever a provider's modules open closes when it unmounts: a route change, a hot reload or a
// test that remounts the provider 20 times (StrictMode's double mount included) leaves no
// BroadcastChannel, timer or window listener behind, and a client the app keeps ends with the
// middlewares and listeners it had before.
import { type AuthService, createClient, MemoryStorage } from '@bridgekit/core';
import { authLifecycle, crossTabSync } from '@bridgekit/core/auth';
import {
  BridgeProvider,
  type UseAuthResult,
  useAuth,
  useAuthService,
} from '@bridgekit/react/hooks';
import { createServer } from '@bridgekit/server';
import { act, render, waitFor } from '@testing-library/react';
import { Activity, type ReactNode, StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  liveRegistrations,
  type OpenHandles,
  trackOpenHandles,
} from '../../../../test-utils/openHandles';

const running: Array<ReturnType<typeof createServer>> = [];
let handles: OpenHandles;
beforeEach(() => {
  handles = trackOpenHandles();
});
afterEach(async () => {
  handles.restore();
  vi.unstubAllGlobals();
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function startServer(): Promise<string> {
  const server = createServer({ seed: 'demo', loginThrottle: false });
  running.push(server);
  return (await server.listen(0, '127.0.0.1')).url;
}

const admin = { email: 'admin@example.com', password: 'admin123' };
const nothingOpen = { timers: 0, channels: 0, listeners: {} };

let auth: UseAuthResult | undefined;
let service: AuthService | undefined;
function Probe() {
  auth = useAuth();
  service = useAuthService();
  return null;
}

/** The modules of the issue: cross-tab sync and a periodic validation, with the auth lifecycle. */
const modules = () => authLifecycle({ crossTab: crossTabSync(), validateInterval: 1000 });

/** A provider of a config instance with those modules, on a server of its own. */
async function configProvider(): Promise<() => ReactNode> {
  const url = await startServer();
  const config = {
    baseUrl: url,
    storage: new MemoryStorage(),
    fetch: globalThis.fetch,
    lifecycle: modules(),
  };
  return () => (
    <BridgeProvider config={config}>
      <Probe />
    </BridgeProvider>
  );
}

/** Mounts `provider` in StrictMode, signed in, and unmounts it, 20 times. */
async function remount20(provider: () => ReactNode, afterMount?: (round: number) => void) {
  for (let round = 0; round < 20; round++) {
    const view = render(<StrictMode>{provider()}</StrictMode>);
    await waitFor(() => expect(auth?.isLoading).toBe(false));
    if (round === 0) {
      // Signed in once: later mounts restore the session (validation runs while signed in).
      await act(async () => {
        await auth!.login(admin);
      });
    }
    await waitFor(() => expect(auth?.isAuthenticated).toBe(true));
    afterMount?.(round);
    view.unmount();
    await waitFor(() => expect(handles.count()).toEqual(nothingOpen));
  }
}

describe('a provider closes what its modules opened when it unmounts', () => {
  it('20 StrictMode remounts with cross-tab sync and validateInterval: no channel or timer left', async () => {
    const provider = await configProvider();
    await remount20(provider, () => {
      // While mounted: one channel and the validation timer, whatever StrictMode did.
      expect(handles.count().channels).toBe(1);
      expect(handles.count().timers).toBeGreaterThanOrEqual(1);
    });
    expect(handles.channelsOpened()).toBeGreaterThanOrEqual(20);
  }, 60_000);

  it('without BroadcastChannel the storage-event listener goes too', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    await remount20(await configProvider(), () =>
      expect(handles.count().listeners).toEqual({ storage: 1 }),
    );
  }, 60_000);

  it('a client the app keeps: no middleware or listener accumulates, none is left after', async () => {
    const url = await startServer();
    const client = createClient(url, { storage: new MemoryStorage(), fetch: globalThis.fetch });
    const live = liveRegistrations(client);
    const lifecycle = modules();
    await remount20(
      () => (
        <BridgeProvider client={client} lifecycle={lifecycle}>
          <Probe />
        </BridgeProvider>
      ),
      // The lifecycle's middleware and the auth service's session listener, once.
      () => expect(live()).toEqual({ use: 1, onSessionRejected: 1 }),
    );
    expect(live()).toEqual({ use: 0, onSessionRejected: 0 });
  }, 60_000);
});

describe('a hidden <Activity> closes the modules; shown again, they open again', () => {
  it('the channel and the timer go while hidden and come back, and the hooks use the new ones', async () => {
    const provider = await configProvider();
    const app = (mode: 'visible' | 'hidden') => <Activity mode={mode}>{provider()}</Activity>;
    const view = render(app('visible'));
    await waitFor(() => expect(auth?.isLoading).toBe(false));
    await act(async () => {
      await auth!.login(admin);
    });
    expect(handles.count().channels).toBe(1);
    const before = service;

    view.rerender(app('hidden'));
    await waitFor(() => expect(handles.count()).toEqual(nothingOpen));

    view.rerender(app('visible'));
    await waitFor(() => expect(handles.count().channels).toBe(1));
    await waitFor(() => expect(auth?.isAuthenticated).toBe(true));
    // The hooks hold the reopened auth service, not the one closed while hidden.
    expect(service).not.toBe(before);
    await act(async () => {
      await auth!.logout();
    });
    expect(auth?.isAuthenticated).toBe(false);
    view.unmount();
    await waitFor(() => expect(handles.count()).toEqual(nothingOpen));
  }, 30_000);
});
