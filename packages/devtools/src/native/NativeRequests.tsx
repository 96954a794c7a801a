/**
 * The native Requests tab: the calls of one instance, newest first; a call pressed shows its
 * URL beside the query as written, its attempts, retries, redirects, headers and answer.
 */
import { type ReactNode, useState } from 'react';
import { ScrollView, Text, View } from 'react-native';
import { clock, duration, pretty, summary } from '../format';
import type { Recorder } from '../record/recorder';
import type { RecordedCall } from '../record/recorderState';
import { useRecorderState } from '../useRecorder';
import { Chip } from './Chip';
import { styles } from './nativeStyles';

function Detail({ call, onBack }: { call: RecordedCall; onBack(): void }) {
  const { request, response } = call;
  const answer = response?.response;
  return (
    <ScrollView accessibilityLabel={`Call ${call.callId}`}>
      <Chip label="Back to the requests" onPress={onBack} />
      <Text style={styles.heading}>Request</Text>
      <Text style={styles.code}>
        {request ? `${request.method} ${request.url}` : 'Its request was not recorded.'}
      </Text>
      {request?.query !== undefined && (
        <Text style={styles.muted}>Query as written: {request.query}</Text>
      )}
      <Text style={styles.heading}>Attempts</Text>
      {call.attempts.map((a) => (
        <Text key={a.attempt} style={styles.text}>
          #{a.attempt} · {a.status === 0 ? '0 (no answer)' : a.status} · {duration(a.durationMs)}
        </Text>
      ))}
      {call.retries.map((r, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a finished list never moves
        <Text key={index} style={styles.muted}>
          retry after {String(r.reason)}, waited {duration(r.delayMs)}
        </Text>
      ))}
      {call.redirects.map((r, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a finished list never moves
        <Text key={index} style={styles.muted}>
          {r.status} {r.from} → {r.to}
          {r.sessionDropped ? ' (session dropped)' : ''}
        </Text>
      ))}
      {request && (
        <>
          <Text style={styles.heading}>Request headers</Text>
          {Object.entries(request.headers).map(([name, value]) => (
            <Text key={name} style={styles.code}>
              {name}: {value}
            </Text>
          ))}
        </>
      )}
      {request?.body?.value !== undefined && (
        <Text style={styles.code}>{pretty(request.body.value)}</Text>
      )}
      <Text style={styles.heading}>Response</Text>
      {answer ? (
        <>
          <Text style={styles.text}>
            {answer.status} {answer.success ? 'success' : answer.error} ·{' '}
            {duration(response.durationMs)}
          </Text>
          {answer.data !== undefined && <Text style={styles.code}>{pretty(answer.data)}</Text>}
        </>
      ) : (
        <Text style={styles.muted}>In flight.</Text>
      )}
    </ScrollView>
  );
}

/**
 * The native Requests tab. Internal: part of the native panel.
 *
 * @example
 * <NativeRequests instance="default" recorder={recorder} />
 */
export function NativeRequests({
  instance,
  recorder,
}: {
  instance: string;
  recorder: Recorder;
}): ReactNode {
  const { calls } = useRecorderState(recorder);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const mine = calls.filter((call) => call.instance === instance);
  const shown = mine.find((call) => call.callId === chosen);
  if (shown) return <Detail call={shown} onBack={() => setChosen(undefined)} />;
  return (
    <ScrollView accessibilityLabel="Requests">
      <View style={styles.row}>
        <Text style={styles.muted}>
          {mine.length} {mine.length === 1 ? 'call' : 'calls'}{' '}
        </Text>
        <Chip label="Clear" onPress={recorder.clear} />
      </View>
      {mine.length === 0 && (
        <Text style={styles.muted}>No request yet: they show here as the app makes them.</Text>
      )}
      {[...mine].reverse().map((call) => (
        <View key={call.callId} style={styles.item}>
          <Chip label={summary(call)} onPress={() => setChosen(call.callId)} />
          <Text style={styles.muted}>{clock(call.startedAt)}</Text>
        </View>
      ))}
    </ScrollView>
  );
}
