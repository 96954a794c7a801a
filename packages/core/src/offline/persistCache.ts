/**
 * `persistCache(options)`: the persisted cache as a module for a provider
 * (`<BridgeProvider persist={persistCache()}>`). The options are checked here, once.
 */
import { createAuthService } from '../services/authService';
import { createCachePersister } from './cachePersister';
import { checkOptions, delay, storage, string } from './options';
import type { PersistCacheModule, PersistCacheOptions } from './persistTypes';

const OPTIONS = { storage, maxAge: delay(1), buster: string };

/**
 * The persisted cache, as a module for a provider. The Bridgekit queries of the provider's
 * SWR cache are saved on the device (at most about once a second, each instance in its
 * client's storage) and put back when the provider mounts: after a reload or a cold start,
 * offline included, the hooks show the last data at once (they report `isLoading` until it is
 * back) and ask the server again. Entries older than `maxAge`, or saved under another
 * `buster`, are dropped; an instance's entries are removed when its user signs out or another
 * user signs in.
 *
 * @throws TypeError / RangeError naming an unknown or invalid option
 * @example
 * import { persistCache } from '@bridgekit/core/offline';
 * <BridgeProvider config={{ baseUrl: '/api' }} persist={persistCache({ buster: 'v2' })} />
 */
export function persistCache(options: PersistCacheOptions = {}): PersistCacheModule {
  checkOptions('persistCache', options, OPTIONS);
  // It needs each instance's auth service (whose cache it is), and brings the factory: a
  // provider makes none for an app that uses no auth hook or module (`authService`).
  const module: PersistCacheModule = (host) => createCachePersister(host, options);
  return Object.assign(module, { authService: createAuthService });
}
