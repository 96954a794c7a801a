/**
 * The offline tests' world: the reference server (demo seed) on 127.0.0.1, a loopback proxy in
 * front of it that refuses, delays or drops answers (`faultProxy`),
 * a platform connectivity the test switches, and a client signed in through its auth service.
 */
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
import { afterEach, beforeEach } from 'vitest';
import { type FaultProxy, startFaultProxy } from './faultProxy';

export type { ProxiedRequest, ProxyMode } from './faultProxy';

export interface Api extends FaultProxy {
  /** The proxy's API base URL (`…/api`): what clients use. */
  url: string;
  /** The server's own base URL, for checks that must not go through the proxy. */
  directUrl: string;
  /** The server's rows of an entity, as its data set holds them now. */
  rows(entity: string): Array<Record<string, unknown>>;
}

/** Starts the reference server and a proxy in front of it, both on 127.0.0.1, OS-chosen ports. */
export async function startApi(): Promise<Api> {
  const server = createServer({ seed: 'demo', loginThrottle: false });
  const { url: directUrl } = await server.listen(0, '127.0.0.1');
  const proxy = await startFaultProxy(directUrl);
  const closeProxy = proxy.close;
  return Object.assign(proxy, {
    url: `${proxy.origin}${new URL(directUrl).pathname}`,
    directUrl,
    rows: (entity: string) =>
      (server.snapshot().entities[entity]?.rows ?? []) as Array<Record<string, unknown>>,
    async close() {
      await closeProxy();
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

/** The current test's server, connectivity, and what to stop when it ends. */
export interface OfflineWorld {
  /** The reference server behind the proxy (throws outside a test). */
  readonly api: Api;
  /** The platform's connectivity, as the test switches it (throws outside a test). */
  readonly net: Switch;
  /** Run and emptied after each test, before the server closes: queues' `start()` stops. */
  readonly stops: Array<() => void>;
}

/**
 * Starts the reference server and a connectivity switch (`online` to begin with) before each
 * test of the file; after it, runs `stops` and closes the server.
 *
 * @example
 * const world = offlineWorldPerTest();
 * it('…', async () => {
 *   const tab = device(world.api.url);
 *   world.stops.push(offlineQueue()({ client: tab.client, connectivity: world.net }).start());
 * });
 */
export function offlineWorldPerTest(online = true): OfflineWorld {
  let api: Api | undefined;
  let net: Switch | undefined;
  const stops: Array<() => void> = [];
  beforeEach(async () => {
    api = await startApi();
    net = connectivitySwitch(online);
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) stop();
    await api?.close();
    api = undefined;
    net = undefined;
  });
  const outside = () => new Error('the reference server runs only inside a test');
  return {
    get api() {
      if (!api) throw outside();
      return api;
    },
    get net() {
      if (!net) throw outside();
      return net;
    },
    stops,
  };
}
