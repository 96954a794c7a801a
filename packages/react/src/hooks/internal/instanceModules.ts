/**
 * The modules of a provider's instances, in one place: what each opens, when, and how it closes.
 * An instance has its auth service (made when a hook first needs it) and, when the app passed
 * one, its auth lifecycle (opened by the instance's first hook, or by the provider's mount if no
 * hook came first: it must be in place before the first request, and a child's effects run
 * before its provider's). Everything opened here is closed when the provider unmounts.
 *
 * Instances around one client (a client the app passes to several providers) share its auth
 * service and lifecycle; the last instance to close disposes them, so a client the app keeps
 * ends with the registrations it had before.
 */
import type { AuthPaths, AuthService, Client } from '@bridgekit/core';
import { createAuthService } from '@bridgekit/core';
import type { AuthLifecycle, AuthLifecycleModule } from '@bridgekit/core/auth';
import type { OfflineQueue, OfflineQueueModule } from '@bridgekit/core/offline';

/** What an instance takes besides its client. */
export interface ModuleOptions {
  authPaths?: Partial<AuthPaths>;
  userStorageKey?: string;
  lifecycle?: AuthLifecycleModule;
  offline?: OfflineQueueModule;
}

/** The modules of one client, shared by the open instances around it. */
interface ClientModules {
  auth: AuthService | undefined;
  account: AuthLifecycle | undefined;
  holders: number;
}

const byClient = new WeakMap<Client, ClientModules>();

/** The modules of one instance. */
export interface InstanceModules {
  /** The auth service, made on first read. */
  readonly auth: AuthService;
  /** The auth lifecycle, when the app passed the module and it is open. */
  readonly account: AuthLifecycle | undefined;
  /**
   * The offline write queue, when the app passed the module: made on first read, after the
   * lifecycle (whose account requests it never queues). Started and stopped by the provider.
   */
  readonly offline: OfflineQueue | undefined;
  /** Opens the modules the app passed, once: a hook's first use. Nothing after a close. */
  open(): void;
  /** Opens them again after a close (the provider mounted again); whether anything was closed. */
  reopen(): boolean;
  /** Closes what this instance holds: the last instance of a client disposes the client's modules. */
  close(): void;
}

/**
 * The modules of an instance around `client`.
 *
 * @example
 * const modules = createInstanceModules(client, { lifecycle: authLifecycle() });
 * modules.open();
 * modules.close();
 */
export function createInstanceModules(client: Client, options: ModuleOptions): InstanceModules {
  const { authPaths: paths, userStorageKey, lifecycle, offline } = options;
  // The client's modules this instance uses; `holding` while it counts among their holders.
  // After a close it keeps the last ones, disposed, for what still reads them (a hidden tree
  // renders): only `reopen` opens again.
  let held: ClientModules | undefined;
  let holding = false;
  let closed = false;
  let queue: OfflineQueue | undefined;

  const hold = (): ClientModules => {
    if (held && (holding || closed)) return held;
    held = byClient.get(client) ?? { auth: undefined, account: undefined, holders: 0 };
    byClient.set(client, held);
    held.holders++;
    holding = true;
    return held;
  };
  // Absent options (undefined) keep the auth service's defaults.
  const auth = () => {
    const modules = hold();
    modules.auth ??= createAuthService(client, { paths, userStorageKey });
    return modules.auth;
  };
  const open = () => {
    if (!lifecycle || closed) return;
    const modules = hold();
    modules.account ??= lifecycle(auth());
  };

  return {
    get auth() {
      return auth();
    },
    get account() {
      return lifecycle ? held?.account : undefined;
    },
    get offline() {
      if (!offline) return undefined;
      if (!queue) {
        open();
        const account = lifecycle ? held?.account : undefined;
        queue = offline({
          client,
          auth: auth(),
          accountPaths: account && Object.values(account.paths),
        });
      }
      return queue;
    },
    open,
    reopen() {
      const wasClosed = closed;
      closed = false;
      if (wasClosed) queue = undefined;
      if (!holding) held = undefined;
      open();
      return wasClosed;
    },
    close() {
      closed = true;
      if (!held || !holding) return;
      holding = false;
      held.holders--;
      if (held.holders > 0) return;
      byClient.delete(client);
      held.account?.dispose();
      held.auth?.dispose();
    },
  };
}

/** Opens and closes the modules of every instance of one provider with its mount. */
export interface ProviderModules {
  /** The provider mounted: its modules open (again). Whether they had been closed. */
  mount(): boolean;
  /** The provider unmounted: its modules close, a microtask later (see `provideModules`). */
  unmount(): void;
}

/**
 * The modules of one provider, opened while it is mounted: its effect calls `mount`, its
 * cleanup `unmount`. React's StrictMode (in development) runs an effect, its cleanup and the
 * effect again at once; the close waits a microtask and is skipped when the provider mounted
 * again meanwhile, so that sequence keeps the modules, and the objects hooks hold, as they are.
 *
 * @example
 * const modules = provideModules(Object.values(instances));
 * useEffect(() => (modules.mount(), modules.unmount), [modules]);
 */
export function provideModules(instances: readonly InstanceModules[]): ProviderModules {
  let mounted = 0;
  return {
    mount() {
      mounted++;
      let reopened = false;
      for (const modules of instances) reopened = modules.reopen() || reopened;
      return reopened;
    },
    unmount() {
      mounted--;
      queueMicrotask(() => {
        if (mounted > 0) return;
        for (const modules of instances) modules.close();
      });
    },
  };
}
