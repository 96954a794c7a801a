/**
 * The persisted cache of one provider (docs/guide/offline.md, "The persisted cache"): the Bridgekit
 * entries of the SWR cache (keys `['bridgekit', instanceId, …]`) are saved per instance in its
 * storage, at most about once a second, and put back in the cache when the provider mounts, before
 * the hooks fetch. Each instance's saved entries belong to the user who was signed in: they are
 * removed when that user signs out or another signs in, and never restored for anyone else.
 */
import type { StorageAdapter } from '../contract/http';
import { signedInUser } from './queuedRequest';
import type {
  CacheLike,
  CachePersister,
  PersistCacheOptions,
  PersistHost,
  SWRHookLike,
} from './persistTypes';
import { readSavedCache, type SavedEntry, type SavedScope, writeSavedCache } from './savedCache';

/** How long changes wait before they are saved together. */
const SAVE_INTERVAL_MS = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A Bridgekit query key: `['bridgekit', instanceId, endpoint, type, params, …]`. */
const isBridgeKey = (key: unknown): key is unknown[] =>
  Array.isArray(key) && key[0] === 'bridgekit' && typeof key[1] === 'string';

const userIdOf = signedInUser;

interface Saved {
  /** The user whose data the entry is (the one signed in when it was fetched). */
  userId: string | null;
  fetchedAt: number;
}

/**
 * Creates the persister of a provider's instances; `start()` restores and watches.
 *
 * @example
 * const persister = createCachePersister({ instances: { default: { client, auth } } });
 * const stop = persister.start();
 */
