/**
 * The offline write queue of one instance (docs/guide/offline.md, "The write queue"). A middleware
 * on the instance's client gives every write an `Idempotency-Key` and keeps, in storage, a write
 * that starts while the platform says it is offline or ends without an answer; the replay sends the
 * kept writes again, in order, one at a time, with the same key, under the session of the user who
 * made them. Tabs share the storage and take turns (`exclusive`).
 */
import type { Middleware } from '../contract/http';
import { browserConnectivity } from './connectivity';
import { exclusive } from './exclusive';
import {
  endpointOf,
  headerValue,
  isLostAnswer,
  isStorableBody,
  isWrite,
  KEY_HEADER,
  keptHeaders,
  outcomeOf,
  pathsOf,
  queuedAnswer,
} from './queuedRequest';
import type {
  OfflineQueue,
  OfflineQueueHost,
  OfflineQueueOptions,
  OfflineQueueState,
  QueuedWrite,
} from './queueTypes';
import { randomUuid } from './randomId';
import { readWrites, type StoredWrite, writeWrites } from './storedWrites';

/** The longest wait between two tries of a write. */
const MAX_BACKOFF_MS = 60_000;

/** What the UI sees of a stored write (the same object while the write is unchanged). */
const shown = new WeakMap<StoredWrite, QueuedWrite>();
function publicWrite(write: StoredWrite): QueuedWrite {
  let view = shown.get(write);
  if (!view) {
    const { id, method, endpoint, body, queuedAt, attempts, error } = write;
    view = { id, method, endpoint, body, queuedAt, attempts, ...(error && { error }) };
    shown.set(write, view);
  }
  return view;
}

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
  const { client, auth } = host;
  const connectivity = host.connectivity ?? browserConnectivity();
  const storage = options.storage ?? client.getStorage();
  const maxAttempts = options.maxAttempts ?? 8;
  const retryDelay = options.retryDelay ?? 1000;
  const base = client.getBaseUrl();
  const key = `${client.getConfig().storageKeyPrefix ?? ''}bridgekit_offline_queue`;
  const lock = `bridgekit:offline:${base}:${key}`;
  const isAccount = pathsOf([...Object.values(auth.paths), ...(host.accountPaths ?? [])], base);

  let writes: StoredWrite[] = [];
  let loaded: Promise<void> = Promise.resolve();
  let state: OfflineQueueState = { isOnline: connectivity.isOnline(), pending: [], failed: [] };
  const listeners = new Set<(state: OfflineQueueState) => void>();
  // Keys of the writes being replayed: the middleware lets them through.
  const replaying = new Set<string>();
  let running:
    | { stop: () => void; abort: AbortController; onApplied?: (write: QueuedWrite) => void }
    | undefined;
  let draining: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let channel: BroadcastChannel | undefined;

  const userId = (): string | null => {
    const user = auth.getState().user;
    return user ? String(user.id ?? user.email ?? user.userName) : null;
  };
  const mine = (write: StoredWrite) => write.userId === userId();

  const emit = () => {
    const visible = writes.filter(mine);
    state = {
      isOnline: connectivity.isOnline(),
      pending: visible.filter((w) => !w.failed).map(publicWrite),
      failed: visible.filter((w) => w.failed).map(publicWrite),
    };
    for (const listener of [...listeners]) listener(state);
  };

  const reload = async () => {
    writes = storage ? await readWrites(storage, key) : [];
    emit();
  };

  /** Changes the stored queue under the lock, from what storage holds now (another tab's changes included). */
  const change = (edit: (writes: StoredWrite[]) => StoredWrite[]) =>
    exclusive(`${lock}:store`, async () => {
      if (!storage) throw new Error('offlineQueue: this instance has no storage to keep writes in');
      const next = edit(await readWrites(storage, key));
      await writeWrites(storage, key, next);
      writes = next;
      emit();
      channel?.postMessage('changed');
    });
  const update = (id: string, patch: Partial<StoredWrite>) =>
    change((list) => list.map((w) => (w.id === id ? { ...w, ...patch } : w)));

  /** Keeps a write; `false` when storage refused it (the write then goes on as without the queue). */
  const keep = async (write: StoredWrite): Promise<boolean> => {
    try {
      await change((list) => [...list, write]);
      return true;
    } catch {
      return false;
    }
  };

  const retryLater = (attempts: number, retryAfter?: number) => {
    clearTimeout(timer);
    if (!running) return;
    const backoff = Math.min(MAX_BACKOFF_MS, retryDelay * 2 ** Math.max(0, attempts - 1));
    // Half fixed, half random: tabs and devices that failed together do not retry together.
    const wait = Math.max(retryAfter ?? 0, backoff / 2 + (Math.random() * backoff) / 2);
    timer = setTimeout(() => void replay(), wait);
  };

  /** Sends one write; resolves whether the replay may go on with the next. */
  const send = async (write: StoredWrite, signal: AbortSignal): Promise<boolean> => {
    replaying.add(write.id);
    const headers = { ...write.headers, [KEY_HEADER]: write.id };
    const response = await client
      .request(write.method, write.endpoint, write.body, { headers, signal })
      .finally(() => replaying.delete(write.id));
    const attempts = write.attempts + 1;
    switch (outcomeOf(response)) {
      case 'applied':
        await change((list) => list.filter((w) => w.id !== write.id));
        running?.onApplied?.(publicWrite(write));
        return true;
      case 'refused':
        await update(write.id, { attempts, error: response.error, failed: true });
        return true;
      case 'wait':
        return false;
      default: {
        const failed = attempts >= maxAttempts;
        await update(write.id, { attempts, error: response.error, ...(failed && { failed }) });
        if (failed) return true;
        const seconds = Number(response.headers?.get('retry-after'));
        retryLater(attempts, Number.isFinite(seconds) ? seconds * 1000 : undefined);
        return false;
      }
    }
  };

  /** Sends the signed-in user's pending writes, oldest first, while online and started. */
  const drain = async () => {
    clearTimeout(timer);
    await auth.ready;
    await reload();
    for (;;) {
      const current = running;
      if (!current || !connectivity.isOnline()) return;
      const next = writes.find((w) => !w.failed && mine(w));
      if (!next || !(await send(next, current.abort.signal))) return;
    }
  };

  // One replay at a time; a call during one runs another after it (coalesced), so whatever
  // was queued before the call has been tried when its promise settles.
  let after: Promise<void> | undefined;
  const replay = (): Promise<void> => {
    if (draining) {
      after ??= draining.then(() => {
        after = undefined;
        return replay();
      });
      return after;
    }
    draining = exclusive(`${lock}:replay`, drain)
      .catch(() => {})
      .finally(() => {
        draining = undefined;
      });
    return draining;
  };

  const middleware: Middleware = async (request, next) => {
    const given = headerValue(request.headers, KEY_HEADER);
    if (given !== undefined && replaying.has(given)) return next(request);
    if (!isWrite(request.method) || request.secret || isAccount(request.url)) return next(request);
    const id = given ?? randomUuid();
    const sent = given
      ? request
      : { ...request, headers: { ...request.headers, [KEY_HEADER]: id } };
    if (!storage || !isStorableBody(request.body)) return next(sent);
    await Promise.all([loaded, auth.ready]);
    const write: StoredWrite = {
      id,
      method: request.method,
      endpoint: endpointOf(request.url, base),
      body: request.body,
      headers: keptHeaders(sent, client),
      queuedAt: Date.now(),
      attempts: 0,
      userId: userId(),
    };
    // Offline, or behind writes of the same user that wait: kept, so the order holds.
    const waiting = writes.some((w) => !w.failed && w.userId === write.userId);
    if ((!connectivity.isOnline() || waiting) && (await keep(write))) {
      void replay();
      return queuedAnswer(
        connectivity.isOnline() ? 'Earlier changes are still waiting' : 'Offline',
      );
    }
    const response = await next(sent);
    if (!isLostAnswer(response) || !(await keep(write))) return response;
    retryLater(1);
    return queuedAnswer(response.error ?? 'No answer');
  };

  const onNetwork = (online: boolean) => {
    emit();
    if (online) void replay();
  };

  let previousUser = userId();
  const onAuth = () => {
    const user = userId();
    if (user === previousUser) return;
    previousUser = user;
    emit();
    void replay();
  };

  const stop = () => {
    if (!running) return;
    running.stop();
    running.abort.abort();
    running = undefined;
    clearTimeout(timer);
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    replay,
    retry: async (id) => {
      await update(id, { failed: false, attempts: 0 });
      await replay();
    },
    discard: (id) => change((list) => list.filter((w) => w.id !== id)),
    start(onApplied) {
      if (running) return stop;
      const removers = [
        client.use(middleware),
        connectivity.subscribe(onNetwork),
        auth.subscribe(onAuth),
      ];
      // Other tabs say when they changed the queue: read it again.
      if (typeof BroadcastChannel === 'function') {
        const opened = new BroadcastChannel(lock);
        opened.onmessage = () => void reload();
        // Node's channel keeps the process alive; tabs do not need that.
        (opened as { unref?: () => void }).unref?.();
        channel = opened;
        removers.push(() => {
          opened.close();
          if (channel === opened) channel = undefined;
        });
      }
      running = {
        stop: () => {
          for (const remove of removers) remove();
        },
        abort: new AbortController(),
        onApplied,
      };
      loaded = reload();
      // After a reload or a cold start: what waits goes out now.
      void loaded.then(replay);
      return stop;
    },
  };
}
