// Counts what Bridgekit's own code opened and has not closed yet, for the tests that mount and
// unmount a provider many times and expect nothing left behind: timers (`setTimeout`,
// `setInterval`), `BroadcastChannel`s and listeners on `window` and `document`. It wraps those globals until
// `restore()`. Only what a file under `packages/<name>/src/` opened counts (the first frame
// of the call's stack that is not this file says who called), not the test's own timers, nor
// React's, SWR's or the HTTP stack's.

/** What is open now. */
export interface OpenCounts {
  timers: number;
  channels: number;
  /**
   * Listeners on `window` (`storage`, `online`, `focus`…) and on `document`
   * (`document.visibilitychange`), by type; a type at 0 is left out.
   */
  listeners: Record<string, number>;
}

export interface OpenHandles {
  count(): OpenCounts;
  /** How many `BroadcastChannel`s were ever opened (a remount test checks it moved). */
  channelsOpened(): number;
  /** Puts the globals back. */
  restore(): void;
}

const SOURCE = /[\\/]packages[\\/][^\\/]+[\\/]src[\\/]/;

/** Whether the code that called the wrapper is Bridgekit's source. */
function calledFromSource(): boolean {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  const caller = frames.find((frame) => !frame.includes('openHandles'));
  return caller !== undefined && SOURCE.test(caller);
}

type Callback = (...args: unknown[]) => void;

/**
 * Starts counting; call `restore()` in `afterEach`.
 *
 * @example
 * const handles = trackOpenHandles();
 * view.unmount();
 * await vi.waitFor(() => expect(handles.count()).toEqual({ timers: 0, channels: 0, listeners: {} }));
 * handles.restore();
 */
export function trackOpenHandles(): OpenHandles {
  const scope = globalThis as Record<string, any>;
  const saved = {
    setTimeout: scope.setTimeout,
    clearTimeout: scope.clearTimeout,
    setInterval: scope.setInterval,
    clearInterval: scope.clearInterval,
    BroadcastChannel: scope.BroadcastChannel,
  };
  const timers = new Set<unknown>();
  const clear = (original: Callback) => (handle: unknown) => {
    timers.delete(handle);
    original(handle);
  };
  scope.setTimeout = (callback: Callback, ms?: number, ...args: unknown[]) => {
    if (!calledFromSource()) return saved.setTimeout(callback, ms, ...args);
    const handle = saved.setTimeout(
      (...values: unknown[]) => {
        timers.delete(handle);
        callback(...values);
      },
      ms,
      ...args,
    );
    timers.add(handle);
    return handle;
  };
  scope.setInterval = (callback: Callback, ms?: number, ...args: unknown[]) => {
    const handle = saved.setInterval(callback, ms, ...args);
    if (calledFromSource()) timers.add(handle);
    return handle;
  };
  scope.clearTimeout = clear(saved.clearTimeout);
  scope.clearInterval = clear(saved.clearInterval);

  let channels = 0;
  let opened = 0;
  if (typeof saved.BroadcastChannel === 'function') {
    scope.BroadcastChannel = class CountedChannel extends saved.BroadcastChannel {
      #closed = false;
      constructor(name: string) {
        super(name);
        channels++;
        opened++;
      }
      close() {
        if (!this.#closed) channels--;
        this.#closed = true;
        super.close();
      }
    };
  }

  const listeners: Array<{ type: string; listener: unknown }> = [];
  // Listeners on `document` (`visibilitychange`) count under `document.<type>`.
  const targets: Array<[EventTarget, string]> = [];
  if (typeof window !== 'undefined') targets.push([window, '']);
  if (typeof document !== 'undefined') targets.push([document, 'document.']);
  const originals = targets.map(([target, prefix]) => {
    const add = target.addEventListener;
    const remove = target.removeEventListener;
    target.addEventListener = function (
      this: EventTarget,
      type: string,
      listener: any,
      options?: any,
    ) {
      if (calledFromSource()) listeners.push({ type: prefix + type, listener });
      return add.call(this, type, listener, options);
    } as EventTarget['addEventListener'];
    target.removeEventListener = function (
      this: EventTarget,
      type: string,
      listener: any,
      options?: any,
    ) {
      const at = listeners.findIndex((l) => l.type === prefix + type && l.listener === listener);
      if (at >= 0) listeners.splice(at, 1);
      return remove.call(this, type, listener, options);
    } as EventTarget['removeEventListener'];
    return { target, add, remove };
  });

  return {
    count() {
      const byType: Record<string, number> = {};
      for (const { type } of listeners) byType[type] = (byType[type] ?? 0) + 1;
      return { timers: timers.size, channels, listeners: byType };
    },
    channelsOpened: () => opened,
    restore() {
      Object.assign(scope, saved);
      for (const { target, add, remove } of originals) {
        target.addEventListener = add;
        target.removeEventListener = remove;
      }
    },
  };
}

/** The two seams through which modules register on a client. */
interface Registrable {
  use(fn: never): () => void;
  onSessionRejected(fn: never): () => void;
}

/**
 * Counts the middlewares (`use`) and session-rejected listeners registered on `client` and not
 * removed yet, from now on: what the modules of a provider or a lifecycle left on a client the
 * app keeps.
 *
 * @example
 * const live = liveRegistrations(client);
 * lifecycle.dispose();
 * expect(live()).toEqual({ use: 0, onSessionRejected: 1 });
 */
export function liveRegistrations(client: Registrable): () => Record<keyof Registrable, number> {
  const live = { use: 0, onSessionRejected: 0 };
  for (const name of ['use', 'onSessionRejected'] as const) {
    const register = client[name].bind(client);
    Object.defineProperty(client, name, {
      configurable: true,
      value: (fn: never) => {
        const remove = register(fn);
        live[name]++;
        let removed = false;
        return () => {
          if (!removed) live[name]--;
          removed = true;
          remove();
        };
      },
    });
  }
  return () => ({ ...live });
}
