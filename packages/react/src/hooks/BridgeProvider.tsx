import {
  type AuthPaths,
  type AuthService,
  type Client,
  type ClientConfig,
  createAuthService,
  createClient,
} from '@bridgekit/core';
import type { AuthLifecycleModule } from '@bridgekit/core/auth';
import type {
  OfflineQueueModule,
  PersistCacheModule,
  SWRConfigLike,
} from '@bridgekit/core/offline';
import { type ReactNode, useState } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import {
  BridgeContext,
  type BridgeContextValue,
  type BridgeInstance,
} from './internal/BridgeContext';
import { OfflineModules } from './internal/OfflineModules';
import { withBridgeRetryPolicy } from './retryPolicy';

/** The opt-in modules an instance takes. */
interface Modules {
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
}

/**
 * An instance described by its configuration: a client is created from it. Besides the
 * client's options it takes `authPaths`, `userStorageKey` and the opt-in `lifecycle` module.
 *
 * @example
 * const config: BridgeInstanceConfig = { baseUrl: 'https://api.example.com/api', timeout: 10_000 };
 */
export interface BridgeInstanceConfig extends ClientConfig, Modules {
  /** Base URL of the API, e.g. `'https://api.example.com/api'`. */
  baseUrl: string;
  /**
   * Paths of the auth endpoints; missing ones keep their default.
   * @default { login: '/auth/login', logout: '/auth/logout', validation: '/auth/validation', me: '/auth/me' }
   */
  authPaths?: Partial<AuthPaths>;
  /**
   * Storage key of the signed-in user.
   * @default 'bridgekit_user'
   */
  userStorageKey?: string;
}

/**
 * An instance around a client you created yourself, with the same opt-in modules as
 * `BridgeInstanceConfig`.
 *
 * @example
 * const billing: BridgeClientInstance = { client: createClient('https://billing.example.com') };
 */
export interface BridgeClientInstance extends Modules {
  client: Client;
  /** @default the default auth paths */
  authPaths?: Partial<AuthPaths>;
  /** @default 'bridgekit_user' */
  userStorageKey?: string;
}

/**
 * Props of `BridgeProvider`: exactly one of `config`, `client` or `instances`.
 *
 * @example
 * const props: BridgeProviderProps = { config: { baseUrl: '/api' }, swr: { dedupingInterval: 5000 } };
 */
export interface BridgeProviderProps extends Modules {
  /** One instance, created from this configuration. */
  config?: BridgeInstanceConfig;
  /** One instance around a ready client. */
  client?: Client;
  /** Several instances by id. */
  instances?: Record<string, BridgeInstanceConfig | BridgeClientInstance>;
  /**
   * Id of the instance used by hooks called without `instanceId` (and the id of the single
   * instance given by `config` or `client`).
   * @default 'default'
   */
  defaultInstance?: string;
  /**
   * Auth paths for the `client` form. (So is `lifecycle`: the other forms take it in each
   * instance.)
   */
  authPaths?: Partial<AuthPaths>;
  /** User storage key for the `client` form. @default 'bridgekit_user' */
  userStorageKey?: string;
  /**
   * Maps the configuration of each instance built from a config (`config`, or a config entry
   * of `instances`) before its client is created; instances around a ready `client` are left
   * alone. Platform providers set defaults here (React Native: AsyncStorage storage; Next.js:
   * an absolute `baseUrl` during server rendering).
   * @default undefined (configs are used as given)
   */
  transformConfig?: (config: BridgeInstanceConfig, instanceId: string) => BridgeInstanceConfig;
  /**
   * SWR options for every query below the provider; when given, children are wrapped in
   * `<SWRConfig value={swr}>`. Failed queries are retried by Bridgekit's retry policy (no
   * retry of a 4xx other than 408/429, a bounded backoff for 5xx and network errors,
   * `Retry-After` on 429/503) unless `swr` or an enclosing SWRConfig sets `onErrorRetry`.
   * @default undefined (SWR's own defaults, or an outer SWRConfig; Bridgekit's retry policy)
   */
  swr?: SWRConfiguration;
  /**
   * The persisted cache (`persistCache(options)` from `@bridgekit/core/offline`): the queries
   * of every instance are kept on the device and shown at once after a reload or a cold start
   * (the hooks report `isLoading` until they are back), then asked again.
   * @default undefined (the cache lives in memory only)
   */
  persist?: PersistCacheModule;
  children?: ReactNode;
}

// One auth service per client: a provider that remounts around the same client (StrictMode,
// route changes) must not stack session listeners on it.
const authByClient = new WeakMap<Client, AuthService>();

