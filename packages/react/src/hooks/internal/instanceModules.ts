/**
 * The modules of a provider's instances, in one place: what each opens, when, and how it closes.
 * An instance has its auth service, made when a hook that needs it asks (`useAuth`,
 * `useAuthGuard`, `useAuthService`) or a module that needs it opens (it brings the factory: an
 * app that uses neither ships no auth service), and the opt-in modules the app passed
 * (`providerModules`), opened by the instance's first hook or by the provider's mount (they
 * must be in place before the first request, and a child's effects run before its
 * provider's). A module that needs the auth service and brings no factory opens with the
 * service. Everything opened here is closed when the provider unmounts.
 *
 * Instances around one client (a client the app passes to several providers) share its auth
 * service and its modules; the last instance to close disposes them, so a client the app keeps
 * ends with the registrations it had before.
 */
import type { AuthPaths, AuthService, Client } from '@bridgekit/core';
import {
  type AuthServiceFactory,
  authFactoryOf,
  declarationOf,
  MODULE_NAMES,
  type Made,
  type ModuleName,
  type ProviderModules,
  type StartHost,
} from './providerModules';

/** What an instance takes besides its client. */
export interface ModuleOptions extends ProviderModules {
  authPaths?: Partial<AuthPaths>;
  userStorageKey?: string;
}

/** The modules of one client, shared by the open instances around it. */
interface ClientModules {
  auth: AuthService | undefined;
  made: { [N in ModuleName]?: Made<N> };
  holders: number;
}

const byClient = new WeakMap<Client, ClientModules>();

/** The modules of one instance. */
export interface InstanceModules {
  /**
   * The auth service: made with `create` the first time (a hook that needs it passes
   * `createAuthService`); `undefined` while none was made and no factory is given.
   */
  auth(create?: AuthServiceFactory): AuthService | undefined;
  /** A module the app passed, once open; `undefined` otherwise. */
  get<N extends ModuleName>(name: N): Made<N> | undefined;
  /** Opens the modules the app passed: a hook's first use. Nothing after a close. */
  open(): void;
  /** Opens them again after a close (the provider mounted again); whether anything was closed. */
  reopen(): boolean;
  /** Closes what this instance holds: the last instance of a client disposes the client's modules. */
  close(): void;
  /** Starts the modules that run while the provider is mounted; returns what stops them. */
  start(host: StartHost): () => void;
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
  const { authPaths: paths, userStorageKey } = options;
  const given = MODULE_NAMES.filter((name) => options[name] !== undefined);
  // The factory of the auth service, once a hook or a module brought one.
  let factory = given.map((name) => authFactoryOf(options[name])).find(Boolean);
  // The client's modules this instance uses; `holding` while it counts among their holders.
  // After a close it keeps the last ones, disposed, for what still reads them (a hidden tree
  // renders): only `reopen` opens again.
  let held: ClientModules | undefined;
  let holding = false;
  let closed = false;

  const hold = (): ClientModules => {
    if (held && (holding || closed)) return held;
    held = byClient.get(client) ?? { auth: undefined, made: {}, holders: 0 };
    byClient.set(client, held);
    held.holders++;
    holding = true;
    return held;
  };
  const auth = (create?: AuthServiceFactory) => {
    factory ??= create;
    if (!factory && !(held ?? byClient.get(client))?.auth) return undefined;
    const modules = hold();
    // Absent options (undefined) keep the auth service's defaults.
    modules.auth ??= factory?.(client, { paths, userStorageKey });
    return modules.auth;
  };

  const open = () => {
    if (closed || given.length === 0) return;
    const service = auth();
    if (!service) return;
    const modules = hold();
    const { made } = modules;
    for (const name of given) {
      (made as Record<string, unknown>)[name] ??= declarationOf(name).open(options[name], {
        client,
        auth: service,
        account: made.lifecycle,
      });
    }
  };

  const get = <N extends ModuleName>(name: N): Made<N> | undefined => {
    if (options[name] === undefined) return undefined;
    open();
    return held?.made[name];
  };

  return {
    auth(create) {
      const service = auth(create);
      // The modules that waited for the auth service open with it.
      if (service) open();
      return service;
    },
    get,
    open,
    reopen() {
      const wasClosed = closed;
      closed = false;
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
      // The modules built on it (the lifecycle) end with it.
      held.auth?.dispose();
    },
    start(host) {
      const stops: Array<() => void> = [];
      for (const name of given) {
        const { start } = declarationOf(name);
        const made = start && get(name);
        if (made !== undefined) stops.push(start!(made, host));
      }
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}

/** Opens and closes the modules of every instance of one provider with its mount. */
export interface ProviderModulesLife {
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
export function provideModules(instances: readonly InstanceModules[]): ProviderModulesLife {
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
