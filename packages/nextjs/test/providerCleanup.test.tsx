// @vitest-environment jsdom
// Whatever the Next.js provider and its modules open (the auth lifecycle it adds, cross-tab
// sync, the periodic validation, the session-cookie mirror) closes when it unmounts: remounted
// 20 times (StrictMode's double mount included) it leaves no channel, timer or listener, and a
// client the app keeps ends with no middleware or listener.
import { createClient, MemoryStorage } from '@bridgekit/core';
import { authLifecycle, crossTabSync } from '@bridgekit/core/auth';
import { BridgeProvider, type UseAuthResult, useAuth } from '@bridgekit/nextjs';
import { type BridgeServer, createServer } from '@bridgekit/server';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  liveRegistrations,
  type OpenHandles,
  trackOpenHandles,
} from '../../../test-utils/openHandles';

let server: BridgeServer;
let apiUrl: string;
let handles: OpenHandles;
beforeAll(async () => {
  server = createServer({ seed: 'demo', loginThrottle: false });
  ({ url: apiUrl } = await server.listen(0, '127.0.0.1'));
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  handles = trackOpenHandles();
});
afterEach(() => {
  cleanup();
  handles.restore();
  localStorage.clear();
});

let auth: UseAuthResult | undefined;
function Probe() {
  auth = useAuth();
  return null;
}

const nothingOpen = { timers: 0, channels: 0, listeners: {} };

/** Mounts `provider` in StrictMode, signed in, and unmounts it, 20 times. */
async function remount20(provider: () => ReactNode, whileMounted: () => void) {
  for (let round = 0; round < 20; round++) {
    const view = render(<StrictMode>{provider()}</StrictMode>);
    await waitFor(() => expect(auth?.isLoading).toBe(false));
    if (round === 0) {
      await act(async () => {
        await auth!.login({ email: 'admin@example.com', password: 'admin123' });
      });
    }
    await waitFor(() => expect(auth?.isAuthenticated).toBe(true));
    whileMounted();
    view.unmount();
    await waitFor(() => expect(handles.count()).toEqual(nothingOpen));
  }
}

describe('the Next.js provider closes what it opened when it unmounts', () => {
  it('20 StrictMode remounts with cross-tab sync and validateInterval: no channel or timer left', async () => {
    const config = {
      baseUrl: apiUrl,
      storage: new MemoryStorage(),
      lifecycle: authLifecycle({ crossTab: crossTabSync(), validateInterval: 1000 }),
    };
    await remount20(
      () => (
        <BridgeProvider config={config}>
          <Probe />
        </BridgeProvider>
      ),
      () => expect(handles.count().channels).toBe(1),
    );
  }, 60_000);

  it('a client the app keeps (with the lifecycle the provider adds): nothing accumulates or stays', async () => {
    const client = createClient(apiUrl, { storage: new MemoryStorage() });
    const live = liveRegistrations(client);
    await remount20(
      () => (
        <BridgeProvider client={client}>
          <Probe />
        </BridgeProvider>
      ),
      () => expect(live()).toEqual({ use: 1, onSessionRejected: 1 }),
    );
    expect(live()).toEqual({ use: 0, onSessionRejected: 0 });
  }, 60_000);
});
