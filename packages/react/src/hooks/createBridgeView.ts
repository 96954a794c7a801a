import type { ReactNode } from 'react';
import { type UseBridgeViewOptions, useBridgeView } from './useBridgeView';

/**
 * Props of every `BridgeView` (web, React Native, Next.js).
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
   * @default the platform's: `null` on the web, an `ActivityIndicator` on React Native
   */
  loadingComponent?: ReactNode;
}

/**
 * Builds the `BridgeView` component of a platform, which differs only in what it shows while
 * the authentication state loads. It renders `children` for users whose type is allowed,
 * `fallback` for everyone else and `loadingComponent` (default `defaultLoading`) while loading;
 * the decision is {@link useBridgeView}. Uses no DOM and no native module.
 *
 * @example
 * // The React Native BridgeView:
 * export const BridgeView = createBridgeView(<ActivityIndicator accessibilityLabel="Loading" />);
 */
export function createBridgeView(defaultLoading: ReactNode): (props: BridgeViewProps) => ReactNode {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per platform, at module level, never during render.
  return function BridgeView({
    children,
    fallback = null,
    loadingComponent = defaultLoading,
    ...options
  }: BridgeViewProps): ReactNode {
    const { state } = useBridgeView(options);
    if (state === 'loading') return loadingComponent;
    return state === 'authorized' ? children : fallback;
  };
}
