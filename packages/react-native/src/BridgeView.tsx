import { type UseBridgeViewOptions, useBridgeView } from '@bridgekit/react/hooks';
import type { ReactNode } from 'react';
import { ActivityIndicator } from 'react-native';

/** Props of {@link BridgeView}. */
export interface BridgeViewProps extends UseBridgeViewOptions {
  /** Shown when the signed-in user's type is one of `allowedTypes`. */
  children: ReactNode;
  /**
   * Shown when the user is signed out or of another type.
   * @default null
   */
  fallback?: ReactNode;
  /**
   * Shown while the authentication state is loading (the stored session is read from
   * AsyncStorage at start).
   * @default <ActivityIndicator accessibilityLabel="Loading" />
   */
  loadingComponent?: ReactNode;
}

const DEFAULT_LOADING = <ActivityIndicator accessibilityLabel="Loading" />;

/**
 * Renders `children` only for users whose type is allowed, `fallback` for everyone else and
 * `loadingComponent` while the authentication state is loading: the web `BridgeView` (both are
 * `useBridgeView`), with a native spinner as the default loading view.
 *
 * @example
 * <BridgeView allowedTypes="admin" fallback={<Text>Admins only.</Text>}>
 *   <AdminScreen />
 * </BridgeView>
 */
export function BridgeView({
  children,
  fallback = null,
  loadingComponent = DEFAULT_LOADING,
  ...options
}: BridgeViewProps): ReactNode {
  const { state } = useBridgeView(options);
  if (state === 'loading') return loadingComponent;
  return state === 'authorized' ? children : fallback;
}
