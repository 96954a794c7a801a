/**
 * `polling()`: the live source of a backend without a feed. The queries the app shows are asked
 * again every `interval`, conditionally (`conditionalReads`): where the backend sends `ETag`s,
 * a query that did not change costs a 304.
 */
import type { LiveSource } from '../contract/live';
import { checkOptions, delay } from '../offline/options';
import { conditionalReads } from './conditionalReads';

/**
 * Options of `polling`.
 *
 * @example
 * const options: PollingOptions = { interval: 10_000 };
 */
export interface PollingOptions {
  /** How often (ms) the queries shown are asked again. @default 5000 */
  interval?: number;
}

/**
 * Polling as a live source: the source of a client whose dialect has no `live` part. Every
 * `interval` the queries the hooks show (and follow) are revalidated; the client's GETs carry
 * `If-None-Match` once the backend tagged an answer, so an unchanged list is a 304. It pauses
 * offline and in a hidden tab (SWR asks again when the tab is shown), and follows whether or
 * not someone is signed in (starting over when that changes). It brings no `onEvent` events: it
 * cannot tell what changed.
 *
 * @throws TypeError / RangeError naming an unknown or invalid option
 * @example
 * import { live, polling } from '@bridgekit/core/live';
 * <BridgeProvider config={{ baseUrl: '/api', dialect: laravel(), live: live({ source: polling({ interval: 10_000 }) }) }} />
 */
export function polling(options: PollingOptions = {}): LiveSource {
  checkOptions('polling', options, { interval: delay(100) });
  const { interval = 5000 } = options;
  return {
    name: 'polling',
    mode: 'poll',
    withoutSession: true,
    start(host) {
      const removeReads = host.client.use(conditionalReads());
      host.open();
      const timer = setInterval(() => host.refresh(), interval);
      return () => {
        clearInterval(timer);
        removeReads();
      };
    },
  };
}