// The auth service is created when a hook first asks for it: an app that only reads data gets
// a client with no session listener (the fast path) and no start-up request (cookie mode asks
// `GET me`). The lifecycle, when the app passed the module, is created at once so refresh
// tokens work from the first request; one per auth service, so a remount gets the same one.
function instanceOf(
  id: string,
  client: Client,
  {
    authPaths: paths,
    userStorageKey,
    lifecycle,
    offline,
  }: BridgeClientInstance | BridgeInstanceConfig,
): BridgeInstance {
  const auth = () => {
    let service = authByClient.get(client);
    if (!service) {
      // Absent options (undefined) keep the auth service's defaults.
      service = createAuthService(client, { paths, userStorageKey });
      authByClient.set(client, service);
    }
    return service;
  };
  const account = lifecycle?.(auth());
  return {
    id,
    client,
    account,
    get auth() {
      return auth();
    },
    // Sign-in and account requests are never queued: the queue is told their paths.
    offline: offline?.({
      client,
      auth: auth(),
      accountPaths: account && Object.values(account.paths),
    }),
  };
}

function createInstance(
  id: string,
  input: BridgeInstanceConfig | BridgeClientInstance,
  transform: BridgeProviderProps['transformConfig'],
  isDefault: boolean,
): BridgeInstance {
  if (!input || typeof input !== 'object') {
    throw new TypeError(`BridgeProvider: instance "${id}" must be an object`);
  }
  const { client } = input as BridgeClientInstance;
  if (client) return instanceOf(id, client, input);
  const config = transform ? transform(input as BridgeInstanceConfig, id) : input;
  const { baseUrl, authPaths, userStorageKey, lifecycle, offline, ...clientConfig } =
    config as BridgeInstanceConfig;
  if (typeof baseUrl !== 'string' || baseUrl === '') {
    throw new TypeError(
      `BridgeProvider: config.baseUrl of instance "${id}" must be a non-empty string`,
    );
  }
  // Instances share the platform storage: every instance but the default one keeps its
  // session, user and refresh token under keys prefixed with its id.
  if (!isDefault && clientConfig.storageKeyPrefix === undefined) {
    clientConfig.storageKeyPrefix = `${id}:`;
  }
  return instanceOf(id, createClient(baseUrl, clientConfig), config);
}

function createContextValue(props: BridgeProviderProps): BridgeContextValue {
  const { config, client, instances } = props;
  const defaultInstance = props.defaultInstance ?? 'default';
  // The props hold `client`, `authPaths` and `userStorageKey` under a client instance's names.
  const inputs: Record<string, BridgeInstanceConfig | BridgeClientInstance> = instances ?? {
    [defaultInstance]: client ? (props as BridgeClientInstance) : (config as BridgeInstanceConfig),
  };
  // `null` counts as given (and is then refused as an instance that is no object).
  if (
    [config, client, instances].filter((x) => x !== undefined).length !== 1 ||
    Object.keys(inputs).length === 0
  ) {
    throw new TypeError(
      'BridgeProvider needs exactly one of the props config, client or instances (with at least one instance)',
    );
  }
  // No prototype: an id such as "toString" names no instance unless the app gave one.
  const created: Record<string, BridgeInstance> = Object.create(null);
  for (const [id, input] of Object.entries(inputs)) {
    created[id] = createInstance(id, input, props.transformConfig, id === defaultInstance);
  }
  return { instances: created, defaultInstance, persist: props.persist?.({ instances: created }) };
}

/**
 * Makes one or several APIs available to the hooks below it. Clients and auth services are
 * created once, on first render; later changes of `config`/`instances` are ignored (remount
 * the provider with a new `key` to start over).
 *
 * @example
 * <BridgeProvider config={{ baseUrl: 'https://api.example.com/api', timeout: 10_000 }}>
 *   <App />
 * </BridgeProvider>
 *
 * @example
 * <BridgeProvider
 *   instances={{ default: { baseUrl: '/api' }, billing: { baseUrl: 'https://billing.example.com' } }}
 *   defaultInstance="default"
 * >
 *   <App />
 * </BridgeProvider>
 */
export function BridgeProvider(props: BridgeProviderProps): ReactNode {
  const [value] = useState(() => createContextValue(props));
  // The persisted cache is the SWR cache provider, over the app's own (React Native's).
  const swr = (value.persist?.swrConfig(props.swr as SWRConfigLike) ?? props.swr) as
    | SWRConfiguration
    | undefined;
  const content = (
    <BridgeContext.Provider value={value}>
      <OfflineModules />
      {props.children}
    </BridgeContext.Provider>
  );
  return (
    <SWRConfig value={withBridgeRetryPolicy}>
      {swr ? <SWRConfig value={swr}>{content}</SWRConfig> : content}
    </SWRConfig>
  );
}
