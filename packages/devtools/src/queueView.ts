/**
 * The offline queue as the panel reads it: the state and actions of `useOfflineQueue`. Written
 * against the queue's lists (pending, failed, conflicts, unknown, expired, and the count of other
 * users' writes) and its actions (replay, retry, resolve, discard); a queue without some of them
 * shows those lists empty and offers no action it lacks.
 */

/**
 * One queued write, as the panel shows it.
 *
 * @example
 * const line = (w: QueueWrite) => `${w.method} ${w.endpoint} (${w.attempts})`;
 */
export interface QueueWrite {
  /** Its `Idempotency-Key`. */
  readonly id: string;
  readonly method: string;
  readonly endpoint: string;
  readonly attempts: number;
  readonly error?: string;
}

/** The queue's state as `useOfflineQueue` gives it. */
export interface QueueView {
  readonly isOnline: boolean;
  readonly pending: readonly QueueWrite[];
  readonly failed: readonly QueueWrite[];
  readonly conflicts?: readonly QueueWrite[];
  readonly unknown?: readonly QueueWrite[];
  readonly expired?: readonly QueueWrite[];
  readonly waitingForOthers?: number;
}

/** The queue's actions as `useOfflineQueue` gives them. */
export interface QueueActions {
  replay(): Promise<void>;
  retry(id: string): Promise<void>;
  discard(id: string): Promise<void>;
  resolve?(id: string, choice: 'mine' | 'theirs'): Promise<void>;
}

/**
 * Every list of the queue, empty where the queue has none.
 *
 * @example
 * const { conflicts } = writeLists(useOfflineQueue());
 */
export function writeLists(view: QueueView): Required<QueueView> {
  return {
    isOnline: view.isOnline,
    pending: view.pending,
    failed: view.failed,
    conflicts: view.conflicts ?? [],
    unknown: view.unknown ?? [],
    expired: view.expired ?? [],
    waitingForOthers: view.waitingForOthers ?? 0,
  };
}
