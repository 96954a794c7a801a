import type { OfflineQueue, OfflineQueueState } from '@bridgekit/core/offline';
import { useMemo, useSyncExternalStore } from 'react';
import { useBridgeInstance } from './internal/BridgeContext';

/**
 * What `useOfflineQueue` returns: the queue's state and its actions.
 *
 * @example
 * const { isOnline, pending, failed, replay, retry, discard }: UseOfflineQueueResult = useOfflineQueue();
 */
export interface UseOfflineQueueResult
  extends OfflineQueueState,
    Pick<OfflineQueue, 'replay' | 'retry' | 'discard'> {}

const noQueue: OfflineQueue['subscribe'] = () => () => {};
const nothing = () => undefined;

/**
 * The offline write queue's state (of the signed-in user's writes), or `undefined` when the
 * instance has none. Internal: what `useOfflineQueue` and the indicators share.
 */
export function useOfflineQueueState(
  hookName: string,
  instanceId?: string,
): { id: string; queue?: OfflineQueue; state?: OfflineQueueState } {
  const { id, offline } = useBridgeInstance(hookName, instanceId);
  const state = useSyncExternalStore(
    offline?.subscribe ?? noQueue,
    offline?.getState ?? nothing,
    offline?.getState ?? nothing,
  );
  return { id, queue: offline, state };
}

/**
 * The offline write queue of an instance (`config={{ baseUrl, offline: offlineQueue() }}`):
 * whether the platform is online, the signed-in user's writes that wait (`pending`) and those
 * the server refused or that ran out of attempts (`failed`), each
 * `{ id, method, endpoint, body, queuedAt, attempts, error? }`, and `replay()`, `retry(id)`,
 * `discard(id)`. Re-renders when any of it changes. Throws an `Error` naming the instance when
 * it has no queue.
 *
 * @example
 * function Outbox() {
 *   const { pending, failed, retry, discard } = useOfflineQueue();
 *   return (
 *     <ul>
 *       {pending.map((w) => <li key={w.id}>{w.method} {w.endpoint}: waiting</li>)}
 *       {failed.map((w) => (
 *         <li key={w.id}>
 *           {w.endpoint}: {w.error} <button onClick={() => retry(w.id)}>Retry</button>
 *           <button onClick={() => discard(w.id)}>Discard</button>
 *         </li>
 *       ))}
 *     </ul>
 *   );
 * }
 */
export function useOfflineQueue(instanceId?: string): UseOfflineQueueResult {
  const { id, queue, state } = useOfflineQueueState('useOfflineQueue', instanceId);
  const result = useMemo(
    () =>
      queue &&
      state && { ...state, replay: queue.replay, retry: queue.retry, discard: queue.discard },
    [queue, state],
  );
  if (!result) {
    throw new Error(
      `useOfflineQueue(): instance "${id}" has no offline queue (add offline: offlineQueue() from '@bridgekit/core/offline' to its config)`,
    );
  }
  return result;
}
