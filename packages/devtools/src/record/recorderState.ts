/**
 * What the panel has recorded: the calls (each the events of one `callId`, folded together) and
 * the modules' events, per provider instance. One object, changed only by the named actions
 * below through `reduce`; the newest entries are kept, up to a limit.
 */
import type {
  AttemptEvent,
  AuthEvent,
  BridgeEvent,
  CacheEvent,
  QueueEvent,
  RedirectEvent,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
} from '@bridgekit/core';

/**
 * One call as the panel shows it: the request that went out, its attempts, retries and
 * redirects, and its answer once it settled.
 *
 * @example
 * const failedTwice = (call: RecordedCall) => call.attempts.filter((a) => a.status >= 500).length >= 2;
 */
export interface RecordedCall {
  readonly callId: number;
  /** The provider instance whose client made it. */
  readonly instance: string;
  /** When its first event came. */
  readonly startedAt: number;
  /** The request as it went out (the last one, when a middleware sent it again). */
  readonly request: RequestEvent | undefined;
  /** How many times it went out: 2 after a refresh and replay. */
  readonly sends: number;
  readonly attempts: readonly AttemptEvent[];
  readonly retries: readonly RetryEvent[];
  readonly redirects: readonly RedirectEvent[];
  /** The answer, once the call settled. */
  readonly response: ResponseEvent | undefined;
}

/**
 * A module's event and the provider instance whose client reported it.
 *
 * @example
 * const line = ({ instance, event }: Recorded<AuthEvent>) => `${instance}: ${event.kind}`;
 */
export interface Recorded<E> {
  readonly instance: string;
  readonly event: E;
}

/**
 * Everything recorded, oldest first.
 *
 * @example
 * const { calls, session }: RecorderState = recorder.getState();
 */
export interface RecorderState {
  readonly calls: readonly RecordedCall[];
  readonly cache: readonly Recorded<CacheEvent>[];
  readonly queue: readonly Recorded<QueueEvent>[];
  readonly session: readonly Recorded<AuthEvent>[];
}

/** Everything that changes the state. */
export type RecorderAction =
  /** An event of `instance`'s client, already redacted. */
  | { type: 'event'; instance: string; event: BridgeEvent }
  /** The panel's "Clear". */
  | { type: 'clear' };

export const EMPTY_STATE: RecorderState = Object.freeze({
  calls: [],
  cache: [],
  queue: [],
  session: [],
});

/** `list` with `item` added at the end, keeping the newest `limit`. */
function append<T>(list: readonly T[], item: T, limit: number): readonly T[] {
  const next = [...list, item];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** The call after one of its events. */
function foldCall(call: RecordedCall, event: BridgeEvent): RecordedCall {
  switch (event.type) {
    case 'request':
      return { ...call, request: event, sends: call.sends + 1 };
    case 'attempt':
      return { ...call, attempts: [...call.attempts, event] };
    case 'retry':
      return { ...call, retries: [...call.retries, event] };
    case 'redirect':
      return { ...call, redirects: [...call.redirects, event] };
    case 'response':
      return { ...call, response: event };
    default:
      return call;
  }
}

/** The calls after an event of one call: its record updated, or a new record at the end. */
function withCallEvent(
  calls: readonly RecordedCall[],
  instance: string,
  event: BridgeEvent & { callId: number },
  limit: number,
): readonly RecordedCall[] {
  // The newest calls are at the end, and the events of a call come close together.
  for (let index = calls.length - 1; index >= 0; index--) {
    const call = calls[index]!;
    if (call.callId !== event.callId) continue;
    const next = [...calls];
    next[index] = foldCall(call, event);
    return next;
  }
  const started: RecordedCall = {
    callId: event.callId,
    instance,
    startedAt: event.time,
    request: undefined,
    sends: 0,
    attempts: [],
    retries: [],
    redirects: [],
    response: undefined,
  };
  return append(calls, foldCall(started, event), limit);
}

/**
 * The state after `action`; each list keeps its newest `limit` entries.
 *
 * @example
 * const next = reduce(EMPTY_STATE, { type: 'event', instance: 'default', event }, 300);
 */
export function reduce(state: RecorderState, action: RecorderAction, limit: number): RecorderState {
  if (action.type === 'clear') return EMPTY_STATE;
  const { instance, event } = action;
  switch (event.type) {
    case 'auth':
      return { ...state, session: append(state.session, { instance, event }, limit) };
    case 'queue':
      return { ...state, queue: append(state.queue, { instance, event }, limit) };
    case 'cache':
      return { ...state, cache: append(state.cache, { instance, event }, limit) };
    case 'live':
      // The live module's events have no tab yet.
      return state;
    default:
      return { ...state, calls: withCallEvent(state.calls, instance, event, limit) };
  }
}
