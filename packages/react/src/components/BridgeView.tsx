import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { type RedirectReason, useAuthGuard } from '../hooks/index';

/**
 * Props of {@link BridgeView}.
 *
 * @example
 * const props: BridgeViewProps = { allowedTypes: ['admin', 'editor'], children: <Editor /> };
 */
export interface BridgeViewProps {
  /** Shown when the signed-in user's type is one of `allowedTypes`. */
  children: ReactNode;
  /**
   * User types allowed to see `children` (compared case-insensitively with `user.userType`).
   * `'authenticated'` admits any signed-in user.
   * @default ['authenticated']
   */
  allowedTypes?: string | readonly string[];
  /**
   * Shown when the user is signed out or of another type.
   * @default null
   */
  fallback?: ReactNode;
  /**
   * Shown while the authentication state is loading.
   * @default null
   */
  loadingComponent?: ReactNode;
  /**
   * Called once each time the view becomes unauthorized (not on every render), with the
   * guard's reason: `'unauthenticated'`, `'unauthorized'` or `'session-expired'`.
   * @default undefined
   */
  onUnauthorized?: (reason: RedirectReason | null) => void;
  /**
   * The provider instance whose user is checked.
   * @default the provider's default instance
   */
  instanceId?: string;
  /**
   * Ask the server to validate the session when the view mounts. Off by default so that many
   * views on one page do not each send a request; an app-level `useAuthGuard` usually does it.
   * @default false
   */
  validateOnMount?: boolean;
}

const DEFAULT_TYPES = ['authenticated'];

/**
 * Renders `children` only for users whose type is allowed, `fallback` for everyone else and
 * `loadingComponent` while the authentication state is loading. Built on `useAuthGuard`.
 *
 * @example
 * <BridgeView allowedTypes="admin" fallback={<p>Admins only.</p>} loadingComponent={<Spinner />}>
 *   <AdminPanel />
 * </BridgeView>
 */
export function BridgeView({
  children,
  allowedTypes,
  fallback = null,
  loadingComponent = null,
  onUnauthorized,
  instanceId,
  validateOnMount = false,
}: BridgeViewProps): ReactNode {
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
  const state = isLoading ? 'loading' : isAuthorized ? 'authorized' : 'unauthorized';

  const onUnauthorizedRef = useRef(onUnauthorized);
  onUnauthorizedRef.current = onUnauthorized;
  // The last settled state: a reload in between (loading) is not a new change.
  const settledRef = useRef<'authorized' | 'unauthorized' | null>(null);
  useEffect(() => {
    if (state === 'loading' || settledRef.current === state) return;
    settledRef.current = state;
    if (state === 'unauthorized') onUnauthorizedRef.current?.(redirectReason);
  }, [state, redirectReason]);

  if (state === 'loading') return loadingComponent;
  return state === 'authorized' ? children : fallback;
}
