/**
 * The offline tests' world: the reference server (demo seed) on 127.0.0.1, a loopback proxy in
 * front of it that can cut connections or drop an answer after the server applied the write,
 * a platform connectivity the test switches, and a client signed in through its auth service.
 */
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  request as httpRequest,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AuthService,
  type Client,
  createAuthService,
  createClient,
  MemoryStorage,
  type StorageAdapter,
} from '@bridgekit/core';
import type { Connectivity } from '@bridgekit/core/offline';
import { createServer } from '@bridgekit/server';

/** What the proxy does with the next requests. */
export type ProxyMode =
  /** Forward and answer. */
  | 'pass'
  /** Close the connection at once: nothing reaches the server (a network error). */
  | 'cut'
  /** Forward, let the server apply it, then close the connection without the answer. */
  | 'drop-answer'
  /** Answer 503 without forwarding. */
  | 'unavailable';

export interface ProxiedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the proxy did with it. */
  mode: ProxyMode;
}

export interface Api {
  /** The proxy's API base URL (`…/api`): what clients use. */
  url: string;
  /** The server's own base URL, for checks that must not go through the proxy. */
  directUrl: string;
  mode: ProxyMode;
  /** Every request the proxy received, in order. */
  readonly requests: ProxiedRequest[];
  /** The server's rows of an entity, as its data set holds them now. */
  rows(entity: string): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Starts the reference server and a proxy in front of it, both on 127.0.0.1, OS-chosen ports. */
export async function startApi(): Promise<Api> {
  const server = createServer({ seed: 'demo', loginThrottle: false });
  const { url: directUrl, port } = await server.listen(0, '127.0.0.1');
  const requests: ProxiedRequest[] = [];
  const api = { mode: 'pass' as ProxyMode };
  const proxy = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const mode = api.mode;
      requests.push({
        method: req.method ?? 'GET',
        path: req.url ?? '',
        headers: req.headers,
        body: body.toString('utf8'),
        mode,
      });
      if (mode === 'cut') {
        req.socket.destroy();
        return;
      }
      if (mode === 'unavailable') {
        res.writeHead(503, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({ success: false, error: 'Down for a moment', code: 'UNAVAILABLE' }),
        );
        return;
      }
      const upstream = httpRequest(
        { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (part: Buffer) => parts.push(part));
          answer.on('end', () => {
            // The server has applied the write and answered: the answer is lost on the way.
            if (mode === 'drop-answer') {
              req.socket.destroy();
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(parts));
          });
        },
      );
      upstream.on('error', () => req.socket.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyPort = (proxy.address() as AddressInfo).port;
  return Object.assign(api, {
    url: directUrl.replace(`:${port}`, `:${proxyPort}`),
    directUrl,
    requests,
    rows: (entity: string) =>
      (server.snapshot().entities[entity]?.rows ?? []) as Array<Record<string, unknown>>,
    async close() {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await server.close();
    },
  });
}

/** A platform connectivity the test switches, as NetInfo or the browser's events would. */
export interface Switch extends Connectivity {
  set(online: boolean): void;
}

export function connectivitySwitch(online = true): Switch {
  const listeners = new Set<(online: boolean) => void>();
  let current = online;
  return {
    isOnline: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      current = next;
      for (const listener of [...listeners]) listener(next);
    },
  };
}

export type DemoUser = 'admin' | 'editor' | 'viewer';

export interface Device {
  client: Client;
  auth: AuthService;
  storage: StorageAdapter;
  signIn(user: DemoUser): Promise<void>;
}

/**
 * A client of the API with its storage (one per device; two devices may share one storage to
 * play two tabs) and its auth service.
 */
export function device(
  url: string,
  storage: StorageAdapter = new MemoryStorage(),
  storageKeyPrefix?: string,
): Device {
  const client = createClient(url, { storage, timeout: 5000, storageKeyPrefix });
  const auth = createAuthService(client);
  return {
    client,
    auth,
    storage,
    async signIn(user) {
      await auth.login({ email: `${user}@example.com`, password: `${user}123` });
    },
  };
}

/** Resolves once `check` holds (polled), or rejects after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits `ms`. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
