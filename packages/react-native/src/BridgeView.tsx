import { createBridgeView } from '@bridgekit/react/hooks';
import { ActivityIndicator } from 'react-native';

/**
 * Renders `children` only for users whose type is allowed, `fallback` (default `null`) for
 * everyone else and `loadingComponent` while the authentication state is loading (the stored
 * session is read from AsyncStorage at start): the web `BridgeView` (both are
 * `createBridgeView` over `useBridgeView`), with a native spinner,
 * `<ActivityIndicator accessibilityLabel="Loading" />`, as the default loading view.
 *
 * @example
 * <BridgeView allowedTypes="admin" fallback={<Text>Admins only.</Text>}>
 *   <AdminScreen />
 * </BridgeView>
 */
export const BridgeView = createBridgeView(<ActivityIndicator accessibilityLabel="Loading" />);
