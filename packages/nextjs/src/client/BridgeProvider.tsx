import { createAuthService } from '@bridgekit/core';
import { authLifecycle } from '@bridgekit/core/auth';
import {
  type BridgeInstanceConfig,
  BridgeProvider as ReactBridgeProvider,
  type BridgeProviderProps as ReactBridgeProviderProps,
  withModuleDefaults,
} from '@bridgekit/react';
import { type ReactNode, useMemo } from 'react';
import type { SessionCookieOptions } from '../cookie/sessionCookieOptions';
import { SessionCookieContext } from './SessionCookieContext';
import { useSessionCookie } from './useSessionCookie';

// Every Next.js app signs in (the session cookie is for server code): the lifecycle brings the
// auth service's factory, so that it opens before the first request (`authService`).
const DEFAULT_LIFECYCLE = Object.assign(authLifecycle(), { authService: createAuthService });

/** Props of the Next.js {@link BridgeProvider}: those of `@bridgekit/react` plus cookie and fallback. */
export interface BridgeProviderProps extends ReactBridgeProviderProps {
  /**
   * How the session is mirrored into a cookie for server code; `false` turns it off.
   * @default { name: 'session_id', path: '/', sameSite: 'lax', secure: 'auto' }
   */
  cookie?: SessionCookieOptions | false;
  /**
   * The instance whose session goes into the cookie.
   * @default defaultInstance ('default')
   */
  cookieInstance?: string;
  /**
   * Server-prefetched SWR fallback data (from `prefetchList`), merged into `swr.fallback`.
   * @default undefined
   */
  fallback?: Record<string, unknown>;
  /**
   * Origin used to resolve a relative `baseUrl` (`'/api'`) while rendering on the server,
   * where there is no `location`. Hooks do not fetch during server rendering, so it only
   * has to be a valid origin; in the browser `location.origin` is used.
   * @default 'http://localhost'
   */
  serverOrigin?: string;
}

/** A relative `baseUrl` made absolute while rendering on the server, where there is no `location`. */
function resolveForServer(config: BridgeInstanceConfig, origin: string): BridgeInstanceConfig {
  const { baseUrl } = config;
  if (typeof window !== 'undefined' || typeof baseUrl !== 'string') return config;
  if (!baseUrl.startsWith('/') || baseUrl.startsWith('//')) return config;
  return { ...config, baseUrl: new URL(baseUrl, origin).href };
}

function CookieSync({ instanceId }: { instanceId?: string }): null {
  useSessionCookie(undefined, instanceId);
  return null;
}

/**
 * The `@bridgekit/react` provider for the App Router: it also mirrors the session into a
 * cookie (so server components, route handlers and the proxy see it), accepts
 * server-prefetched `fallback` data, and lets a relative `baseUrl` render on the server.
 * Place it in a client component (this module is `'use client'`), typically in the root layout.
 *
 * @example
 * // app/providers.tsx
 * 'use client';
 * import { BridgeProvider } from '@bridgekit/nextjs';
 * export function Providers({ children }: { children: React.ReactNode }) {
 *   return <BridgeProvider config={{ baseUrl: '/api' }}>{children}</BridgeProvider>;
 * }
 */
export function BridgeProvider(props: BridgeProviderProps): ReactNode {
  const {
    cookie = {},
    cookieInstance,
    fallback,
    serverOrigin = 'http://localhost',
    children,
    ...rest
  } = props;
  const { transformConfig } = rest;
  const forwarded: ReactBridgeProviderProps = {
    // The session-cookie mirror follows the lifecycle's refreshes: Next.js apps get the
    // lifecycle module unless they pass their own.
    ...withModuleDefaults(rest, { lifecycle: (given) => given ?? DEFAULT_LIFECYCLE }),
    transformConfig: (config, id) => {
      const mapped = transformConfig ? transformConfig(config, id) : config;
      return resolveForServer(mapped, serverOrigin);
    },
  };
  // Compare by value: an inline `cookie={{…}}` must not give hooks a new context every render.
  const cookieKey = JSON.stringify(cookie);
  // biome-ignore lint/correctness/useExhaustiveDependencies: cookieKey stands for `cookie`
  const stableCookie = useMemo(() => cookie, [cookieKey]);
  if (fallback) {
    forwarded.swr = { ...rest.swr, fallback: { ...rest.swr?.fallback, ...fallback } };
  }
  return (
    <ReactBridgeProvider {...forwarded}>
      <SessionCookieContext.Provider value={stableCookie}>
        {cookie !== false && (
          <CookieSync {...(cookieInstance !== undefined && { instanceId: cookieInstance })} />
        )}
        {children}
      </SessionCookieContext.Provider>
    </ReactBridgeProvider>
  );
}
