import type { ClientConfig } from '@bridgekit/core';
import { type NextRequest, NextResponse } from 'next/server.js';
import { DEFAULT_SESSION_COOKIE_NAME } from '../cookie/sessionCookieOptions';
import { buildLoginRedirect } from '../redirect/buildLoginRedirect';
import { matchesPath, type PathPattern } from '../redirect/matchesPath';
import { getServerSession } from './getServerSession';

/** Options of {@link createAuthMiddleware}. */
export interface AuthMiddlewareOptions {
  /**
   * The API base URL, or a function returning it so an environment variable is read per
   * request rather than at build time.
   */
  baseUrl: string | (() => string);
  /**
   * Where visitors without a valid session are sent.
   * @default '/login'
   */
  loginPath?: string;
  /**
   * Paths that need a session (a string matches itself and everything below it).
   * @default ['/'] (everything except `loginPath` and `publicPaths`)
   */
  protectedPaths?: PathPattern[];
  /**
   * Paths that never need a session, checked before `protectedPaths`. `loginPath` is always public.
   * @default []
   */
  publicPaths?: PathPattern[];
  /**
   * Query parameter that carries the original path and query to the login page.
   * @default 'next'
   */
  nextParam?: string;
  /**
   * Name of the session cookie.
   * @default 'session_id'
   */
  cookieName?: string;
  /**
   * Validate the session against the API (`GET validationPath`) on every guarded request;
   * `false` only checks that the cookie is present (faster, but an expired session reaches
   * the page, which must then check for itself).
   * @default true
   */
  validate?: boolean;
  /**
   * Path of the session validation endpoint under `baseUrl`.
   * @default '/auth/validation'
   */
  validationPath?: string;
  /**
   * Extra client configuration for the validation request (headers, timeout…).
   * @default {}
   */
  clientConfig?: ClientConfig;
}

/** A proxy/middleware function: a redirect for guarded requests without a valid session, else `undefined` (carry on). */
export type AuthMiddleware = (request: NextRequest) => Promise<NextResponse | undefined>;

/**
 * Builds a Next.js proxy (`proxy.ts` in Next 16; `middleware.ts` in Next 15) that sends
 * requests without a valid session to `loginPath?next=<original path and query>`. An
 * invalid or expired session cookie is deleted on the way.
 *
 * @example
 * // proxy.ts (Next 16) — or middleware.ts with `export const middleware = …` (Next 15)
 * import { createAuthMiddleware } from '@bridgekit/nextjs/server';
 * export const proxy = createAuthMiddleware({
 *   baseUrl: () => process.env.BRIDGEKIT_API_URL!,
 *   protectedPaths: ['/account', '/products'],
 * });
 * export const config = { matcher: ['/account/:path*', '/products/:path*'] };
 */
export function createAuthMiddleware(options: AuthMiddlewareOptions): AuthMiddleware {
  if (!options || (typeof options.baseUrl !== 'string' && typeof options.baseUrl !== 'function')) {
    throw new TypeError(
      'createAuthMiddleware: options.baseUrl must be a string or a function returning one',
    );
  }
  const {
    loginPath = '/login',
    protectedPaths = ['/'],
    publicPaths = [],
    nextParam = 'next',
    cookieName = DEFAULT_SESSION_COOKIE_NAME,
    validate = true,
    validationPath = '/auth/validation',
    clientConfig = {},
  } = options;
  // Fail at start-up, not on the first request.
  buildLoginRedirect('http://localhost/', loginPath, nextParam);
  matchesPath('/', [...protectedPaths, ...publicPaths]);

  return async (request) => {
    const { pathname } = request.nextUrl;
    if (matchesPath(pathname, [loginPath, ...publicPaths])) return undefined;
    if (!matchesPath(pathname, protectedPaths)) return undefined;

    const sessionId = request.cookies.get(cookieName)?.value;
    let valid = Boolean(sessionId);
    if (valid && validate) {
      const baseUrl = typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl;
      const session = await getServerSession(baseUrl, {
        ...clientConfig,
        sessionId: sessionId as string,
        validationPath,
      });
      valid = session !== null;
    }
    if (valid) return undefined;

    const response = NextResponse.redirect(
      buildLoginRedirect(request.nextUrl.href, loginPath, nextParam),
    );
    if (sessionId) response.cookies.delete(cookieName);
    return response;
  };
}
