/**
 * The Requests tab: the calls of one instance as a timeline with a waterfall (each call's span,
 * and each attempt in it), newest first; the chosen call in detail (`CallDetail`); "Clear" and
 * "Export HAR" (every recorded call of every instance).
 */
import type { BridgeInstances } from '@bridgekit/react/hooks';
import { type ReactNode, useState } from 'react';
import { toHar } from '../../export/har';
import { endOf, summary } from '../../format';
import type { Recorder } from '../../record/recorder';
import type { RecordedCall } from '../../record/recorderState';
import { useRecorderState } from '../../useRecorder';
import { CallDetail } from './CallDetail';
import { downloadText } from './exportFile';
import * as styles from './styles';

/** The HAR of every recorded call, as text, with every credential the redactors know replaced. */
function harText(recorder: Recorder, bridge: BridgeInstances): string {
  let text = JSON.stringify(toHar(recorder.getState().calls), null, 2);
  for (const { client } of bridge.instances) text = recorder.redactorOf(client).text(text);
  return text;
}

/** Where a call sits in the window `[from, to]`, in percent. */
function span(from: number, to: number, start: number, end: number) {
  const whole = Math.max(1, to - from);
  return {
    left: `${((start - from) / whole) * 100}%`,
    width: `${Math.max(0.5, ((end - start) / whole) * 100)}%`,
  };
}

function Waterfall({ call, from, to }: { call: RecordedCall; from: number; to: number }) {
  return (
    <div
      aria-hidden="true"
      style={{ position: 'relative', height: 6, background: styles.colors.surface }}
    >
      <div
        style={{
          position: 'absolute',
          top: 2,
          height: 2,
          background: styles.colors.muted,
          ...span(from, to, call.startedAt, endOf(call)),
        }}
      />
      {call.attempts.map((attempt) => (
        <div
          key={attempt.attempt}
          style={{
            position: 'absolute',
            top: 0,
            height: 6,
            background: styles.statusColor(attempt.status),
            ...span(from, to, attempt.time - attempt.durationMs, attempt.time),
          }}
        />
      ))}
    </div>
  );
}

/**
 * The Requests tab. Internal: part of the panel.
 *
 * @example
 * <RequestsTab instance="default" recorder={recorder} bridge={bridge} />
 */
export function RequestsTab({
  instance,
  recorder,
  bridge,
}: {
  instance: string;
  recorder: Recorder;
  bridge: BridgeInstances;
}): ReactNode {
  const { calls } = useRecorderState(recorder);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const mine = calls.filter((call) => call.instance === instance);
  const from = Math.min(...mine.map((call) => call.startedAt));
  const to = Math.max(...mine.map(endOf));
  const shown = mine.find((call) => call.callId === chosen);
  const exportHar = () => {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    downloadText(`bridgekit-${stamp}.har`, harText(recorder, bridge), 'application/json');
  };
  return (
    <div style={styles.columns}>
      <div style={styles.column(1)}>
        <div style={styles.row}>
          <span style={styles.muted}>
            {mine.length} {mine.length === 1 ? 'call' : 'calls'}
          </span>
          <button type="button" onClick={recorder.clear}>
            Clear
          </button>
          <button type="button" onClick={exportHar} disabled={calls.length === 0}>
            Export HAR
          </button>
        </div>
        {mine.length === 0 ? (
          <p style={styles.muted}>No request yet: they show here as the app makes them.</p>
        ) : (
          <ol aria-label="Requests" style={styles.list}>
            {[...mine].reverse().map((call) => (
              <li key={call.callId} style={{ marginBottom: 4 }}>
                <button
                  type="button"
                  aria-pressed={call.callId === chosen}
                  style={{
                    width: '100%',
                    textAlign: 'left',
                    borderColor:
                      call.callId === chosen ? styles.colors.accent : styles.colors.border,
                  }}
                  onClick={() => setChosen(call.callId)}
                >
                  <span style={{ color: styles.statusColor(call.response?.response.status) }}>
                    {summary(call)}
                  </span>
                  <Waterfall call={call} from={from} to={to} />
                </button>
              </li>
            ))}
          </ol>
        )}
      </div>
      <div style={styles.column(2)}>
        {shown ? (
          <CallDetail call={shown} />
        ) : (
          mine.length > 0 && <p style={styles.muted}>Choose a request to see it in detail.</p>
        )}
      </div>
    </div>
  );
}
