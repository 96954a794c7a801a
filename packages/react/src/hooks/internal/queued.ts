import type { BridgeApiError } from '@bridgekit/core';

/**
 * Whether a write's failure is the offline queue keeping it (`code: 'QUEUED'`): not applied
 * yet, and not failed either. Internal: what the write hooks share.
 */
export const isQueued = (error: unknown): error is BridgeApiError =>
  (error as { code?: unknown } | null)?.code === 'QUEUED';
