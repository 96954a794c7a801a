import type { LiveEvent, LiveState } from '@bridgekit/core/live';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useBridgeInstance } from './internal/BridgeContext';
import { noLiveModule } from './internal/liveQuery';

/**
 * What `useLiveStatus` returns.
 *
 * @example
 * const { connected, lastEvent, error }: UseLiveStatusResult = useLiveStatus();
 */
export type UseLiveStatusResult = Pick<LiveState, 'connected' | 'lastEvent' | 'error'>;

/**
 * The connection of an instance's live module (`config={{ baseUrl, live: live() }}`): whether
 * changes are followed now (`connected`; with polling, whether the queries shown are asked
 * again), the last change or reset that came, and why the last try failed. Re-renders when any
 * of it changes. Throws an `Error` naming the instance when it has no live module.
 *
 * @example
 * function LiveBadge() {
 *   const { connected, error } = useLiveStatus();
 *   return <span title={error?.message}>{connected ? 'Live' : 'Offline'}</span>;
 * }
 */
export function useLiveStatus(instanceId?: string): UseLiveStatusResult {
  const { id, live } = useBridgeInstance('useLiveStatus', instanceId);
  if (!live) throw noLiveModule('useLiveStatus', id);
  const state = useSyncExternalStore(live.subscribe, live.getState, live.getState);
  const { connected, lastEvent, error } = state;
  return useMemo(() => ({ connected, lastEvent, error }), [connected, lastEvent, error]);
}

/**
 * Calls `listener` with every change and reset the instance's live module brings, while the
 * component is mounted: the module's `onEvent`, for an app's own use (a toast, a sound). The
 * hooks' queries are kept up to date without it. Throws an `Error` naming the instance when it
 * has no live module.
 *
 * @example
 * useLiveEvent((event) => {
 *   if (event.type === 'created' && event.resource === 'orders') notify('New order');
 * });
 */
export function useLiveEvent(listener: (event: LiveEvent) => void, instanceId?: string): void {
  const { id, live } = useBridgeInstance('useLiveEvent', instanceId);
  if (!live) throw noLiveModule('useLiveEvent', id);
  // The latest listener, without subscribing again on every render.
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => live.onEvent((event) => latest.current(event)), [live]);
}
