/**
 * Per-attempt time-out combined with the caller's `AbortSignal`, and an abortable wait.
 *
 * A caller's signal is often shared by many calls (one per page, one per component). Each
 * attempt subscribes through one listener per signal (`onAbort`), so a thousand concurrent
 * calls add one listener, not a thousand (no `MaxListenersExceededWarning`), and the last
 * attempt to settle removes it: nothing accumulates on a long-lived signal.
 */

/** The signal of one attempt. */
export interface AttemptSignal {
  /** Pass to `fetch`; `undefined` when there is neither a time-out nor a caller signal. */
  readonly signal: AbortSignal | undefined;
  /** Whether the time-out (not the caller) ended the attempt. */
  timedOut(): boolean;
  /** Clears the timer and the subscription to the caller's signal. */
  dispose(): void;
}

const NOOP = () => {};
const NEVER_TIMED_OUT = () => false;
interface Subscription {
  readonly fns: Set<() => void>;
  readonly listener: () => void;
}
const subscriptions = new WeakMap<AbortSignal, Subscription>();

/**
 * Runs `fn` when `signal` aborts, through one shared listener per signal.
 * @returns a function that unsubscribes (and removes the listener when it was the last)
 * @example
 * const off = onAbort(signal, () => controller.abort(signal.reason));
 */
export function onAbort(signal: AbortSignal, fn: () => void): () => void {
  let sub = subscriptions.get(signal);
  if (sub === undefined) {
    const fns = new Set<() => void>();
    const listener = () => {
      subscriptions.delete(signal);
      for (const run of fns) run();
    };
    sub = { fns, listener };
    subscriptions.set(signal, sub);
    signal.addEventListener('abort', listener, { once: true });
  }
  const own = sub;
  own.fns.add(fn);
  return () => {
    own.fns.delete(fn);
    if (own.fns.size === 0 && subscriptions.get(signal) === own) {
      subscriptions.delete(signal);
      signal.removeEventListener('abort', own.listener);
    }
  };
}

/**
 * The abort reason of a time-out: a `DOMException` named `TimeoutError` where the runtime has
 * one (what `AbortSignal.timeout` gives), else an `Error` of the same name and message.
 * Hermes (React Native) has no `DOMException`: constructing one there threw in the timer, so
 * the request was never aborted and never settled. The client classifies a time-out by its own
 * flag (`timedOut()`), never by this reason.
 */
function timeoutReason(ms: number): unknown {
  const message = `Request timed out after ${ms} ms`;
  if (typeof DOMException === 'function') return new DOMException(message, 'TimeoutError');
  const error = new Error(message);
  error.name = 'TimeoutError';
  return error;
}

// Attempts without a caller signal that start in the same task share their time-out signal:
// building an `AbortSignal` costs about 3 µs in Node 20, more than the rest of a call. Timers
// started in one task of Node's event loop fire together anyway (they count from the loop's
// time, which stands still within a task), so a shared signal times each attempt out exactly
// as its own would (in a browser, where timers count from the call, a later attempt of the task
// may time out earlier by the time the task ran between the two). At most `MAX_SHARED`
// attempts join one signal: `fetch` adds a listener to it per request, and Node warns from 11
// listeners on.
const MAX_SHARED = 8;

interface Deadline {
  readonly controller: AbortController;
  timer?: ReturnType<typeof setTimeout>;
  joined: number;
  active: number;
  fired: boolean;
}

/** The deadline attempts of the current task join, per time-out value. */
const shared = new Map<number, Deadline>();

// Runs `fn` once the current task is over (Node, Bun: `setImmediate`).
const afterTask = (fn: () => void): unknown =>
  typeof setImmediate === 'function' ? setImmediate(fn) : setTimeout(fn, 0);

/**
 * Creates the signal for one attempt: aborts after `timeout` ms (0 disables) or when
 * `caller` aborts, whichever comes first. Without a caller signal the time-out signal may be
 * shared with the attempts that started in the same task (see `MAX_SHARED`).
 *
 * @example
 * const attempt = attemptSignal(5000, options.signal);
 * try { await fetch(url, { signal: attempt.signal }); } finally { attempt.dispose(); }
 */
export function attemptSignal(timeout: number, caller: AbortSignal | undefined): AttemptSignal {
  if (timeout <= 0 && caller === undefined) {
    return { signal: undefined, timedOut: NEVER_TIMED_OUT, dispose: NOOP };
  }
  let deadline = caller === undefined ? shared.get(timeout) : undefined;
  if (deadline === undefined || deadline.joined >= MAX_SHARED) {
    const made: Deadline = {
      controller: new AbortController(),
      joined: 0,
      active: 0,
      fired: false,
    };
    if (timeout > 0) {
      made.timer = setTimeout(() => {
        made.fired = true;
        made.controller.abort(timeoutReason(timeout));
      }, timeout);
    }
    // Open to the attempts of this task while it is in `shared` (never for a caller's signal).
    if (caller === undefined) {
      shared.set(timeout, made);
      afterTask(() => {
        if (shared.get(timeout) === made) shared.delete(timeout);
        if (made.active === 0) clearTimeout(made.timer);
      });
    }
    deadline = made;
  }
  const joined = deadline;
  const { controller } = joined;
  joined.joined++;
  joined.active++;
  let off = NOOP;
  if (caller?.aborted) controller.abort(caller.reason);
  else if (caller !== undefined) off = onAbort(caller, () => controller.abort(caller.reason));
  return {
    signal: controller.signal,
    timedOut: () => joined.fired,
    dispose() {
      off();
      if (--joined.active === 0 && shared.get(timeout) !== joined) clearTimeout(joined.timer);
    },
  };
}

/**
 * Waits `ms` milliseconds; resolves `false` at once if `signal` aborts first (or already had).
 *
 * @example
 * if (!(await wait(300, signal))) return aborted();
 */
export function wait(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    let off = NOOP;
    const timer = setTimeout(() => {
      off();
      resolve(true);
    }, ms);
    if (signal !== undefined) {
      off = onAbort(signal, () => {
        clearTimeout(timer);
        resolve(false);
      });
    }
  });
}
