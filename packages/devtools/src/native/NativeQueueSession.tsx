/**
 * The native Queue and Session tabs: the offline queue's writes with their key and attempts and
 * its actions, and the auth events with the time the session has left.
 */
import type { QueuedWrite } from '@bridgekit/core/offline';
import {
  type UseOfflineQueueResult,
  useOfflineQueue,
  useOfflineQueueState,
} from '@bridgekit/react/hooks';
import type { ReactNode } from 'react';
import { ScrollView, Text, View } from 'react-native';
import { clock, duration, pretty } from '../format';
import type { Recorder } from '../record/recorder';
import type { Redactor } from '../record/redact';
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
  writes: readonly QueuedWrite[];
  queue: UseOfflineQueueResult;
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

/** The conflicts: each write with the user's change beside the server's record. */
function Conflicts({ queue, redact }: { queue: UseOfflineQueueResult; redact: Redactor }) {
  const shown = (value: unknown) => pretty(redact.value(value));
  return (
    <View accessibilityLabel="Conflicts">
      <Text style={styles.heading}>Conflicts ({queue.conflicts.length})</Text>
      {queue.conflicts.map((conflict) => (
        <View key={conflict.id} style={styles.item}>
          <Text style={styles.text}>
            {conflict.method} {conflict.endpoint} · {conflict.attempts} attempt(s)
          </Text>
          <Text style={styles.code}>key {conflict.id}</Text>
          {conflict.error !== undefined && <Text style={styles.muted}>{conflict.error}</Text>}
          <Text style={styles.muted}>Mine (this change)</Text>
          <Text style={styles.code}>
            {conflict.body === undefined ? 'No body.' : shown(conflict.body)}
          </Text>
          <Text style={styles.muted}>Theirs (the server's record now)</Text>
          <Text style={styles.code}>
            {conflict.theirs === null ? 'Deleted by someone else.' : shown(conflict.theirs)}
          </Text>
          <View style={styles.row}>
            <Chip label="Keep mine" onPress={() => void queue.resolve(conflict.id, 'mine')} />
            <Chip label="Take theirs" onPress={() => void queue.resolve(conflict.id, 'theirs')} />
            <Chip label="Discard" onPress={() => void queue.discard(conflict.id)} />
          </View>
        </View>
      ))}
    </View>
  );
}

function Queue({ instance, redact }: { instance: string; redact: Redactor }) {
  const queue = useOfflineQueue(instance);
  return (
    <>
      <View style={styles.row}>
        <Text style={styles.text}>Network: {queue.isOnline ? 'online' : 'offline'} </Text>
        <Chip label="Replay" onPress={() => void queue.replay()} />
      </View>
      <Writes title="Pending" writes={queue.pending} queue={queue} canRetry={false} />
      <Writes title="Failed" writes={queue.failed} queue={queue} canRetry />
      <Conflicts queue={queue} redact={redact} />
      <Writes title="Unknown" writes={queue.unknown} queue={queue} canRetry />
      <Writes title="Expired" writes={queue.expired} queue={queue} canRetry />
    </>
  );
}

/**
 * The native Queue tab. Internal: part of the native panel.
 *
 * @example
 * <NativeQueue instance="default" redact={recorder.redactorOf(client)} />
 */
export function NativeQueue({
  instance,
  redact,
}: {
  instance: string;
  redact: Redactor;
}): ReactNode {
  const state = useOfflineQueueState(instance);
  return (
    <ScrollView accessibilityLabel="Queue">
      {state ? (
        <Queue instance={instance} redact={redact} />
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
