/**
 * The shapes of the live module (`live` in `@bridgekit/core/live`): its options, what a
 * provider lends it, the state a UI renders, and the interface of one instance's `Live`. The
 * behaviour is in `createLive`; the sources (how changes arrive) follow the contract in
 * `contract/live`.
 */
import type { Client } from '../client/client';
import type { LiveEvent, LiveSource } from '../contract/live';
import type { Connectivity } from '../offline/connectivity';
import type { CacheLike } from '../offline/persistTypes';
import type { AuthService } from '../services/authService';
import type { Visibility } from './visibility';

/**
 * Options of `live`.
 *
 * @example
 * const options: LiveOptions = { resources: ['products', 'orders'], pauseWhenHidden: false };
 */
export interface LiveOptions {
  /**
   * The resources to follow (their path: `products`). The reference server's feed then carries
   * only these (`resources=`); other sources' changes of other resources are dropped.
   * @default every resource the signed-in user may read
   */
  resources?: readonly string[];
  /**
   * Which queries of the hooks follow: `'all'` (a hook opts out with `{ live: false }`) or
   * `'opt-in'` (only the hooks given `{ live: true }`).
   * @default 'all'
   */
  queries?: 'all' | 'opt-in';
  /**
   * Whether a hidden browser tab lets go of the feed (another visible tab of the same user
   * takes it over; the tab resumes without a gap when it is shown again).
   * @default true
   */
  pauseWhenHidden?: boolean;
  /**
   * How changes arrive.
   * @default the client's dialect's `live` part; with no dialect, the reference server's change
   *   feed (`changeFeed()`); else `polling()`
   */
  source?: LiveSource;
}

/**
 * What `live` shows a UI (`useLiveStatus()`).
 *
 * @example
 * const { connected, lastEvent, error }: LiveState = live.getState();
 */
export interface LiveState {
  /**
   * Whether changes are followed now: the feed is open (with polling: the queries shown are
   * asked again every interval). `false` while signed out, offline, paused in a hidden tab, or
   * between two tries.
   */
  readonly connected: boolean;
  /** The last change or reset that came; `null` before the first (and after a sign-out). */
  readonly lastEvent: LiveEvent | null;
  /** Why the last try to follow failed, until the next one succeeds; else `null`. */
  readonly error: Error | null;
  /** `'feed'`: changes are pushed; `'poll'`: the queries shown are asked again now and then. */
  readonly mode: 'feed' | 'poll';
}

/**
 * What the providers lend the live module of an instance.
 *
 * @example
 * const host: LiveHost = { client, auth: createAuthService(client) };
 */
export interface LiveHost {
  /** The instance's client: every request of the feed goes through it. */
  client: Client;
  /** Who is signed in: the module follows while someone is, as that user. */
  auth: AuthService;
  /** The platform's view of the network: the module pauses offline. @default browserConnectivity() */
  connectivity?: Connectivity;
  /** Whether the app is shown. @default browserVisibility() */
  visibility?: Visibility;
}

/**
 * The SWR cache the hooks of an instance use, as the providers lend it (`live.start(cache)`):
 * changes patch or revalidate its Bridgekit queries (keys `['bridgekit', instanceId, endpoint,
 * type, params]`).
 *
 * @example
 * const { cache, mutate } = useSWRConfig();
 * live.start({ instanceId: 'default', cache, mutate, revalidate });
 */
export interface LiveCacheHost {
  readonly instanceId: string;
  readonly cache: CacheLike;
  /** SWR's `mutate` of that cache (a key, and new data without revalidation). */
  mutate(key: string, data: (current: any) => unknown, options: { revalidate: false }): unknown;
  /**
   * Revalidates the instance's queries whose endpoint `endpoint` accepts, but the keys `skip`
   * accepts, infinite lists included (`invalidateQueries`).
   */
  revalidate(
    endpoint: (endpoint: string) => boolean,
    skip: (key: readonly unknown[]) => boolean,
  ): void;
}

/**
 * A list held by `countNew`: created records are counted for it instead of fetched.
 *
 * @example
 * const held = live.countNew(key, (count) => render(count));
 * held.show(); // the table fetches the list again: count back to 0
 * held.release();
 */
export interface LiveNewRows {
  /** Sets the count back to 0 (the caller fetches the list again). */
  show(): void;
  /** Stops holding: created records revalidate the list again. */
  release(): void;
}

/**
 * The live module of one instance: it follows the changes of other people while someone is
 * signed in (pausing offline and in hidden tabs), tells `onEvent` listeners, and patches or
 * revalidates the queries of the caches it was started with.
 *
 * @example
 * const feed = live()({ client, auth });
 * const stop = feed.start();
 * feed.onEvent((event) => console.log(event));
 * stop();
 */
export interface Live {
  getState(): LiveState;
  /** Calls `listener` after every change of the state; returns the unsubscribe. */
  subscribe(listener: (state: LiveState) => void): () => void;
  /** Calls `listener` with every change and reset that comes; returns the unsubscribe. */
  onEvent(listener: (event: LiveEvent) => void): () => void;
  /**
   * Starts following, and with `cache`, keeping that cache's queries up to date. Returns the
   * function that stops; the module follows while any start holds, and the last stop lets go
   * of the connection a microtask later, unless a start came back meanwhile (a provider's
   * effects run again: the connection stays).
   */
  start(cache?: LiveCacheHost): () => void;
  /**
   * Marks one query (its SWR key, serialized) as following or not: a hook's `live` option.
   * Returns the unmark. A query marked both ways follows.
   */
  follow(key: string, follows: boolean): () => void;
  /** Holds a list (its SWR key, serialized): see `LiveNewRows`. */
  countNew(key: string, listener: (count: number) => void): LiveNewRows;
  /** Stops everything and forgets every listener. */
  dispose(): void;
}

/**
 * The live module as the providers take it (`config={{ baseUrl, live: live() }}`): called once
 * per instance.
 *
 * @example
 * const module: LiveModule = live({ resources: ['products'] });
 */
export type LiveModule = (host: LiveHost) => Live;
