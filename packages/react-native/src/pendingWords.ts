import type { PendingList } from '@bridgekit/react/hooks';

/**
 * What a write of the offline queue is, by the list it waits in, as the native components say
 * it: `OfflineIndicator` counts them ("2 changes waiting to be sent"), `BridgeList` marks a row
 * with one ("Change waiting to be sent"). Internal; in the order the banner lists them.
 */
export const PENDING_WORDS: Readonly<Record<PendingList, string>> = {
  pending: 'waiting to be sent',
  failed: 'could not be sent',
  conflicts: "in conflict with someone else's",
  unknown: 'may have been applied',
  expired: 'too old to be sent',
};

/** The lists, in the order of `PENDING_WORDS`. */
export const PENDING_LISTS = Object.keys(PENDING_WORDS) as readonly PendingList[];
