// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
// The Next.js provider sets its server-rendering default through the React provider's
// transformConfig seam, after the app's own transform.
import { type Client, MemoryStorage } from '@bridgekit/core';
import { BridgeProvider, useBridgeClient } from '@bridgekit/nextjs';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe('Next.js BridgeProvider transformConfig', () => {
  it("runs the app's transform, then makes a relative baseUrl absolute on the server", () => {
    const clients: Record<string, Client> = {};
    function Probe() {
      clients.main = useBridgeClient();
      clients.other = useBridgeClient('other');
      return null;
    }
    const seen: string[] = [];
    renderToString(
      <BridgeProvider
        instances={{
          main: { baseUrl: '/api' },
          other: { baseUrl: 'https://other.example/api' },
        }}
        defaultInstance="main"
        serverOrigin="http://app.example"
        transformConfig={(config, id) => {
          seen.push(`${id} ${config.baseUrl}`);
          return { ...config, storage: new MemoryStorage(), headers: { 'X-App': id } };
        }}
      >
        <Probe />
      </BridgeProvider>,
    );
    expect(seen).toEqual(['main /api', 'other https://other.example/api']);
    expect(clients.main?.getBaseUrl()).toBe('http://app.example/api');
    expect(clients.main?.getConfig().headers).toMatchObject({ 'X-App': 'main' });
    expect(clients.other?.getBaseUrl()).toBe('https://other.example/api');
  });
});
