/**
 * `@bridgekit/nextjs/server`: session helpers for server components, route handlers, server
 * functions and the proxy (middleware). No client code: safe to import from server-only modules.
 *
 * @example
 * import { createServerClient, getServerSession } from '@bridgekit/nextjs/server';
 */
export { parseCookieHeader, readCookie } from '../cookie/parseCookieHeader';
export { serializeCookie } from '../cookie/serializeCookie';
export {
  DEFAULT_SESSION_COOKIE_NAME,
  resolveSessionCookieOptions,
  type SessionCookieOptions,
} from '../cookie/sessionCookieOptions';
export { type BridgeQueryKey, type BridgeQueryType, bridgeQueryKey } from '@bridgekit/core';
export { buildLoginRedirect } from '../redirect/buildLoginRedirect';
export { matchesPath, type PathPattern } from '../redirect/matchesPath';
export { safeNextPath } from '../redirect/safeNextPath';
export {
  type AuthMiddleware,
  type AuthMiddlewareOptions,
  createAuthMiddleware,
} from './createAuthMiddleware';
export { createServerClient, type ServerClientConfig } from './createServerClient';
export { getServerSession, type ServerSessionOptions } from './getServerSession';
export { type BridgeFallback, type PrefetchListOptions, prefetchList } from './prefetchList';
export { type CookieSource, readSessionCookie } from './readSessionCookie';
