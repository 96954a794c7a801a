import type { SessionValidationResult, User } from '@bridgekit/core';
import { useEffect, useRef, useState } from 'react';
import { useAuthState } from './internal/useAuthState';

/** Why a guard sends the visitor away. */
export type RedirectReason = 'unauthenticated' | 'unauthorized' | 'session-expired';

/** Options of `useAuthGuard`; all optional. */
export interface UseAuthGuardOptions {
  /**
   * Ask the server whether the session is valid when the guard mounts.
   * @default true
   */
  validateOnMount?: boolean;
  /**
   * User types admitted (compared case-insensitively with `user.userType`);
   * `'authenticated'` admits any signed-in user.
   * @default ['authenticated']
   */
  allowedTypes?: string[];
  /**
   * Instance whose auth state is checked.
   * @default the provider's default instance
   */
  instanceId?: string;
  /** Called once each time the redirect reason changes to a non-null value. @default undefined */
  onRedirect?(path: string, reason: RedirectReason): void;
  /** Called when the session expires (a 401 on a request made with it). @default undefined */
  onSessionExpired?(): void;
  /** Target for `'unauthenticated'` and `'session-expired'`. @default '/login' */
  loginRedirectPath?: string;
  /** Target for `'unauthorized'`. @default '/access-denied' */
  accessDeniedPath?: string;
  /** Log the guard's decisions with `console.debug`. @default false */
  enableLogging?: boolean;
}

/** What `useAuthGuard` returns. */
export interface UseAuthGuardResult {
  user: User | null;
  isAuthenticated: boolean;
  /** `true` while the auth state is restored or the session is validated on mount. */
  isLoading: boolean;
  /** Signed in and of an allowed type. */
  isAuthorized: boolean;
  validateSession(): Promise<SessionValidationResult>;
  /** Why the visitor should be sent away; `null` while loading or when authorized. */
  redirectReason: RedirectReason | null;
}

/**
 * Guards a page or layout: validates the session on mount, checks the user's type and tells
 * you where to send the visitor. It does not navigate by itself: do it in `onRedirect` with
 * your router.
 *
 * @example
 * function AdminLayout({ children }: { children: ReactNode }) {
 *   const navigate = useNavigate();
 *   const { isLoading, isAuthorized } = useAuthGuard({
 *     allowedTypes: ['admin'],
 *     onRedirect: (path, reason) => navigate(`${path}?reason=${reason}`),
 *   });
 *   if (isLoading) return <Spinner />;
 *   return isAuthorized ? children : null;
 * }
 */
export function useAuthGuard(options: UseAuthGuardOptions = {}): UseAuthGuardResult {
  const {
    validateOnMount = true,
    allowedTypes = ['authenticated'],
    loginRedirectPath = '/login',
    accessDeniedPath = '/access-denied',
  } = options;
  const [, service, auth] = useAuthState('useAuthGuard', options.instanceId);
  const { user, isAuthenticated } = auth;
  const [validating, setValidating] = useState(validateOnMount);
  // The latest options: the effects call this render's callbacks and logging choice.
  const latest = useRef(options);
  latest.current = options;
  const log = (...args: unknown[]) => {
    if (latest.current.enableLogging) console.debug('[bridgekit:useAuthGuard]', ...args);
  };

  // The service's own method: the guard needs no wrapper.
  const { validateSession } = service;
  // biome-ignore lint/correctness/useExhaustiveDependencies: validate once, on mount.
  useEffect(() => {
    if (!validateOnMount) return;
    let active = true;
    log('validating session');
    validateSession()
      .then(
        (result) => log('session valid:', result.isValid),
        (error: unknown) => log('session validation failed', error),
      )
      .finally(() => {
        if (active) setValidating(false);
      });
    return () => {
      active = false;
    };
  }, []);

  const types = allowedTypes.map((t) => String(t).toLowerCase());
  const isAuthorized =
    isAuthenticated &&
    !!user &&
    ['authenticated', String(user.userType ?? '').toLowerCase()].some((t) => types.includes(t));
  const isLoading = auth.isLoading || validating;
  const redirectReason: RedirectReason | null = auth.sessionExpired
    ? 'session-expired'
    : isLoading
      ? null
      : !isAuthenticated
        ? 'unauthenticated'
        : isAuthorized
          ? null
          : 'unauthorized';

  const reported = useRef<RedirectReason | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per change of the reason.
  useEffect(() => {
    if (redirectReason === reported.current) return;
    reported.current = redirectReason;
    if (redirectReason === null) return;
    const path = redirectReason === 'unauthorized' ? accessDeniedPath : loginRedirectPath;
    log('redirect', { reason: redirectReason, path, userType: user?.userType });
    if (redirectReason === 'session-expired') latest.current.onSessionExpired?.();
    latest.current.onRedirect?.(path, redirectReason);
  }, [redirectReason]);

  return { user, isAuthenticated, isLoading, isAuthorized, validateSession, redirectReason };
}
