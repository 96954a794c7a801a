import type { ReactNode } from 'react';
import { type UseBridgeViewOptions, useBridgeView } from '../hooks/index';

/**
 * Props of {@link BridgeView}.
 *
 * @example
 * const props: BridgeViewProps = { allowedTypes: ['admin', 'editor'], children: <Editor /> };
 */
export interface BridgeViewProps extends UseBridgeViewOptions {
  /** Shown when the signed-in user's type is one of `allowedTypes`. */
  children: ReactNode;
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
}

/**
 * Renders `children` only for users whose type is allowed, `fallback` for everyone else and
 * `loadingComponent` while the authentication state is loading. Built on `useBridgeView`.
 *
 * @example
 * <BridgeView allowedTypes="admin" fallback={<p>Admins only.</p>} loadingComponent={<Spinner />}>
 *   <AdminPanel />
 * </BridgeView>
 */
export function BridgeView({
  children,
  fallback = null,
  loadingComponent = null,
  ...options
}: BridgeViewProps): ReactNode {
  const { state } = useBridgeView(options);
  if (state === 'loading') return loadingComponent;
  return state === 'authorized' ? children : fallback;
}
