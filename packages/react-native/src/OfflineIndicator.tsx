import type { OfflineQueueState } from '@bridgekit/core/offline';
import { useOfflineQueueState } from '@bridgekit/react/hooks';
import NetInfo from '@react-native-community/netinfo';
import { type ReactNode, useEffect, useState } from 'react';
import { isReachable } from './connectivity';
import { PENDING_LISTS, PENDING_WORDS } from './pendingWords';
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
  /**
   * The instance whose offline queue is counted (`useOfflineQueueState`).
   * @default the provider's default instance (none outside a provider)
   */
  instanceId?: string;
}

const changes = (count: number) => `${count} change${count === 1 ? '' : 's'}`;

/** The banner's text: the message while offline, then what the offline queue holds. */
function bannerText(offline: boolean, message: string, queue: OfflineQueueState | undefined) {
  const parts = offline ? [message] : [];
  for (const list of PENDING_LISTS) {
    const count = queue?.[list].length ?? 0;
    if (count > 0) parts.push(`${changes(count)} ${PENDING_WORDS[list]}`);
  }
  return parts.join(' · ');
}

/**
 * A banner (`accessibilityRole="alert"`) shown while the device is offline or the internet is
 * unreachable, per `@react-native-community/netinfo`, and while writes wait in the instance's
 * offline queue (`config={{ offline: offlineQueue() }}`), in any of its lists: "No internet
 * connection · 2 changes waiting to be sent · 1 change in conflict with someone else's" (then
 * "could not be sent", "may have been applied", "too old to be sent"). Other users' writes are
 * not counted. Renders nothing when online with nothing waiting, or while the state
 * is unknown. Works outside a provider too (then it shows the connection only).
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
  instanceId,
}: OfflineIndicatorProps = {}): ReactNode {
  const [offline, setOffline] = useState(false);
  useEffect(() => NetInfo.addEventListener((state) => setOffline(!isReachable(state))), []);
  const queue = useOfflineQueueState(instanceId);
  const text = bannerText(offline, message, queue);
  if (text === '') return null;
  return (
    <View
      accessible
      accessibilityRole="alert"
      accessibilityLabel={text}
      accessibilityLiveRegion="polite"
      style={[styles.banner, style]}
      testID={testID}
    >
      <Text style={[styles.text, textStyle]}>{text}</Text>
    </View>
  );
}

const styles = StyleSheet.create({
  banner: { backgroundColor: '#b00020', paddingVertical: 6, paddingHorizontal: 12 },
  text: { color: '#ffffff', textAlign: 'center', fontWeight: '600' },
});
