/**
 * The native Queue and Session tabs: the offline queue's writes with their key and attempts and
 * its actions, and the auth events with the time the session has left.
 */
import { useOfflineQueue, useOfflineQueueState } from '@bridgekit/react/hooks';
import type { ReactNode } from 'react';
import { ScrollView, Text, View } from 'react-native';
import { clock, duration } from '../format';
import { type QueueActions, type QueueView, type QueueWrite, writeLists } from '../queueView';
import type { Recorder } from '../record/recorder';
import { sessionOf } from '../sessionView';
import { useRecorderState } from '../useRecorder';
import { Chip } from './Chip';
import { styles } from './nativeStyles';

function Writes({
  title,
  writes,
  queue,
  canRetry,
}: {
  title: string;
  writes: readonly QueueWrite[];
  queue: QueueActions;
  canRetry: boolean;
}) {
  return (
    <View accessibilityLabel={title}>
      <Text style={styles.heading}>
        {title} ({writes.length})
      </Text>
      {writes.map((write) => (
        <View key={write.id} style={styles.item}>
          <Text style={styles.text}>
            {write.method} {write.endpoint} · {write.attempts} attempt(s)
          </Text>
          <Text style={styles.code}>key {write.id}</Text>
          {write.error !== undefined && <Text style={styles.muted}>{write.error}</Text>}
          <View style={styles.row}>
            {canRetry && <Chip label="Retry" onPress={() => void queue.retry(write.id)} />}
            <Chip label="Discard" onPress={() => void queue.discard(write.id)} />
          </View>
        </View>
      ))}
    </View>
  );
}

function Queue({ instance }: { instance: string }) {
  const queue = useOfflineQueue(instance) as unknown as QueueView & QueueActions;
  const lists = writeLists(queue);
  return (
    <>
      <View style={styles.row}>
        <Text style={styles.text}>Network: {queue.isOnline ? 'online' : 'offline'} </Text>
        <Chip label="Replay" onPress={() => void queue.replay()} />
      </View>
      <Writes title="Pending" writes={lists.pending} queue={queue} canRetry={false} />
      <Writes title="Failed" writes={lists.failed} queue={queue} canRetry />
      <Writes title="Conflicts" writes={lists.conflicts} queue={queue} canRetry={false} />
      <Writes title="Unknown" writes={lists.unknown} queue={queue} canRetry />
      <Writes title="Expired" writes={lists.expired} queue={queue} canRetry />
    </>
  );
}

/**
 * The native Queue tab. Internal: part of the native panel.
 *
 * @example
 * <NativeQueue instance="default" />
 */
export function NativeQueue({ instance }: { instance: string }): ReactNode {
  const state = useOfflineQueueState(instance);
  return (
    <ScrollView accessibilityLabel="Queue">
      {state ? (
        <Queue instance={instance} />
      ) : (
        <Text style={styles.muted}>Instance "{instance}" has no offline queue.</Text>
      )}
    </ScrollView>
  );
}

/**
 * The native Session tab. Internal: part of the native panel.
 *
 * @example
 * <NativeSession instance="default" recorder={recorder} />
 */
export function NativeSession({
  instance,
  recorder,
}: {
  instance: string;
  recorder: Recorder;
}): ReactNode {
  const { session } = useRecorderState(recorder);
  const { signedIn, expiresAt, events } = sessionOf(session, instance);
  const left = expiresAt === undefined ? undefined : expiresAt - Date.now();
  return (
    <ScrollView accessibilityLabel="Session">
      {signedIn === undefined && <Text style={styles.muted}>No auth event yet.</Text>}
      {signedIn === false && <Text style={styles.text}>Signed out.</Text>}
      {signedIn && left !== undefined && (
        <Text style={styles.text}>
          The session ends at {clock(expiresAt!)}
          {left > 0 ? `, in ${duration(left)}` : ': it has ended'}.
        </Text>
      )}
      {events
        .map((event, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a log only grows at its end
          <Text key={index} style={styles.text}>
            {clock(event.time)} {event.kind}
          </Text>
        ))
        .reverse()}
    </ScrollView>
  );
}
