/**
 * `@bridgekit/core/offline`: the opt-in offline modules (docs/guide/offline.md). A separate
 * entry, so an app that does not import it ships none of it: the persisted cache
 * (`persistCache`) and the write queue (`offlineQueue`), both bound by the providers.
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
export type {
  OfflineQueue,
  OfflineQueueHost,
  OfflineQueueModule,
  OfflineQueueOptions,
  OfflineQueueState,
  QueuedMethod,
  QueuedWrite,
} from './queueTypes';
export { randomUuid } from './randomId';
