import { useLiveStatus } from '@bridgekit/react';

/**
 * Whether what others change shows here as it happens: "Live" while the change feed is open
 * (in this tab or in the browser tab that holds it for all of them), "Not live" while the page
 * is offline, hidden or between two tries, with the reason in its title.
 */
export function LiveBadge() {
  const { connected, error } = useLiveStatus();
  return (
    <span
      className={connected ? 'live-badge on' : 'live-badge'}
      data-testid="live-status"
      data-connected={connected}
      title={
        connected ? 'Changes by others show as they happen' : (error?.message ?? 'Not connected')
      }
    >
      {connected ? 'Live' : 'Not live'}
    </span>
  );
}
