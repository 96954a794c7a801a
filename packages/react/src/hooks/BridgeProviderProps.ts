/**
 * The props of `BridgeProvider` and the two ways to describe an instance (a configuration, or a
 * ready client), with the opt-in modules an instance takes.
 */
import type { AuthPaths, Client, ClientConfig } from '@bridgekit/core';
import type { PersistCacheModule } from '@bridgekit/core/offline';
import type { ReactNode } from 'react';
import type { SWRConfiguration } from 'swr';
import type { ProviderModules as Modules } from './internal/providerModules';

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
