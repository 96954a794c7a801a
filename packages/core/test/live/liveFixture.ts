/**
 * What the live module's tests share: the reference server with demo data, a client and auth
 * service signed in as a demo user, a platform connectivity the test switches, and a TCP proxy
 * whose connections the test can cut (a network failure mid-stream, as a phone losing signal).
 */
import { createServer as createTcpServer, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  type AuthService,
  type Client,
  createAuthService,
  createClient,
  MemoryStorage,
} from '@bridgekit/core';
import type { Connectivity } from '@bridgekit/core/offline';
import { type BridgeServer, createServer, type ServerOptions } from '@bridgekit/server';

/** A running reference server. */
export interface LiveServer {
  server: BridgeServer;
  /** The API's base URL (`/api` included). */
  url: string;
  /** How many `GET /events` the server received. */
  feedRequests(): number;
  close(): Promise<void>;
}

/** The reference server with demo data on 127.0.0.1, its sign-ins unthrottled. */
export async function startLiveServer(options: Partial<ServerOptions> = {}): Promise<LiveServer> {
  const server = createServer({ seed: 'demo', loginThrottle: false, ...options });
  const { url } = await server.listen(0, '127.0.0.1');
  return {
    server,
    url,
    feedRequests: () =>
      server.requests().filter((r) => r.method === 'GET' && r.path.endsWith('/events')).length,
    close: () => server.close(),
  };
}

/** A client (own storage) and its auth service, signed in as a demo user. */
export async function signedIn(
  url: string,
  user: 'admin' | 'editor' | 'viewer',
): Promise<{ client: Client; auth: AuthService }> {
  const client = createClient(url, { storage: new MemoryStorage(), fetch: globalThis.fetch });
  const auth = createAuthService(client);
  await auth.ready;
  await auth.login({ email: `${user}@example.com`, password: `${user}123` });
  return { client, auth };
}

/** A connectivity the test switches, as the browser's `online`/`offline` events would. */
export function switchableConnectivity(): Connectivity & { set(online: boolean): void } {
  let online = true;
  const listeners = new Set<(online: boolean) => void>();
  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next) {
      online = next;
      for (const listener of [...listeners]) listener(next);
    },
  };
}

/** A TCP proxy to `target` (a URL) whose network the test takes down and brings back. */
export interface CuttableProxy {
  /** `target` with the proxy's host and port. */
  url: string;
  /** Destroys every open connection and refuses new ones, as a lost network would. */
  down(): void;
  /** Lets connections through again. */
  up(): void;
  close(): Promise<void>;
}

export async function startProxy(target: string): Promise<CuttableProxy> {
  const to = new URL(target);
  const sockets = new Set<Socket>();
  let isDown = false;
  const proxy = createTcpServer((inbound) => {
    if (isDown) {
      inbound.destroy();
      return;
    }
    const outbound = connect(Number(to.port), to.hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  const url = new URL(target);
  url.port = String(port);
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: url.href.replace(/\/$/, ''),
    down() {
      isDown = true;
      cut();
    },
    up() {
      isDown = false;
    },
    close: () =>
      new Promise((resolve) => {
        cut();
        proxy.close(() => resolve());
      }),
  };
}
