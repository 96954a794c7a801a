import { browserConnectivity } from '@bridgekit/core/offline';
import { type ReactNode, useState, useSyncExternalStore } from 'react';
import { useOfflineQueueState } from '../hooks/index';

/**
 * What {@link OfflineIndicator} shows, and what a render-function child receives: how many of
 * the signed-in user's writes wait, by list of `useOfflineQueue()` (each 0 without the queue).
 *
 * @example
 * const status: OfflineStatus = { isOnline: false, pending: 2, failed: 0, conflicts: 1, unknown: 0, expired: 0 };
 */
export interface OfflineStatus {
  /** Whether the browser says it is online. */
  isOnline: boolean;
  /** How many writes wait to be sent. */
  pending: number;
  /** How many writes were given up (`failed`). */
  failed: number;
  /** How many writes conflict with someone else's change (`conflicts`). */
  conflicts: number;
  /** How many creates may or may not have been applied (`unknown`). */
  unknown: number;
  /** How many writes are too old to be sent as they were (`expired`). */
  expired: number;
}

/**
 * Props of {@link OfflineIndicator}; all optional.
 *
 * @example
 * const props: OfflineIndicatorProps = { className: 'banner' };
 */
export interface OfflineIndicatorProps {
  /** The instance whose offline queue is counted. @default the provider's default instance */
  instanceId?: string;
  /** Class of the element (`bk-offline` is always there). @default undefined */
  className?: string;
  /** Renders the content from the status, instead of the default sentence. @default undefined */
  children?: (status: OfflineStatus) => ReactNode;
}

const plural = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;

/** The lists that wait for the user, and how the sentence says them (one change, several). */
const SETTLED_BY_USER = [
  ['failed', 'could not be sent', 'could not be sent'],
  ['conflicts', "conflicts with someone else's", "conflict with someone else's"],
  ['unknown', 'may have been applied: check it', 'may have been applied: check them'],
  ['expired', 'is too old to be sent as it was', 'are too old to be sent as they were'],
] as const;

function sentence(status: OfflineStatus): string {
  const { isOnline, pending } = status;
  const parts = [isOnline ? '' : 'You are offline'];
  if (pending > 0) {
    parts.push(
      `${plural(pending, 'change')} ${isOnline ? 'being sent' : 'will be sent when the connection is back'}`,
    );
  }
  for (const [list, one, several] of SETTLED_BY_USER) {
    const count = status[list];
    if (count > 0) parts.push(`${plural(count, 'change')} ${count === 1 ? one : several}`);
  }
  return parts.filter(Boolean).join(': ');
}

/** Whether anything waits in the queue, in any list. */
const anythingWaits = (status: OfflineStatus) =>
  status.pending + status.failed + status.conflicts + status.unknown + status.expired > 0;

const onServer = () => true;

/**
 * A status line (`role="status"`, polite) shown while the browser is offline or writes wait in
 * the instance's offline queue, in any of its lists: "You are offline: 2 changes will be sent
 * when the connection is back", "1 change being sent", "1 change could not be sent", "1 change
 * conflicts with someone else's", "1 change may have been applied: check it", "1 change is too
 * old to be sent as it was". Writes of other users are not counted. Renders nothing when
 * online with nothing waiting. Without the offline queue it shows only the offline state.
 *
 * @example
 * <BridgeProvider config={{ baseUrl: '/api', offline: offlineQueue() }}>
 *   <OfflineIndicator className="banner" />
 *   <App />
 * </BridgeProvider>
 */
export function OfflineIndicator({
  instanceId,
  className,
  children,
}: OfflineIndicatorProps = {}): ReactNode {
  const state = useOfflineQueueState(instanceId);
  const [connectivity] = useState(browserConnectivity);
  const online = useSyncExternalStore(connectivity.subscribe, connectivity.isOnline, onServer);
  const status: OfflineStatus = {
    isOnline: state?.isOnline ?? online,
    pending: state?.pending.length ?? 0,
    failed: state?.failed.length ?? 0,
    conflicts: state?.conflicts.length ?? 0,
    unknown: state?.unknown.length ?? 0,
    expired: state?.expired.length ?? 0,
  };
  if (status.isOnline && !anythingWaits(status)) return null;
  return (
    <p
      role="status"
      aria-live="polite"
      className={className ? `bk-offline ${className}` : 'bk-offline'}
    >
      {children ? children(status) : sentence(status)}
    </p>
  );
}
