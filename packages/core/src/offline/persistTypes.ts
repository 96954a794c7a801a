/**
 * The shapes of the persisted cache (`persistCache` in `@bridgekit/core/offline`): its
 * options, the SWR cache it watches, what a provider lends it and what it gives back. The
 * behaviour is in `cachePersister`.
 */
import type { Client } from '../client/client';
import type { StorageAdapter } from '../contract/http';
import type { AuthService } from '../services/authService';

/**
 * Options of `persistCache`.
 *
 * @example
 * const options: PersistCacheOptions = { maxAge: 60 * 60 * 1000, buster: 'v2' };
 */
export interface PersistCacheOptions {
  /**
   * Where the cache is kept.
   * @default each instance client's storage (`localStorage` in a browser, AsyncStorage in React Native)
   */
  storage?: StorageAdapter;
  /**
   * Entries older than this (ms since they were fetched) are neither restored nor kept.
   * @default 86400000 (24 h)
   */
  maxAge?: number;
  /**
   * A version of the cached data: a cache saved under another buster is dropped (change it
   * when the shape of your data changes).
   * @default ''
   */
  buster?: string;
}

/**
 * The part of SWR's cache (`Cache` from `swr`) the persister reads and writes.
 *
 * @example
 * const cache: CacheLike = new Map();
 */
export interface CacheLike {
  keys(): IterableIterator<string>;
  get(key: string): any;
  set(key: string, value: any): void;
  delete(key: string): void;
}

/** The hook an SWR middleware wraps (`useSWRNext`), loosely typed: core does not depend on SWR. */
export type SWRHookLike = (key: any, fetcher: any, config: any) => any;

/** The SWR options the persister sets (a part of SWR's `SWRConfiguration`). */
export interface SWRConfigLike {
  provider?: (parent: any) => CacheLike;
  use?: Array<(useSWRNext: any) => any>;
  [option: string]: unknown;
}

/**
 * What a provider lends the persister: its instances, each with its client (storage, key
 * prefix) and auth service (who is signed in).
 *
 * @example
 * const host: PersistHost = { instances: { default: { client, auth } } };
 */
export interface PersistHost {
  instances: Readonly<Record<string, { readonly client: Client; readonly auth: AuthService }>>;
}

/**
 * The persisted cache of one provider.
 *
 * @example
 * const persister = persistCache()({ instances });
 * <SWRConfig value={persister.swrConfig()} />
 */
export interface CachePersister {
  /**
   * SWR's `provider` option: a cache over `inner` (a new `Map` when absent) whose changes to
   * Bridgekit entries are saved, at most about once a second.
   */
  provider(inner?: CacheLike): CacheLike;
  /**
   * The app's SWR options with the persister's: `provider` (over the app's own provider, if
   * any) and `middleware` first in `use`. What the providers give `<SWRConfig>`. Queries in
   * the app's `fallback` (server-prefetched data) are not restored: the server's data is newer.
   */
  swrConfig(app?: SWRConfigLike): SWRConfigLike;
  /**
   * An SWR middleware (SWR's `use` option): while the cache is restored, a Bridgekit query
   * waits (it reports `isLoading`); then it shows the restored data at once and asks the
   * server again, or fetches when nothing was restored for it.
   */
  middleware(useSWRNext: SWRHookLike): SWRHookLike;
  /** Settles once the saved entries are back in the cache (or found unusable). */
  readonly restored: Promise<void>;
  /**
   * Restores (the first time) and starts watching sign-ins and sign-outs; returns the
   * function that stops, after saving what changed. It may be started again.
   */
  start(): () => void;
}

/**
 * The persisted cache as a module the providers take (`<BridgeProvider persist={persistCache()}>`).
 *
 * @example
 * const module: PersistCacheModule = persistCache({ buster: 'v2' });
 */
export type PersistCacheModule = (host: PersistHost) => CachePersister;
