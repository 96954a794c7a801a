import { useEffect, useMemo, useRef } from 'react';
import { type RedirectReason, useAuthGuard } from './useAuthGuard';

/**
 * Options of {@link useBridgeView} (and the shared props of every `BridgeView`).
 *
 * @example
 * const options: UseBridgeViewOptions = { allowedTypes: ['admin', 'editor'] };
 */
export interface UseBridgeViewOptions {
  /**
   * User types allowed to see the view (compared case-insensitively with `user.userType`).
   * `'authenticated'` admits any signed-in user.
   * @default ['authenticated']
   */
  allowedTypes?: string | readonly string[];
  /**
   * Called once each time the view becomes unauthorized (not on every render), with the
   * guard's reason: `'unauthenticated'`, `'unauthorized'` or `'session-expired'`.
   * @default undefined
   */
  onUnauthorized?: (reason: RedirectReason) => void;
  /**
   * The provider instance whose user is checked.
   * @default the provider's default instance
   */
  instanceId?: string;
  /**
   * Ask the server to validate the session when the view mounts. Off by default so that many
   * views on one page or screen do not each send a request; an app-level `useAuthGuard`
   * usually does it.
   * @default false
   */
  validateOnMount?: boolean;
}

/**
 * What a view shows: `'loading'` while the authentication state loads, then `'authorized'`
 * or `'unauthorized'`.
 *
 * @example
 * const show: Record<BridgeViewState, ReactNode> = { loading: <Spinner />, authorized: children, unauthorized: fallback };
 */
export type BridgeViewState = 'loading' | 'authorized' | 'unauthorized';

/**
 * What {@link useBridgeView} returns.
 *
 * @example
 * const { state, redirectReason }: UseBridgeViewResult = useBridgeView({ allowedTypes: 'admin' });
 */
export interface UseBridgeViewResult {
  /** What to render. */
  state: BridgeViewState;
  /** Why the view is unauthorized (`null` while loading or when authorized). */
  redirectReason: RedirectReason | null;
}

const DEFAULT_TYPES = ['authenticated'];

/**
 * The decision behind every `BridgeView` (web and native), for views of your own: whether the
 * signed-in user's type is allowed, built on `useAuthGuard`. `onUnauthorized` fires once per
 * change to unauthorized (a reload in between does not count as a change). An inline
 * `allowedTypes` array does not restart the guard.
 *
 * @example
 * function AdminOnly({ children }: { children: ReactNode }) {
 *   const { state } = useBridgeView({ allowedTypes: 'admin', onUnauthorized: () => navigate('/login') });
 *   if (state === 'loading') return <Spinner />;
 *   return state === 'authorized' ? children : <p>Admins only.</p>;
 * }
 */
export function useBridgeView({
  allowedTypes,
  onUnauthorized,
  instanceId,
  validateOnMount = false,
}: UseBridgeViewOptions = {}): UseBridgeViewResult {
  // A stable array, so an inline `allowedTypes={['admin']}` does not restart the guard.
  const typesKey =
    allowedTypes === undefined
      ? undefined
      : typeof allowedTypes === 'string'
        ? allowedTypes
        : allowedTypes.join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: typesKey is the value of allowedTypes
  const types = useMemo(
    () =>
      allowedTypes === undefined
        ? DEFAULT_TYPES
        : typeof allowedTypes === 'string'
          ? [allowedTypes]
          : [...allowedTypes],
    [typesKey],
  );

  const { isLoading, isAuthorized, redirectReason } = useAuthGuard({
    allowedTypes: types,
    validateOnMount,
    ...(instanceId !== undefined && { instanceId }),
  });
  const state: BridgeViewState = isLoading
    ? 'loading'
    : isAuthorized
      ? 'authorized'
      : 'unauthorized';

  const onUnauthorizedRef = useRef(onUnauthorized);
  onUnauthorizedRef.current = onUnauthorized;
  // The last settled state: a reload in between (loading) is not a new change.
  const settledRef = useRef<'authorized' | 'unauthorized' | null>(null);
  useEffect(() => {
    if (state === 'loading' || settledRef.current === state) return;
    settledRef.current = state;
    // Never null here: the guard always names why a settled view is unauthorized.
    if (state === 'unauthorized' && redirectReason) onUnauthorizedRef.current?.(redirectReason);
  }, [state, redirectReason]);

  return { state, redirectReason };
}
