/**
 * `@bridgekit/core/offline`: the opt-in offline modules (docs/guide/offline.md). A separate
 * entry, so an app that does not import it ships none of it: the persisted cache
 * (`persistCache`) and the write queue (`offlineQueue`), both bound by the providers, and the
 * record versions (`recordVersions`: `If-Match` from the `ETag`s read), which the queue turns on.
 *
 * @example
 * import { offlineQueue, persistCache } from '@bridgekit/core/offline';
 * <BridgeProvider config={{ baseUrl: '/api', offline: offlineQueue() }} persist={persistCache()} />
 */
export { browserConnectivity, type Connectivity } from './connectivity';
export { offlineQueue } from './offlineQueue';
export { persistCache } from './persistCache';
export type {
  CacheLike,
  CachePersister,
  PersistCacheModule,
  PersistCacheOptions,
  PersistHost,
  SWRConfigLike,
  SWRHookLike,
} from './persistTypes';
export { isQueuedAnswer } from './queuedRequest';
export type {
  AppliedWrite,
  ConflictChoice,
  ConflictHandler,
  OfflineQueue,
  OfflineQueueHost,
  OfflineQueueModule,
  OfflineQueueOptions,
  OfflineQueueState,
  QueuedConflict,
  QueuedMethod,
  QueuedWrite,
} from './queueTypes';
export { randomUuid } from './randomId';
export {
  type RecordVersion,
  type RecordVersions,
  type RecordVersionsHost,
  type RecordVersionsModule,
  type RecordVersionsOptions,
  recordVersions,
} from './recordVersions';
