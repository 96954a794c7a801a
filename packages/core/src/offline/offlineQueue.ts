/**
 * `offlineQueue(options)`: the write queue as a module for a provider instance
 * (`config={{ baseUrl, offline: offlineQueue() }}`). The options are checked here, once.
 */
import { createAuthService } from '../services/authService';
import { checkOptions, delay, integer, storage } from './options';
import type { OfflineQueueModule, OfflineQueueOptions } from './queueTypes';
import { createOfflineQueue } from './writeQueue';

const OPTIONS = { storage, maxAttempts: integer(1, 100), retryDelay: delay(1) };

/**
 * The offline write queue, as a module for a provider instance. Every write the instance's
 * client sends (the hooks', `BridgeForm`'s, your own `client.post`) then carries an
 * `Idempotency-Key`; one that starts while the platform says it is offline, or ends without
 * an answer, is kept on the device and resolves `{ success: false, status: 0, code: 'QUEUED' }`
 * at once. The queue sends it again when the platform is back online, when the provider
 * mounts, and on `replay()`: in order, one at a time, with the same key, under the session of
 * the user who made it. Sign-in and account requests, and bodies that cannot be stored
 * (`FormData`, files, streams), are never queued.
 *
 * @throws TypeError / RangeError naming an unknown or invalid option
 * @example
 * import { offlineQueue } from '@bridgekit/core/offline';
 * <BridgeProvider config={{ baseUrl: '/api', offline: offlineQueue({ maxAttempts: 5 }) }} />
 */
export function offlineQueue(options: OfflineQueueOptions = {}): OfflineQueueModule {
  checkOptions('offlineQueue', options, OPTIONS);
  // It needs the instance's auth service (whose writes wait for whom), and brings the factory:
  // a provider makes none for an app that uses no auth hook or module (`authService`).
  const module: OfflineQueueModule = (host) => createOfflineQueue(host, options);
  return Object.assign(module, { authService: createAuthService });
}
