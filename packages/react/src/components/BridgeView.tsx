import { createBridgeView } from '../hooks/createBridgeView';

export type { BridgeViewProps } from '../hooks/createBridgeView';

/**
 * Renders `children` only for users whose type is allowed, `fallback` for everyone else and
 * `loadingComponent` (default `null`) while the authentication state is loading. Built on
 * `useBridgeView`, through `createBridgeView` (shared with React Native).
 *
 * @example
 * <BridgeView allowedTypes="admin" fallback={<p>Admins only.</p>} loadingComponent={<Spinner />}>
 *   <AdminPanel />
 * </BridgeView>
 */
export const BridgeView = createBridgeView(null);
