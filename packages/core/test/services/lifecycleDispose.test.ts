// What the auth lifecycle opens (its middlewares, the planned refresh, the validation timer,
// the cross-tab channel) closes with its `dispose()`, and with its auth service's: a lifecycle
// lives as long as the service it was made for.
import { createAuthService, createClient, MemoryStorage } from '@bridgekit/core';
import { createAuthLifecycle, crossTabSync } from '@bridgekit/core/auth';
import { createServer } from '@bridgekit/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  liveRegistrations,
  type OpenHandles,
  trackOpenHandles,
} from '../../../../test-utils/openHandles';

const running: Array<ReturnType<typeof createServer>> = [];
let handles: OpenHandles;
beforeEach(() => {
  // Cross-tab sync acts in a browser window only: give Node one (it has BroadcastChannel).
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('document', {});
  handles = trackOpenHandles();
});
afterEach(async () => {
  handles.restore();
  vi.unstubAllGlobals();
  await Promise.all(running.splice(0).map((s) => s.close()));
});

const nothingOpen = { timers: 0, channels: 0, listeners: {} };

async function signedIn() {
  const server = createServer({ seed: 'demo', loginThrottle: false });
  running.push(server);
  const { url } = await server.listen(0, '127.0.0.1');
  const client = createClient(url, { storage: new MemoryStorage(), fetch: globalThis.fetch });
  const live = liveRegistrations(client);
  const auth = createAuthService(client);
  const lifecycle = createAuthLifecycle(auth, {
    crossTab: crossTabSync(),
    validateInterval: 1000,
  });
  await auth.login({ email: 'admin@example.com', password: 'admin123' });
  // The planned refresh, the validation timer and the channel.
  expect(handles.count()).toMatchObject({ timers: 2, channels: 1 });
  expect(live()).toEqual({ use: 1, onSessionRejected: 1 });
  return { auth, lifecycle, live };
}

describe('the auth lifecycle closes what it opened', () => {
  it('on dispose(): timers, channel and middlewares; the auth service keeps its own listener', async () => {
    const { auth, lifecycle, live } = await signedIn();
    lifecycle.dispose();
    expect(handles.count()).toEqual(nothingOpen);
    expect(live()).toEqual({ use: 0, onSessionRejected: 1 });
    auth.dispose();
    expect(live()).toEqual({ use: 0, onSessionRejected: 0 });
  });

  it("with its auth service's dispose()", async () => {
    const { auth, live } = await signedIn();
    auth.dispose();
    expect(handles.count()).toEqual(nothingOpen);
    expect(live()).toEqual({ use: 0, onSessionRejected: 0 });
  });
});
