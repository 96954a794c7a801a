import { type Client, createClient, MemoryStorage, type RequestConfig } from '@bridgekit/core';
import { BridgeProvider } from '@bridgekit/react/hooks';
import {
  type BridgeData,
  createDemoData,
  createServer,
  type ServerOptions,
} from '@bridgekit/server';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

export type DemoUser = 'admin' | 'editor' | 'viewer';

export const PASSWORDS: Record<DemoUser, string> = {
  admin: 'admin123',
  editor: 'editor123',
  viewer: 'viewer123',
};

export interface TestServer {
  /** Base URL of the API, `/api` included. */
  apiUrl: string;
  /** Expires every session now, as if their lifetime had passed. */
  expireSessions(): void;
  close(): Promise<void>;
}

/** Starts the reference server with the demo seed on 127.0.0.1, on a port the OS picks. */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const server = createServer({ seed: 'demo', ...options });
  const { url } = await server.listen(0, '127.0.0.1');
  return {
    apiUrl: url,
    expireSessions: () => server.expireSessions(),
    close: () => server.close(),
  };
}

/** The demo data set with no products, for the empty state. */
export function demoWithoutProducts(): BridgeData {
  const data = createDemoData();
  const products = data.entities.products;
  if (!products) throw new Error('the demo data has no products');
  return { ...data, entities: { ...data.entities, products: { ...products, rows: [] } } };
}

/** A client with its own in-memory storage, so tests never share a session through localStorage. */
export function makeClient(apiUrl: string): Client & { requests: RequestConfig[] } {
  const client = createClient(apiUrl, { storage: new MemoryStorage(), timeout: 5000 });
  const requests: RequestConfig[] = [];
  client.addRequestInterceptor((config) => {
    requests.push(config);
    return config;
  });
  return Object.assign(client, { requests });
}

/** Signs a demo user in through the API and gives the client the session. */
export async function signIn(client: Client, user: DemoUser): Promise<void> {
  const res = await client.post<{ sessionId: string }>('/auth/login', {
    email: `${user}@example.com`,
    password: PASSWORDS[user],
  });
  if (!res.success || !res.data) throw new Error(`login as ${user} failed: ${res.error}`);
  client.setSessionId(res.data.sessionId);
}

/** Renders inside a provider for `client` and a fresh SWR cache (keys do not include the base URL). */
export function renderWithClient(client: Client, ui: ReactNode) {
  const wrap = (node: ReactNode) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <BridgeProvider client={client}>{node}</BridgeProvider>
    </SWRConfig>
  );
  const result = render(wrap(ui));
  return { ...result, rerender: (next: ReactNode) => result.rerender(wrap(next)) };
}

/** The query parameters of the requests `client` sent to paths ending in `path`. */
export function queriesTo(client: { requests: RequestConfig[] }, path: string): URLSearchParams[] {
  return client.requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname.endsWith(path))
    .map((u) => u.searchParams);
}
