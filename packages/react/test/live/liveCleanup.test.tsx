// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
// The live module closes what it opened when its provider unmounts: 20 StrictMode mounts and
// unmounts, each with an open feed, leave no event stream, timer, listener or channel behind
// (an open stream per mount would also run into the server's ten feeds per user), and a client
// the app keeps ends with the middlewares it had before (polling adds one while it follows).
import { createClient } from '@bridgekit/core';
import { live, polling } from '@bridgekit/core/live';
import { BridgeProvider, useLiveStatus } from '@bridgekit/react/hooks';
import { render, waitFor } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  liveRegistrations,
  type OpenHandles,
  trackOpenHandles,
} from '../../../../test-utils/openHandles';
import { startServer, type TestServer } from '../hooks/helpers';
import { countingStreams, signedInStorage } from './liveFixture';

let server: TestServer;
let handles: OpenHandles;
beforeEach(async () => {
  server = await startServer();
  handles = trackOpenHandles();
});
afterEach(async () => {
  handles.restore();
  await server.close();
});

const nothingOpen = { timers: 0, channels: 0, listeners: {} };

let connected = false;
function Probe() {
  connected = useLiveStatus().connected;
  return null;
}

/** Mounts `provider` in StrictMode until it follows, and unmounts it, 20 times. */
async function remount20(provider: () => ReactNode, whileMounted: () => void) {
  for (let round = 0; round < 20; round++) {
    const view = render(<StrictMode>{provider()}</StrictMode>);
    await waitFor(() => expect(connected).toBe(true), { timeout: 10_000 });
    whileMounted();
    view.unmount();
    await waitFor(() => expect(handles.count()).toEqual(nothingOpen));
  }
}

describe('a provider closes what its live module opened when it unmounts', () => {
  it('20 StrictMode remounts with the change feed: no stream, timer, listener or channel left', async () => {
    const streams = countingStreams();
    const storage = await signedInStorage(server.url, 'admin');
    const config = { baseUrl: server.url, storage, fetch: streams.fetch, live: live() };
    await remount20(
      () => (
        <BridgeProvider config={config}>
          <Probe />
        </BridgeProvider>
      ),
      () => {
        expect(streams.open()).toBe(1);
        // The browser's online and visibility events.
        expect(handles.count().listeners).toEqual({
          online: 1,
          offline: 1,
          'document.visibilitychange': 1,
        });
      },
    );
    await waitFor(() => expect(streams.open()).toBe(0));
    expect(streams.opened()).toBeGreaterThanOrEqual(20);
    expect(server.count('GET', '/events')).toBe(streams.opened());
  }, 60_000);

  it('a client the app keeps, polled: its middleware goes with the provider', async () => {
    const storage = await signedInStorage(server.url, 'admin');
    const client = createClient(server.url, { storage, fetch: globalThis.fetch });
    const registered = liveRegistrations(client);
    const module = live({ source: polling({ interval: 1000 }) });
    await remount20(
      () => (
        <BridgeProvider client={client} live={module}>
          <Probe />
        </BridgeProvider>
      ),
      () => {
        // Polling's conditional reads, and the deletions the client has in flight (ownDeletes).
        expect(registered().use).toBe(2);
        // The poll's interval.
        expect(handles.count().timers).toBe(1);
      },
    );
    expect(registered()).toEqual({ use: 0, onSessionRejected: 0 });
  }, 60_000);
});
