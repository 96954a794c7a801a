/**
 * The opt-in modules of a provider instance, each declared once: the option that takes it and
 * its documentation, what makes it (for the messages), and how the providers open, start and
 * close it. The checks (`providerChecks`), the instances (`instanceModules`), the provider's
 * mount (`ModuleStarts`) and the platform providers' defaults (`withModuleDefaults`) all read
 * this list: a new module is one entry here and its option in `ProviderModules`.
 */
import type { AuthService, AuthServiceOptions, Client } from '@bridgekit/core';
import type { AuthLifecycle, AuthLifecycleModule } from '@bridgekit/core/auth';
import type { Live, LiveCacheHost, LiveModule } from '@bridgekit/core/live';
import type { OfflineQueue, OfflineQueueModule, QueuedWrite } from '@bridgekit/core/offline';
import type { BridgeCacheScope } from '../invalidateBridgeQueries';

/** The opt-in modules an instance takes. */
export interface ProviderModules {
  /**
   * The auth lifecycle (`authLifecycle(options)` from `@bridgekit/core/auth`): account flows,
   * two-factor sign-in, refresh tokens, and cross-tab sync when it is given its module
   * (`authLifecycle({ crossTab: crossTabSync() })`). Without it the instance has the plain
   * auth service, and `useAuth<typeof lifecycle>()` is how a component of an instance with it
   * gets the account actions.
   * @default undefined (none)
   */
  lifecycle?: AuthLifecycleModule;
  /**
   * The offline write queue (`offlineQueue(options)` from `@bridgekit/core/offline`): a write
   * that cannot reach the server is kept on the device and sent again later, once, in order,
   * under its user's session; `useOfflineQueue()` shows what waits.
   * @default undefined (none)
   */
  offline?: OfflineQueueModule;
  /**
   * The live module (`live(options)` from `@bridgekit/core/live`): other people's changes
   * arrive without a reload. The hooks' lists and records are patched when a change carries
   * the record, asked again otherwise (a hook opts out with `{ live: false }`);
   * `useLiveStatus()` shows the connection.
   * @default undefined (none)
   */
  live?: LiveModule;
}

/** The names of the modules, in the order they open (the queue reads the lifecycle's paths). */
export type ModuleName = keyof ProviderModules;

/** Makes the auth service of a client: `createAuthService`, brought by whoever needs it. */
export type AuthServiceFactory = (client: Client, options: AuthServiceOptions) => AuthService;

/** What a module is given when it opens. */
export interface ModuleHost {
  readonly client: Client;
  readonly auth: AuthService;
  /** The lifecycle of the instance, when it has one (opened before the modules after it). */
  readonly account: AuthLifecycle | undefined;
}

/** What a module is given when the provider mounts. */
export interface StartHost {
  /** The module's instance. */
  readonly instanceId: string;
  /** The SWR cache (and its mutator) of the hooks below the provider. */
  readonly swr: BridgeCacheScope;
  /**
   * Revalidates the queries of the module's instance whose endpoint is `endpoint` or a parent
   * of it (a path), or that `endpoint` accepts (a test), but the keys `skip` accepts; resolves
   * when they were read again.
   */
  revalidate(
    endpoint: string | ((endpoint: string) => boolean),
    skip?: (key: readonly unknown[]) => boolean,
  ): Promise<void>;
}

/** How the providers take one module. */
interface Declaration<Module, Made> {
  /** What makes the module, for the messages: `authLifecycle(options) from '…'`. */
  madeBy: string;
  /**
   * Makes it for a client: once, shared by the instances around that client (two queues or
   * two lifecycles on one client would each act on every request), ended when the last of them
   * closes and made again when one opens after that.
   */
  open(module: Module, host: ModuleHost): Made;
  /** Starts it while the provider is mounted; returns what stops it. */
  start?(made: Made, host: StartHost): () => void;
}

/** Every module, by option name, in the order they open. */
export const MODULES = {
  lifecycle: {
    madeBy: "authLifecycle(options) from '@bridgekit/core/auth'",
    // It ends with its auth service (disposed when the last instance around the client closes).
    open: (lifecycle, { auth }) => lifecycle(auth),
  } satisfies Declaration<AuthLifecycleModule, AuthLifecycle>,
  offline: {
    madeBy: "offlineQueue(options) from '@bridgekit/core/offline'",
    // The lifecycle's account requests are never queued.
    open: (offline, { client, auth, account }) =>
      offline({ client, auth, accountPaths: account && Object.values(account.paths) }),
    // Replayed writes revalidate the queries of their endpoint; the queue shows an applied
    // write as done until they were read again (`OfflineQueueState.applied`).
    start: (queue, { revalidate }) =>
      queue.start(({ endpoint }: QueuedWrite) => revalidate(endpoint)),
  } satisfies Declaration<OfflineQueueModule, OfflineQueue>,
  live: {
    madeBy: "live(options) from '@bridgekit/core/live'",
    open: (live, { client, auth }) => live({ client, auth }),
    // Changes patch or revalidate the queries of the SWR cache below the provider.
    start: (made, { instanceId, swr, revalidate }) => {
      const cache: LiveCacheHost = {
        instanceId,
        cache: swr.cache as LiveCacheHost['cache'],
        mutate: (key, data, options) => swr.mutate(key, data, options),
        revalidate,
      };
      return made.start(cache);
    },
  } satisfies Declaration<LiveModule, Live>,
};

/** The module names, in order. */
export const MODULE_NAMES = Object.keys(MODULES) as ModuleName[];

/** What each module makes. */
export type Made<N extends ModuleName> = ReturnType<(typeof MODULES)[N]['open']>;

/** The declaration of a module, for code that goes through all of them. */
export function declarationOf(name: ModuleName): Declaration<unknown, unknown> {
  return MODULES[name] as Declaration<unknown, unknown>;
}

/**
 * The factory a module brings for the auth service it needs (`module.authService`), so that an
 * app pays for the auth service only with a hook or a module that uses it.
 */
export function authFactoryOf(module: unknown): AuthServiceFactory | undefined {
  return (module as { authService?: AuthServiceFactory } | undefined)?.authService;
}

/**
 * `source` without its modules: what a client is created from.
 *
 * @example
 * const clientConfig = withoutModules({ timeout: 5000, lifecycle }); // { timeout: 5000 }
 */
export function withoutModules<T extends ProviderModules>(source: T): Omit<T, ModuleName> {
  const rest: Record<string, unknown> = { ...(source as object) };
  for (const name of MODULE_NAMES) delete rest[name];
  return rest as Omit<T, ModuleName>;
}
