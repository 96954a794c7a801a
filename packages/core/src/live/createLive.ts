/**
 * The live module of one instance (docs/guide/live.md): while it is started and someone is
 * signed in, it follows the changes of other people as that user (a run, `liveRun`), and lets
 * the source go while the platform is offline or the tab hidden. What comes goes to the state,
 * to the `onEvent` listeners, to the caches it was started with (`cacheFollower`) and to the
 * client's event stream (`client.observe`).
 */
import { mustBe } from '../checks';
import type { Client } from '../client/client';
import { isObserved, reportEvent } from '../client/events';
import type { LiveFeedEvent } from '../contract/events';
import type { LiveEvent, LiveSource } from '../contract/live';
import { browserConnectivity } from '../offline/connectivity';
import type { AuthService } from '../services/authService';
import { createStore } from '../stores/createStore';
import { type CacheFollower, followCache } from './cacheFollower';
import { changeFeed } from './changeFeed';
import { createFollowedQueries } from './followedQueries';
import { openRun, type LiveRun } from './liveRun';
import { trackOwnDeletes } from './ownDeletes';
import { initialLiveState, type LiveAction, reduceLive } from './liveState';
import type { Live, LiveHost, LiveOptions, LiveState } from './liveTypes';
import { polling } from './polling';
import { browserVisibility, type Visibility } from './visibility';

const ALWAYS_SHOWN: Visibility = { isVisible: () => true, subscribe: () => () => {} };

/**
 * The source of a client: its dialect's `live` part; the reference server's change feed when
 * it has no dialect (the default protocol); polling otherwise.
 *
 * @example
 * sourceOf(createClient('/api')).name // 'change feed'
 */
export function sourceOf(client: Client): LiveSource {
  const { dialect } = client.getConfig();
  if (dialect === undefined) return changeFeed();
  return dialect.live ?? polling();
}

/** Who a run follows as: the signed-in user's id; nobody (`''`) or no run (`null`) while nobody is signed in. */
function userIdOf(auth: AuthService, source: LiveSource): string | null {
  const { isAuthenticated, user, isLoading } = auth.getState();
  // Still reading the stored user (or signing in): unknown yet.
  if (isLoading) return null;
  if (!isAuthenticated || !user) return source.withoutSession ? '' : null;
  return `user ${user.id ?? user.email ?? user.userName ?? ''}`;
}

/**
 * The live module of the instance `host` lends.
 *
 * @example
 * const feed = createLive({ client, auth }, { resources: ['products'] });
 * const stop = feed.start();
 */
export function createLive(host: LiveHost, options: LiveOptions): Live {
  const { client, auth } = host;
  const connectivity = host.connectivity ?? browserConnectivity();
  const visibility =
    options.pauseWhenHidden === false ? ALWAYS_SHOWN : (host.visibility ?? browserVisibility());
  const source = options.source ?? sourceOf(client);
  const store = createStore<LiveState>(initialLiveState(source.mode ?? 'feed'));
  const queries = createFollowedQueries(options.queries ?? 'all');
  const eventListeners = new Set<(event: LiveEvent) => void>();
  const caches = new Set<CacheFollower>();
  // While it keeps caches up to date: what the client deletes itself (see `ownDeletes`).
  const own = trackOwnDeletes();
  let stopTrackingDeletes: (() => void) | undefined;
  let starts = 0;
  let run: (LiveRun & { userId: string }) | undefined;
  let stopWatching: (() => void) | undefined;
  let disposed = false;

  const report = (event: Omit<LiveFeedEvent, 'type' | 'time' | 'source'>) => {
    if (isObserved(client)) reportEvent(client, { type: 'live', source: source.name, ...event });
  };

  function dispatch(action: LiveAction): void {
    const was = store.getState();
    const next = reduceLive(was, action);
    store.setState(next);
    if (next.connected && !was.connected) report({ kind: 'connected' });
    if (was.connected && !next.connected) {
      report({ kind: 'disconnected', reason: next.error?.message ?? 'paused' });
    }
  }

  function deliver(event: LiveEvent): void {
    dispatch({ type: 'received', event });
    if (event.type === 'reset') report({ kind: 'reset', reason: event.reason });
    else {
      report({ kind: 'received', resource: event.resource, id: event.id, change: event.type });
    }
    const ownDeletion =
      caches.size > 0 && event.type === 'deleted' && own.tookBack(event.resource, event.id);
    for (const cache of caches) cache.apply(event, ownDeletion);
    // A listener that throws keeps neither the others nor the caches from hearing; its error
    // is thrown again once they all heard.
    let failure: { error: unknown } | undefined;
    for (const listener of [...eventListeners]) {
      try {
        listener(event);
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) {
      queueMicrotask(() => {
        throw failure.error;
      });
    }
  }

  // Follows as the signed-in user while started (or as nobody, a source that needs no session),
  // and competes for the source while shown and online; another user ends the run and clears
  // the state.
  function update(): void {
    const userId = starts > 0 && !disposed ? userIdOf(auth, source) : null;
    if (run && run.userId !== userId) {
      run.close();
      run = undefined;
      dispatch({ type: 'cleared' });
    }
    if (!run && userId !== null) {
      // A poll: the queries shown are asked again, but those still being fetched.
      const refresh = () => {
        for (const cache of caches) cache.refresh('skip');
      };
      const opened = openRun(
        { source, client, resources: options.resources, userId },
        { dispatch, deliver, refresh },
      );
      run = Object.assign(opened, { userId });
    }
    run?.compete(connectivity.isOnline() && visibility.isVisible());
  }

  function watch(): () => void {
    const stops = [
      auth.subscribe(update),
      connectivity.subscribe(update),
      visibility.subscribe(update),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }

  const live: Live = {
    getState: store.getState,
    subscribe: store.subscribe,
    onEvent(listener) {
      if (typeof listener !== 'function') throw mustBe('listener', 'a function', listener);
      eventListeners.add(listener);
      return () => void eventListeners.delete(listener);
    },
    start(cache) {
      if (disposed) return () => {};
      const follower = cache && followCache(cache, queries);
      if (follower) {
        caches.add(follower);
        stopTrackingDeletes ??= client.use(own.middleware);
      }
      starts++;
      stopWatching ??= watch();
      update();
      let started = true;
      return () => {
        if (!started) return;
        started = false;
        if (follower) caches.delete(follower);
        if (caches.size === 0) {
          stopTrackingDeletes?.();
          stopTrackingDeletes = undefined;
        }
        starts--;
        // The last stop lets go a microtask later, unless a start came back meanwhile: a
        // provider's effects that run again (a re-render with a new SWR config, StrictMode)
        // keep the connection and where it was.
        queueMicrotask(() => {
          if (starts > 0) return;
          stopWatching?.();
          stopWatching = undefined;
          update();
        });
      };
    },
    follow: queries.mark,
    countNew: queries.hold,
    dispose() {
      if (disposed) return;
      disposed = true;
      stopHearingAuth();
      stopWatching?.();
      stopWatching = undefined;
      caches.clear();
      stopTrackingDeletes?.();
      stopTrackingDeletes = undefined;
      update();
      eventListeners.clear();
    },
  };
  // Ends with the auth service it follows.
  const stopHearingAuth = auth.listen({ disposed: live.dispose });
  return live;
}
