/**
 * `@bridgekit/core/live`: the opt-in live module (docs/guide/live.md). A separate entry, so an
 * app that does not import it ships none of it: `live()` (bound by the providers), its sources
 * (`changeFeed()`, `polling()`), and the contract a dialect's own source follows.
 *
 * @example
 * import { live } from '@bridgekit/core/live';
 * <BridgeProvider config={{ baseUrl: '/api', live: live() }} />
 */
export { type ChangeFeedOptions, changeFeed } from './changeFeed';
export { live } from './live';
export type {
  Live,
  LiveCacheHost,
  LiveHost,
  LiveModule,
  LiveNewRows,
  LiveOptions,
  LiveState,
} from './liveTypes';
export { type PollingOptions, polling } from './polling';
export { browserVisibility, type Visibility } from './visibility';
export type {
  LiveChange,
  LiveClient,
  LiveEvent,
  LiveReset,
  LiveSource,
  LiveSourceHost,
} from '../contract/live';
