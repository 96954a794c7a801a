/**
 * Per-attempt time-out combined with the caller's `AbortSignal`, and an abortable wait.
 *
 * The combination is done by hand rather than with `AbortSignal.any`: it works on every
 * runtime (Node < 20.3, older browsers), it is cheaper per call, and disposing removes the
 * listener from the caller's long-lived signal so nothing accumulates on it.
 */

/** The signal of one attempt. */
export interface AttemptSignal {
  /** Pass to `fetch`; `undefined` when there is neither a time-out nor a caller signal. */
  readonly signal: AbortSignal | undefined;
  /** Whether the time-out (not the caller) ended the attempt. */
  timedOut(): boolean;
  /** Clears the timer and the listener on the caller's signal. */
  dispose(): void;
}

const NOOP = () => {};
const NEVER_TIMED_OUT = () => false;

function timeoutReason(ms: number): unknown {
  const message = `Request timed out after ${ms} ms`;
  return typeof DOMException === 'function'
    ? new DOMException(message, 'TimeoutError')
    : Object.assign(new Error(message), { name: 'TimeoutError' });
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
  if (timeout <= 0) return { signal: caller, timedOut: NEVER_TIMED_OUT, dispose: NOOP };
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(timeoutReason(timeout));
  }, timeout);
  let onAbort: (() => void) | undefined;
  if (caller !== undefined) {
    if (caller.aborted) controller.abort(caller.reason);
    onAbort = () => controller.abort(caller.reason);
    caller.addEventListener('abort', onAbort, { once: true });
  }
  return {
    signal: controller.signal,
    timedOut: () => expired,
    dispose() {
      clearTimeout(timer);
      if (onAbort !== undefined) caller!.removeEventListener('abort', onAbort);
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
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
