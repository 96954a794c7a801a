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

/**
 * Creates the signal for one attempt: aborts after `timeout` ms (0 disables) or when
 * `caller` aborts, whichever comes first.
 *
 * @example
 * const attempt = attemptSignal(5000, options.signal);
 * try { await fetch(url, { signal: attempt.signal }); } finally { attempt.dispose(); }
 */
export function attemptSignal(timeout: number, caller: AbortSignal | undefined): AttemptSignal {
  if (timeout <= 0 && caller === undefined) {
    return { signal: undefined, timedOut: NEVER_TIMED_OUT, dispose: NOOP };
  }
  const controller = new AbortController();
  let expired = false;
  const timer =
    timeout > 0
      ? setTimeout(() => {
          expired = true;
          controller.abort(timeoutReason(timeout));
        }, timeout)
      : undefined;
  let off = NOOP;
  if (caller !== undefined) {
    if (caller.aborted) controller.abort(caller.reason);
    else off = onAbort(caller, () => controller.abort(caller.reason));
  }
  return {
    signal: controller.signal,
    timedOut: () => expired,
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      off();
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
