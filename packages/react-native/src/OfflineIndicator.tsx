import NetInfo, { type NetInfoState } from '@react-native-community/netinfo';
import { type ReactNode, useEffect, useState } from 'react';
import {
  type StyleProp,
  StyleSheet,
  Text,
  type TextStyle,
  View,
  type ViewStyle,
} from 'react-native';

/** Props of {@link OfflineIndicator}; all optional (the spec's component takes none). */
export interface OfflineIndicatorProps {
  /**
   * Text of the banner, also its accessibility label.
   * @default 'No internet connection'
   */
  message?: string;
  /** Extra style of the banner. @default undefined */
  style?: StyleProp<ViewStyle>;
  /** Extra style of the text. @default undefined */
  textStyle?: StyleProp<TextStyle>;
  /** @default 'bridgekit-offline-indicator' */
  testID?: string;
}

/** Offline means no connection, or a connection that NetInfo found cannot reach the internet. */
function isOffline(state: Pick<NetInfoState, 'isConnected' | 'isInternetReachable'>): boolean {
  return state.isConnected === false || state.isInternetReachable === false;
}

/**
 * A banner (`accessibilityRole="alert"`) shown while the device is offline or the internet is
 * unreachable, per `@react-native-community/netinfo`; renders nothing when online or while
 * the state is unknown.
 *
 * @example
 * <SafeAreaView style={{ flex: 1 }}>
 *   <OfflineIndicator />
 *   <Products />
 * </SafeAreaView>
 */
export function OfflineIndicator({
  message = 'No internet connection',
  style,
  textStyle,
  testID = 'bridgekit-offline-indicator',
}: OfflineIndicatorProps = {}): ReactNode {
  const [offline, setOffline] = useState(false);
  useEffect(() => NetInfo.addEventListener((state) => setOffline(isOffline(state))), []);
  if (!offline) return null;
  return (
    <View
      accessible
      accessibilityRole="alert"
      accessibilityLabel={message}
      accessibilityLiveRegion="polite"
      style={[styles.banner, style]}
      testID={testID}
    >
      <Text style={[styles.text, textStyle]}>{message}</Text>
    </View>
  );
}

const styles = StyleSheet.create({
  banner: { backgroundColor: '#b00020', paddingVertical: 6, paddingHorizontal: 12 },
  text: { color: '#ffffff', textAlign: 'center', fontWeight: '600' },
});
