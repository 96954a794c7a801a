/**
 * The native devtools: a floating button, and a full-screen panel (a `Modal`) with the instance
 * switcher and the Requests, Queue and Session tabs. It records the provider's events from the
 * moment it mounts.
 */
import { type ReactNode, useState } from 'react';
import { Modal, Pressable, Text, View } from 'react-native';
import { useProviderRecorder } from '../useRecorder';
import { Chip } from './Chip';
import { NativeQueue, NativeSession } from './NativeQueueSession';
import { NativeRequests } from './NativeRequests';
import { styles } from './nativeStyles';

/**
 * Props of the native `BridgeDevtools`.
 *
 * @example
 * const props: BridgeDevtoolsProps = { initialIsOpen: true };
 */
export interface BridgeDevtoolsProps {
  /**
   * Whether the panel is open at start.
   * @default false
   */
  initialIsOpen?: boolean;
  /**
   * How many calls, and events of each module, the panel keeps (the newest).
   * @default 300
   */
  limit?: number;
}

const TABS = ['Requests', 'Queue', 'Session'] as const;

/**
 * The native devtools. See `@bridgekit/devtools/native`.
 *
 * @example
 * <BridgeDevtools initialIsOpen />
 */
export function BridgeDevtools({ initialIsOpen = false, limit }: BridgeDevtoolsProps): ReactNode {
  const { recorder, bridge } = useProviderRecorder(limit);
  const [open, setOpen] = useState(initialIsOpen);
  const [tab, setTab] = useState<(typeof TABS)[number]>('Requests');
  const [instance, setInstance] = useState(bridge.defaultInstance);
  return (
    <>
      <Pressable
        accessibilityRole="button"
        accessibilityLabel="Open Bridgekit devtools"
        onPress={() => setOpen(true)}
        style={styles.fab}
      >
        <Text style={styles.fabText}>BK</Text>
      </Pressable>
      <Modal visible={open} animationType="slide" onRequestClose={() => setOpen(false)}>
        <View style={styles.panel} accessibilityLabel="Bridgekit devtools">
          <View style={styles.header} accessibilityRole="tablist">
            {TABS.map((name) => (
              <Chip
                key={name}
                label={name}
                role="tab"
                selected={name === tab}
                onPress={() => setTab(name)}
              />
            ))}
            <Chip
              label="Close"
              accessibilityLabel="Close Bridgekit devtools"
              onPress={() => setOpen(false)}
            />
          </View>
          {bridge.instances.length > 1 && (
            <View style={styles.header}>
              {bridge.instances.map(({ id }) => (
                <Chip
                  key={id}
                  label={id}
                  accessibilityLabel={`Instance ${id}`}
                  selected={id === instance}
                  onPress={() => setInstance(id)}
                />
              ))}
            </View>
          )}
          <View style={styles.body}>
            {tab === 'Requests' && <NativeRequests instance={instance} recorder={recorder} />}
            {tab === 'Queue' && (
              <NativeQueue
                instance={instance}
                redact={recorder.redactorOf(
                  bridge.instances.find(({ id }) => id === instance)!.client,
                )}
              />
            )}
            {tab === 'Session' && <NativeSession instance={instance} recorder={recorder} />}
          </View>
        </View>
      </Modal>
    </>
  );
}
