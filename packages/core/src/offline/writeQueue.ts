/**
 * The offline write queue of one instance (docs/guide/offline.md, "The write queue"), put
 * together from its parts: the shared context and the store's changes (`queueContext`), the
 * state (`queueState`), the middleware that keeps writes (`queueMiddleware`), the replay
 * (`replayLoop`), conflicts (`conflicts`) and the record versions module (`recordVersions`).
 * Here: what `start()` opens and the user's actions.
 */
import { checkChoice, settle } from './conflicts';
import { createQueueContext, type TabMessage } from './queueContext';
import { queueMiddleware } from './queueMiddleware';
import type { OfflineQueue, OfflineQueueHost, OfflineQueueOptions } from './queueTypes';
import { recordVersions } from './recordVersions';
import { createReplayLoop } from './replayLoop';
import type { WriteStatus } from './writeStore';

/** The lists `retry(id)` sends again from. */
const RETRIED: ReadonlySet<WriteStatus> = new Set(['failed', 'unknown', 'expired']);

/**
 * Creates the queue of one instance; `start()` puts it to work.
 *
 * @example
 * const queue = createOfflineQueue({ client, auth: createAuthService(client) }, { maxAttempts: 5 });
 * const stop = queue.start();
 */
export function createOfflineQueue(
  host: OfflineQueueHost,
  options: OfflineQueueOptions = {},
): OfflineQueue {
  const context = createQueueContext(host, options);
  const { client, auth, connectivity, settings, state } = context;
  const loop = createReplayLoop(context);
  const versionsModule = options.versions ?? recordVersions();
  let stopRunning: (() => void) | undefined;

  const find = (id: string) =>
    state.model.writes.find((w) => w.id === id && w.userId === context.userId());

  const onNetwork = (online: boolean) => {
    state.dispatch({ type: 'network', online });
    if (online) void loop.replay();
  };
  const onAuth = () => {
    const user = context.userId();
    if (user === state.model.userId) return;
    state.dispatch({ type: 'userChanged', userId: user });
    void loop.replay();
  };

  /**
   * Other tabs tell of their changes on a channel: read the store again. A write another tab
   * replayed is shown as applied, and this tab's queries are read again, as if it had replayed
   * it. A tab the server asked to wait tells the others, which hold their replays and new writes
   * until the same time.
   */
  const listenToTabs = (): (() => void) => {
    if (typeof BroadcastChannel !== 'function') return () => {};
    const channel = new BroadcastChannel(settings.lock);
    channel.onmessage = ({ data }: MessageEvent<TabMessage>) => {
      if (typeof data !== 'object' || data === null) {
        void context.reload();
      } else if ('applied' in data) {
        loop.appliedElsewhere(data.applied, data.record);
      } else if (context.hold(data.heldUntil, 'told')) {
        // The replay sees the hold and comes back when it ends, even if the other tab closes.
        void loop.replay();
      }
    };
    // Node's channel keeps the process alive; tabs do not need that.
    (channel as { unref?: () => void }).unref?.();
    context.announce = (message = 'changed') => channel.postMessage(message);
    return () => {
      context.announce = () => {};
      channel.close();
    };
  };

  const stop = () => {
    stopRunning?.();
    stopRunning = undefined;
  };

  return {
    getState: () => state.view,
    subscribe: state.subscribe,
    replay: loop.replay,
    async retry(id) {
      const write = find(id);
      if (!write || !RETRIED.has(write.status)) return;
      const { error: _error, ...rest } = write;
      await context.update({ ...rest, status: 'pending', attempts: 0, queuedAt: Date.now() });
      await loop.replay();
    },
    async resolve(id, choice) {
      const write = find(id);
      if (write?.status !== 'conflict') return;
      checkChoice(write, choice);
      const next = settle(write, choice);
      if (next) {
        await context.update(next);
        await loop.replay();
        return;
      }
      await context.remove(id);
      loop.changed(write);
    },
    async discard(id) {
      if (find(id)) await context.remove(id);
    },
    start(onApplied) {
      if (stopRunning) return stop;
      // The versions module first: the queue's middleware sees the `If-Match` it adds.
      const versions = versionsModule === false ? undefined : versionsModule({ client, auth });
      context.versions = versions;
      const removers = [
        versions?.start(),
        client.use(queueMiddleware(context, loop)),
        connectivity.subscribe(onNetwork),
        auth.subscribe(onAuth),
        listenToTabs(),
      ];
      loop.start(onApplied);
      stopRunning = () => {
        loop.stop();
        for (const remove of removers) remove?.();
        context.versions = undefined;
        context.store?.close();
      };
      state.dispatch({ type: 'network', online: connectivity.isOnline() });
      void context.reload();
      // After a reload or a cold start: what waits goes out now, once the user is known.
      void auth.ready.then(() => {
        onAuth();
        return loop.replay();
      });
      return stop;
    },
  };
}
