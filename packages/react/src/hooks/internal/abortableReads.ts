/**
 * Aborting the reads nobody shows any more. SWR never aborts a fetch: a superseded page or
 * search, or the list of an unmounted screen, would run to its end. Here every query key of an
 * SWR cache counts the mounted hooks that show it (`showKey`) and has one `AbortController`
 * while a fetch of it is in flight (`readKey`); when the last hook lets go of the key, its
 * request is aborted.
 */

/** One query key of one cache. */
interface KeyState {
  /** Mounted hooks whose current key this is. */
  consumers: number;
  /** The controller of the fetch(es) in flight; `null` when none is. */
  controller: AbortController | null;
  /** Fetches in flight (SWR starts a second one when a mutation revalidates, undeduplicated). */
  inFlight: number;
}

/** Per SWR cache (each has its own requests and deduplication), per serialized key. */
const caches = new WeakMap<object, Map<string, KeyState>>();

/** Errors of fetches aborted because nobody showed their key: no hook reports them. */
const abandoned = new WeakSet<object>();

function keysOf(cache: object): Map<string, KeyState> {
  let keys = caches.get(cache);
  if (!keys) {
    keys = new Map();
    caches.set(cache, keys);
  }
  return keys;
}

function stateOf(cache: object, key: string): KeyState {
  const keys = keysOf(cache);
  let state = keys.get(key);
  if (!state) {
    state = { consumers: 0, controller: null, inFlight: 0 };
    keys.set(key, state);
  }
  return state;
}

/** Drops the key's entry once nothing shows or fetches it. */
function forgetIfUnused(cache: object, key: string, state: KeyState): void {
  const keys = caches.get(cache);
  if (state.consumers === 0 && state.inFlight === 0 && keys?.get(key) === state) keys.delete(key);
}

/**
 * Counts a mounted hook as showing `key` (a serialized SWR key) of `cache`; call the returned
 * function when it stops (a new key, an unmount). When the last one stops, the key's request
 * in flight is aborted. The abort waits for the end of the current task, so a hook that lets go
 * and takes the key again within one commit (React's StrictMode, a component moved in the
 * tree) keeps its request.
 *
 * @example
 * useEffect(() => (key === null ? undefined : showKey(cache, key)), [cache, key]);
 */
export function showKey(cache: object, key: string): () => void {
  const state = stateOf(cache, key);
  state.consumers++;
  return () => {
    state.consumers--;
    queueMicrotask(() => {
      if (state.consumers > 0) return;
      state.controller?.abort();
      state.controller = null;
      forgetIfUnused(cache, key, state);
    });
  };
}

/**
 * Runs one fetch of `key` with the key's signal. A fetch aborted while nobody showed the key
 * rejects with an error `isAbandoned` recognizes; one that a hook took up again before the
 * abort settled is sent again, so whoever waits for it gets the answer.
 *
 * @example
 * const fetcher = (args) => readKey(cache, unstable_serialize(args), (signal) => service.getList(params, { signal }));
 */
export async function readKey<R>(
  cache: object,
  key: string,
  read: (signal: AbortSignal) => Promise<R>,
): Promise<R> {
  const state = stateOf(cache, key);
  state.inFlight++;
  try {
    for (;;) {
      state.controller ??= new AbortController();
      const { signal } = state.controller;
      try {
        return await read(signal);
      } catch (error) {
        if (!signal.aborted) throw error;
        if (state.consumers === 0) {
          if (Object(error) === error) abandoned.add(error as object);
          throw error;
        }
      }
    }
  } finally {
    state.inFlight--;
    if (state.inFlight === 0) state.controller = null;
    forgetIfUnused(cache, key, state);
  }
}

/**
 * Whether `error` ended a fetch that was aborted because nobody showed its key: SWR keeps it
 * in the cache, but no hook reports it (a hook that shows the key again fetches it anew).
 *
 * @example
 * const shown = error != null && !isAbandoned(error) ? error : null;
 */
export function isAbandoned(error: unknown): boolean {
  return Object(error) === error && abandoned.has(error as object);
}