export function createCachePersister(
  host: PersistHost,
  options: PersistCacheOptions = {},
): CachePersister {
  const { maxAge = DAY_MS, buster = '' } = options;
  const instances = Object.entries(host.instances).map(([id, { client, auth }]) => ({
    id,
    auth,
    storage: options.storage ?? (client.getStorage() as StorageAdapter | undefined),
    key: `${client.getConfig().storageKeyPrefix ?? ''}bridgekit_cache`,
    // Storage work of one instance runs in order: a sign-out's removal is never overtaken.
    chain: Promise.resolve(),
  }));
  type Instance = (typeof instances)[number];
  const byId = new Map(instances.map((instance) => [instance.id, instance]));

  let cache: CacheLike = new Map();
  const saved = new Map<string, Saved>();
  // Restored data by the JSON of its key, taken by the first query that asks for it.
  const restoredData = new Map<string, unknown>();
  let restoring = true;
  let restore: Promise<void> | undefined;
  let markRestored!: () => void;
  const restored = new Promise<void>((resolve) => {
    markRestored = resolve;
  });
  // Server-prefetched data (SWR's `fallback`, by SWR key) is fresher than what was saved.
  let prefetched: Record<string, unknown> = {};
  const dirty = new Set<Instance>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const scopeOf = (instance: Instance): SavedScope => ({ buster, userId: userIdOf(instance.auth) });
  const queue = (instance: Instance, task: (storage: StorageAdapter) => Promise<void>) => {
    const { storage } = instance;
    if (!storage) return instance.chain;
    instance.chain = instance.chain.then(() => task(storage)).catch(() => {});
    return instance.chain;
  };

  const save = (instance: Instance) =>
    queue(instance, (storage) => {
      // Read when the save runs: a sign-out queued before it has changed the user by then.
      const scope = scopeOf(instance);
      const now = Date.now();
      const entries: SavedEntry[] = [];
      for (const swrKey of cache.keys()) {
        const { _k: key, data } = cache.get(swrKey) ?? {};
        const entry = saved.get(swrKey);
        if (!isBridgeKey(key) || key[1] !== instance.id || data === undefined || !entry) continue;
        if (entry.userId === scope.userId && now - entry.fetchedAt <= maxAge) {
          entries.push([swrKey, key, data, entry.fetchedAt]);
        }
      }
      return writeSavedCache(storage, instance.key, scope, entries);
    });

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const instance of dirty) void save(instance);
    dirty.clear();
  };

  const changed = (swrKey: string, key: unknown, data: unknown) => {
    const instance = isBridgeKey(key) ? byId.get(key[1] as string) : undefined;
    if (!instance) return;
    if (data !== undefined) {
      saved.set(swrKey, { userId: userIdOf(instance.auth), fetchedAt: Date.now() });
    }
    dirty.add(instance);
    timer ??= setTimeout(flush, SAVE_INTERVAL_MS);
  };

  const restoreInstance = async (instance: Instance) => {
    await instance.auth.ready;
    const scope = scopeOf(instance);
    await queue(instance, async (storage) => {
      for (const [swrKey, key, data, fetchedAt] of await readSavedCache(
        storage,
        instance.key,
        scope,
        maxAge,
      )) {
        // A query that already has data (fetched during the restore, or prefetched) keeps it.
        if (cache.get(swrKey)?.data !== undefined || prefetched[swrKey] !== undefined) continue;
        cache.set(swrKey, { data, _k: key });
        saved.set(swrKey, { userId: scope.userId, fetchedAt });
        restoredData.set(JSON.stringify(key), data);
      }
    });
  };

  /** Removes the saved entries of an instance whose user changed (signed out, or another signed in). */
  const watchUser = (instance: Instance) => {
    // Unknown until the auth service has read the stored user: that read is no sign-in.
    let previous: string | null | undefined;
    void instance.auth.ready.then(() => {
      previous = userIdOf(instance.auth);
    });
    return instance.auth.subscribe(() => {
      const current = userIdOf(instance.auth);
      if (previous === undefined || current === previous) return;
      previous = current;
      void queue(instance, (storage) => storage.removeItem(instance.key));
    });
  };

  const startRestore = () => {
    restore ??= Promise.all(instances.map(restoreInstance))
      .catch(() => {})
      .then(() => {
        restoring = false;
        markRestored();
      });
    return restore;
  };

  const provider = (inner: CacheLike = new Map()): CacheLike => {
    const watched: CacheLike = {
      keys: () => inner.keys(),
      get: (swrKey) => inner.get(swrKey),
      set(swrKey, value) {
        const before = inner.get(swrKey);
        inner.set(swrKey, value);
        // New data, or the same data confirmed by a revalidation that just ended.
        const confirmed =
          before?.isValidating === true && value?.isValidating === false && !value.error;
        if (value?.data !== before?.data || confirmed) changed(swrKey, value?._k, value?.data);
      },
      delete(swrKey) {
        const { _k: key } = inner.get(swrKey) ?? {};
        inner.delete(swrKey);
        changed(swrKey, key, undefined);
      },
    };
    // SWR may call the provider more than once (React runs state initializers twice in
    // development): the last cache is the one in use.
    cache = inner;
    return watched;
  };

  const middleware =
    (useSWRNext: SWRHookLike): SWRHookLike =>
    (key, fetcher, config) => {
      if (!restoring || typeof fetcher !== 'function' || !isBridgeKey(key)) {
        return useSWRNext(key, fetcher, config);
      }
      let swr: { mutate(): unknown } | undefined;
      const afterRestore = async (...args: unknown[]) => {
        await restored;
        const id = JSON.stringify(key);
        if (!restoredData.has(id)) return fetcher(...args);
        const data = restoredData.get(id);
        restoredData.delete(id);
        // Shown at once; then asked again (offline, the failure keeps the data shown).
        setTimeout(() => swr?.mutate());
        return data;
      };
      swr = useSWRNext(key, afterRestore, config);
      return swr;
    };

  return {
    restored,
    provider,
    middleware,
    swrConfig: (app = {}) => {
      prefetched = (app.fallback as Record<string, unknown> | undefined) ?? {};
      return {
        ...app,
        provider: (parent) => provider(app.provider?.(parent)),
        use: [middleware, ...(app.use ?? [])],
      };
    },
    start() {
      void startRestore();
      const stops = instances.map(watchUser);
      const target = typeof window === 'undefined' ? undefined : window;
      // A closing tab saves what changed in its last second.
      target?.addEventListener?.('pagehide', flush);
      return () => {
        for (const stop of stops) stop();
        target?.removeEventListener?.('pagehide', flush);
        flush();
      };
    },
  };
}
