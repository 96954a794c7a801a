/**
 * The state of one offline queue: what the store holds, who is signed in, whether the platform
 * is online, and until when the server asked it to wait. One object, changed only by the named
 * actions below through `dispatch`, as a reducer; the state a UI sees (`OfflineQueueState`) is
 * derived from it, one list per outcome, for the signed-in user only.
 */
import type { AppliedWrite, OfflineQueueState, QueuedConflict, QueuedWrite } from './queueTypes';
import type { StoredWrite, WriteStatus } from './writeStore';

/** What the queue knows. */
export interface QueueModel {
  /** Every write the store holds, of every user, oldest first. */
  readonly writes: readonly StoredWrite[];
  /** The signed-in user (`null`: nobody). */
  readonly userId: string | null;
  readonly online: boolean;
  /** Until when (ms since the epoch) the server asked for no write to be sent; `0`: never. */
  readonly heldUntil: number;
  /** Writes the server applied (no longer stored), while their queries are read again. */
  readonly applied: readonly AppliedStored[];
}

/** An applied write, as the state holds it until its queries were read again. */
export interface AppliedStored {
  readonly write: StoredWrite;
  /** The `data` of the server's answer. */
  readonly record: unknown;
}

/** Everything that changes the state. */
export type QueueAction =
  /** The store was read (at start, or after another tab changed it). */
  | { type: 'loaded'; writes: readonly StoredWrite[] }
  /** A write was stored (committed). */
  | { type: 'kept'; write: StoredWrite }
  /** A stored write changed: another try, another list. */
  | { type: 'changed'; write: StoredWrite }
  /** A write was removed from the store: dropped or discarded (or applied, in another tab). */
  | { type: 'removed'; id: string }
  /** A write applied by the server was removed from the store; held until its queries are read. */
  | { type: 'applied'; applied: AppliedStored }
  /** The queries of an applied write were read again: it is no longer held. */
  | { type: 'settled'; id: string }
  | { type: 'network'; online: boolean }
  | { type: 'userChanged'; userId: string | null }
  /** The server asked to wait (`Retry-After`) until `until`. */
  | { type: 'held'; until: number };

/** The state after `action`. */
export function reduce(model: QueueModel, action: QueueAction): QueueModel {
  switch (action.type) {
    case 'loaded':
      return { ...model, writes: action.writes };
    case 'kept':
      return { ...model, writes: [...model.writes, action.write] };
    case 'changed':
      return {
        ...model,
        writes: model.writes.map((w) => (w.seq === action.write.seq ? action.write : w)),
      };
    case 'removed':
      return { ...model, writes: model.writes.filter((w) => w.id !== action.id) };
    case 'applied': {
      const { id } = action.applied.write;
      return {
        ...model,
        writes: model.writes.filter((w) => w.id !== id),
        applied: [...model.applied, action.applied],
      };
    }
    case 'settled':
      return { ...model, applied: model.applied.filter((a) => a.write.id !== action.id) };
    case 'network':
      return { ...model, online: action.online };
    case 'userChanged':
      return { ...model, userId: action.userId };
    case 'held':
      return { ...model, heldUntil: action.until };
  }
}

const shown = new WeakMap<StoredWrite, QueuedWrite | QueuedConflict>();
const shownApplied = new WeakMap<AppliedStored, AppliedWrite>();
/**
 * What the UI sees of a stored write (a `QueuedConflict` in `conflict`): the same object while the
 * write is unchanged, so a component that renders a list re-renders only for what changed.
 *
 * @example
 * const shownWrite = publicWrite(stored); // { id, method, endpoint, body, queuedAt, attempts }
 */
export function publicWrite(write: StoredWrite): QueuedWrite | QueuedConflict {
  let view = shown.get(write);
  if (!view) {
    const { id, method, endpoint, body, queuedAt, attempts, error, base, theirs } = write;
    view = { id, method, endpoint, body, queuedAt, attempts, ...(error && { error }) };
    if (write.status === 'conflict') {
      view = { ...view, ...(base !== undefined && { base }), theirs: theirs?.record ?? null };
    }
    shown.set(write, view);
  }
  return view;
}

/** What the UI sees of an applied write: the same object while it is held. */
function publicApplied(applied: AppliedStored): AppliedWrite {
  let view = shownApplied.get(applied);
  if (!view) {
    view = { ...publicWrite(applied.write), record: applied.record };
    shownApplied.set(applied, view);
  }
  return view;
}

/**
 * The state a UI renders: the signed-in user's writes by list, how many belong to others.
 *
 * @example
 * const { pending, conflicts } = viewOf(model);
 */
export function viewOf(model: QueueModel): OfflineQueueState {
  const lists: Record<WriteStatus, Array<QueuedWrite | QueuedConflict>> = {
    pending: [],
    failed: [],
    conflict: [],
    unknown: [],
    expired: [],
  };
  let others = 0;
  for (const write of model.writes) {
    if (write.userId === model.userId) lists[write.status].push(publicWrite(write));
    else others++;
  }
  return {
    isOnline: model.online,
    pending: lists.pending,
    failed: lists.failed,
    conflicts: lists.conflict as QueuedConflict[],
    unknown: lists.unknown,
    expired: lists.expired,
    applied: model.applied.filter((a) => a.write.userId === model.userId).map(publicApplied),
    waitingForOthers: others,
    heldUntil: model.heldUntil,
  };
}

/** Holds the state; `dispatch` is the only way to change it. */
export interface QueueStore {
  readonly model: QueueModel;
  /** The derived state (the same object until the next action). */
  readonly view: OfflineQueueState;
  dispatch(action: QueueAction): void;
  /** Calls `listener` with the new state after every action; returns the unsubscribe. */
  subscribe(listener: (state: OfflineQueueState) => void): () => void;
}

/**
 * A store at `initial`. A listener that throws does not keep the others from hearing.
 *
 * @example
 * const state = createQueueStore({ writes: [], userId: null, online: true, heldUntil: 0, applied: [] });
 * state.dispatch({ type: 'network', online: false });
 */
export function createQueueStore(initial: QueueModel): QueueStore {
  let model = initial;
  let view = viewOf(model);
  const listeners = new Set<(state: OfflineQueueState) => void>();
  return {
    get model() {
      return model;
    },
    get view() {
      return view;
    },
    dispatch(action) {
      model = reduce(model, action);
      view = viewOf(model);
      for (const listener of [...listeners]) {
        try {
          listener(view);
        } catch {
          // The UI's problem, not the queue's: the others still hear.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
