import { type Client, createClient, MemoryStorage } from '@bridgekit/core';
import { authLifecycle } from '@bridgekit/core/auth';
import { BridgeProvider, type BridgeProviderProps } from '@bridgekit/react/hooks';
import { createServer, type ServerOptions } from '@bridgekit/server';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

export interface Product {
  id: string;
  name: string;
  price: number;
  category: string;
  stock: number;
  active: boolean;
  createdAt: string;
}

export interface TestServer {
  /** API base URL (`/api` included). */
  url: string;
  /** Requests the server received, as `METHOD /path?query`. */
  requests: string[];
  /** Requests whose path (without query) ends with `path`. */
  count(method: string, path: string): number;
  expireSessions(): void;
  close(): Promise<void>;
}

/** The reference server with demo data on 127.0.0.1:0, counting requests on its side. */
export async function startServer(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const server = createServer({ seed: 'demo', ...options });
  const requests: string[] = [];
  server.app.addHook('onRequest', async (request) => {
    requests.push(`${request.method} ${request.url}`);
  });
  const { url } = await server.listen(0, '127.0.0.1');
  return {
    url,
    requests,
    count: (method, path) =>
      requests.filter((r) => {
        const [m, target = ''] = r.split(' ');
        return m === method && target.replace(/\?.*$/, '').endsWith(path);
      }).length,
    expireSessions: () => server.expireSessions(),
    close: () => server.close(),
  };
}

/** A client with its own storage (so tests never share a session) and Node's fetch. */
export function makeClient(url: string): Client {
  return createClient(url, {
    storage: new MemoryStorage(),
    timeout: 5000,
    fetch: globalThis.fetch,
  });
}

/** Signs a demo user in through the API and gives the client the session. */
export async function signIn(client: Client, user: 'admin' | 'editor' | 'viewer'): Promise<void> {
  const res = await client.post<{ sessionId: string }>('/auth/login', {
    email: `${user}@example.com`,
    password: `${user}123`,
  });
  if (!res.success || !res.data) throw new Error(`login as ${user} failed: ${res.error}`);
  client.setSessionId(res.data.sessionId);
}

/**
 * Provider props with a fresh SWR cache per render, so tests do not share cached queries, and
 * the auth lifecycle module unless given, without cross-tab sync: the providers of a test file
 * share one realm and often one server URL, so they would keep each other in step as tabs of
 * one origin do.
 */
export function providerProps(props: Omit<BridgeProviderProps, 'children'>): BridgeProviderProps {
  const lifecycle = authLifecycle();
  return {
    ...(props.client && { lifecycle }),
    ...props,
    ...(props.config && { config: { lifecycle, ...props.config } }),
    swr: { provider: () => new Map(), ...props.swr },
  };
}

/** Renders `ui` inside a BridgeProvider with a fresh SWR cache. */
export function renderWithProvider(props: Omit<BridgeProviderProps, 'children'>, ui: ReactNode) {
  return render(<BridgeProvider {...providerProps(props)}>{ui}</BridgeProvider>);
}
