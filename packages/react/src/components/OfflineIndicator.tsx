import { browserConnectivity } from '@bridgekit/core/offline';
import { type ReactNode, useState, useSyncExternalStore } from 'react';
import { useOfflineQueueState } from '../hooks/index';

/**
 * What {@link OfflineIndicator} shows, and what a render-function child receives.
 *
 * @example
 * const status: OfflineStatus = { isOnline: false, pending: 2, failed: 0 };
 */
export interface OfflineStatus {
  /** Whether the browser says it is online. */
  isOnline: boolean;
  /** How many writes wait to be sent (0 without the offline queue). */
  pending: number;
  /** How many writes were given up (`useOfflineQueue().failed`). */
  failed: number;
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

function sentence({ isOnline, pending, failed }: OfflineStatus): string {
  const parts = [isOnline ? '' : 'You are offline'];
  if (pending > 0) {
    parts.push(
      `${plural(pending, 'change')} ${isOnline ? 'being sent' : 'will be sent when the connection is back'}`,
    );
  }
  if (failed > 0) parts.push(`${plural(failed, 'change')} could not be sent`);
  return parts.filter(Boolean).join(': ');
}

const onServer = () => true;

/**
 * A status line (`role="status"`, polite) shown while the browser is offline or writes wait in
 * the instance's offline queue: "You are offline: 2 changes will be sent when the connection is
 * back", "1 change being sent", "1 change could not be sent". Renders nothing when online with
 * nothing waiting. Without the offline queue it shows only the offline state.
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
  };
  if (status.isOnline && status.pending === 0 && status.failed === 0) return null;
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
