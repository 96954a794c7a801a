/**
 * `@bridgekit/core/auth`: the opt-in auth modules (docs/guide/auth.md, "The auth lifecycle"). A
 * separate entry so that apps which only sign in do not ship them: the auth lifecycle (account
 * flows, two-factor sign-in, refresh tokens), cross-tab sync, cookie sessions and the
 * refresh-and-replay middleware.
 *
 * @example
 * import { authLifecycle, crossTabSync } from '@bridgekit/core/auth';
 * const lifecycle = authLifecycle({ crossTab: crossTabSync(), validateInterval: 60_000 });
 */
export * from './authLifecycleTypes';
export { type AuthLifecycleModule, authLifecycle, createAuthLifecycle } from './authLifecycle';
export {
  type CrossTabHost,
  type CrossTabModule,
  type CrossTabSync,
  crossTabSync,
} from './crossTabSync';
export { cookieSession } from '../session/cookieSession';
export { sessionRefresh } from '../session/sessionRefresh';
