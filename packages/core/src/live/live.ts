/**
 * `live(options)`: the live module for a provider instance (`config={{ baseUrl, live: live() }}`)
 * or for a client of your own (`live()({ client, auth })`). The options are checked here, once.
 */
import { mustBe } from '../checks';
import type { LiveSource } from '../contract/live';
import { checkOptions } from '../offline/options';
import { createAuthService } from '../services/authService';
import { createLive } from './createLive';
import type { LiveModule, LiveOptions } from './liveTypes';

const OPTIONS = {
  resources(name: string, value: unknown) {
    const names = value as unknown[];
    if (!Array.isArray(names) || names.length === 0) {
      throw mustBe(name, 'a non-empty array of resource names', value);
    }
    for (const resource of names) {
      if (typeof resource !== 'string' || !/^[\w.-]+$/.test(resource)) {
        throw mustBe(`${name} item`, 'a resource name (products)', resource);
      }
    }
  },
  queries(name: string, value: unknown) {
    if (value !== 'all' && value !== 'opt-in') throw mustBe(name, "'all' or 'opt-in'", value);
  },
  pauseWhenHidden(name: string, value: unknown) {
    if (typeof value !== 'boolean') throw mustBe(name, 'a boolean', value);
  },
  source(name: string, value: unknown) {
    const source = value as LiveSource | null;
    if (typeof source?.start !== 'function' || typeof source.name !== 'string') {
      throw mustBe(name, 'a live source (changeFeed(), polling(), a dialect’s live part)', value);
    }
  },
};

/**
 * The live module: other people's changes arrive without a reload. While someone is signed in,
 * it follows the changes of the resources that user may read, as that user: through the
 * reference server's change feed (one connection per browser, shared by its tabs), the client's
 * dialect's own feed (`feathersLive({ socket })`), or by polling a backend that has none. The
 * hooks' lists and records are patched when a change carries the record, asked again otherwise;
 * `onEvent` hears every change. It lets go of the connection while offline and in a hidden tab,
 * stops on sign-out and on the feed's end, and starts again on sign-in.
 *
 * @throws TypeError / RangeError naming an unknown or invalid option
 * @example
 * import { live } from '@bridgekit/core/live';
 * <BridgeProvider config={{ baseUrl: '/api', live: live() }} />
 *
 * @example
 * // Without React: a client and its auth service of your own.
 * const feed = live({ resources: ['products'] })({ client, auth: createAuthService(client) });
 * feed.onEvent((event) => console.log(event));
 * const stop = feed.start();
 */
export function live(options: LiveOptions = {}): LiveModule {
  checkOptions('live', options, OPTIONS);
  // It follows as the signed-in user, and brings the auth service's factory: a provider makes
  // none for an app that uses no auth hook or module (`authService`).
  const module: LiveModule = (host) => createLive(host, options);
  return Object.assign(module, { authService: createAuthService });
}
