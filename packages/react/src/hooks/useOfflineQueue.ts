import type { OfflineQueue, OfflineQueueState } from '@bridgekit/core/offline';
import { useContext, useMemo, useSyncExternalStore } from 'react';
import { BridgeContext, useBridgeInstance } from './internal/BridgeContext';

/**
 * What `useOfflineQueue` returns: the queue's state and its actions.
 *
 * @example
 * const { pending, conflicts, unknown, expired, resolve, retry, discard }: UseOfflineQueueResult = useOfflineQueue();
 */
export interface UseOfflineQueueResult
  extends OfflineQueueState,
    Pick<OfflineQueue, 'replay' | 'retry' | 'resolve' | 'discard'> {}

const noQueue: OfflineQueue['subscribe'] = () => () => {};
const nothing = () => undefined;

/**
 * The state of `queue` (`undefined` without one), re-rendering on every change. Internal:
 * shared with `usePendingWrites`.
 */
export function useQueueState(queue: OfflineQueue | undefined): OfflineQueueState | undefined {
  return useSyncExternalStore(
    queue?.subscribe ?? noQueue,
    queue?.getState ?? nothing,
    queue?.getState ?? nothing,
  );
}

/**
 * The state of an instance's offline write queue, or `undefined` outside a provider, for an
 * unknown instance, or when the instance has no queue: for indicators that also work without
 * one (both `OfflineIndicator`s). `useOfflineQueue` is the strict form, with the actions.
 *
 * @example
 * const waiting = useOfflineQueueState()?.pending.length ?? 0;
 */
export function useOfflineQueueState(instanceId?: string): OfflineQueueState | undefined {
  const context = useContext(BridgeContext);
  return useQueueState(context?.instances[instanceId ?? context.defaultInstance]?.offline);
}

/**
 * The offline write queue of an instance (`config={{ baseUrl, offline: offlineQueue() }}`):
 * whether the platform is online, the signed-in user's writes by outcome (`pending`, `failed`,
 * `conflicts`, `unknown`, `expired`: see `OfflineQueueState`), each
 * `{ id, method, endpoint, body, queuedAt, attempts, error? }` (a conflict also holds `base` and
 * `theirs`), the writes just `applied` while their queries are read again (each with the
 * server's `record`), how many writes wait for another user (`waitingForOthers`), and `replay()`,
 * `retry(id)`, `resolve(id, choice)`, `discard(id)`. Re-renders when any of it changes. Throws
 * an `Error` naming the instance outside a provider, for an unknown instance, or when the
 * instance has no queue.
 *
 * @example
 * function Outbox() {
 *   const { pending, failed, conflicts, retry, resolve, discard } = useOfflineQueue();
 *   return (
 *     <ul>
 *       {pending.map((w) => <li key={w.id}>{w.method} {w.endpoint}: waiting</li>)}
 *       {failed.map((w) => (
 *         <li key={w.id}>
 *           {w.endpoint}: {w.error} <button onClick={() => retry(w.id)}>Retry</button>
 *           <button onClick={() => discard(w.id)}>Discard</button>
 *         </li>
 *       ))}
 *       {conflicts.map((c) => (
 *         <li key={c.id}>
 *           {c.endpoint} was changed by someone else
 *           <button onClick={() => resolve(c.id, 'mine')}>Keep mine</button>
 *           <button onClick={() => resolve(c.id, 'theirs')}>Keep theirs</button>
 *         </li>
 *       ))}
 *     </ul>
 *   );
 * }
 */
export function useOfflineQueue(instanceId?: string): UseOfflineQueueResult {
  const { id, offline: queue } = useBridgeInstance('useOfflineQueue', instanceId);
  const state = useQueueState(queue);
  const result = useMemo(
    () =>
      queue &&
      state && {
        ...state,
        replay: queue.replay,
        retry: queue.retry,
        resolve: queue.resolve,
        discard: queue.discard,
      },
    [queue, state],
  );
  if (!result) {
    throw new Error(
      `useOfflineQueue(): instance "${id}" has no offline queue (add offline: offlineQueue() from '@bridgekit/core/offline' to its config)`,
    );
  }
  return result;
}
