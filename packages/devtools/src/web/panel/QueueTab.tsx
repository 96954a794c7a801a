/**
 * The Queue tab: the offline write queue of one instance (`useOfflineQueue`), each write with
 * its key (its `Idempotency-Key`) and attempts, in its list (pending, failed, unknown, expired)
 * with the actions that list takes; each conflict with both versions (the user's change, the
 * server's record) and keep mine / take theirs; replay; the switch that takes the page offline
 * (`simulateOffline`); and the queue's events.
 */
import type { QueuedConflict, QueuedWrite } from '@bridgekit/core/offline';
import {
  type UseOfflineQueueResult,
  useOfflineQueue,
  useOfflineQueueState,
} from '@bridgekit/react/hooks';
import { type ReactNode, useState } from 'react';
import { clock, pathOf, pretty } from '../../format';
import type { Recorder } from '../../record/recorder';
import type { Redactor } from '../../record/redact';
import { useRecorderState } from '../../useRecorder';
import { isSimulatedOffline, setSimulatedOffline } from '../simulateOffline';
import * as styles from './styles';

/** A button that acts on one write, named after it for screen readers. */
function act(label: string, write: QueuedWrite, run: () => Promise<void>): ReactNode {
  return (
    <button
      type="button"
      aria-label={`${label} ${write.method} ${write.endpoint}`}
      onClick={() => void run()}
    >
      {label}
    </button>
  );
}

function WriteTable({
  title,
  writes,
  actions,
}: {
  title: string;
  writes: readonly QueuedWrite[];
  actions: (write: QueuedWrite) => ReactNode;
}) {
  return (
    <section aria-label={title}>
      <h3 style={styles.heading}>
        {title} ({writes.length})
      </h3>
      {writes.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">Write</th>
              <th scope="col">Key</th>
              <th scope="col">Attempts</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {writes.map((write) => (
              <tr key={write.id}>
                <td>
                  {write.method} <code>{write.endpoint}</code>
                  {write.error && <div style={styles.muted}>{write.error}</div>}
                </td>
                <td>
                  <code>{write.id}</code>
                </td>
                <td>{write.attempts}</td>
                <td>
                  <div style={styles.row}>{actions(write)}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** One version of a conflicting record, under its name. */
function Version({ title, value }: { title: string; value: string }) {
  return (
    <section aria-label={title} style={styles.column(1)}>
      <h4 style={{ ...styles.muted, margin: '4px 0' }}>{title}</h4>
      <pre>{value}</pre>
    </section>
  );
}

/** The conflicts: each write with the user's change beside the server's record. */
function Conflicts({ queue, redact }: { queue: UseOfflineQueueResult; redact: Redactor }) {
  const shown = (value: unknown) => pretty(redact.value(value));
  const theirs = (conflict: QueuedConflict) =>
    conflict.theirs === null ? 'Deleted by someone else.' : shown(conflict.theirs);
  return (
    <section aria-label="Conflicts">
      <h3 style={styles.heading}>Conflicts ({queue.conflicts.length})</h3>
      {queue.conflicts.length > 0 && (
        <ul style={styles.list}>
          {queue.conflicts.map((conflict) => (
            <li
              key={conflict.id}
              aria-label={`${conflict.method} ${conflict.endpoint}`}
              style={{ borderBottom: `1px solid ${styles.colors.border}`, paddingBottom: 4 }}
            >
              <p style={{ margin: '4px 0' }}>
                {conflict.method} <code>{conflict.endpoint}</code>{' '}
                <span style={styles.muted}>
                  key <code>{conflict.id}</code> · {conflict.attempts} attempt(s)
                  {conflict.error && ` · ${conflict.error}`}
                </span>
              </p>
              <div style={styles.columns}>
                <Version
                  title="Mine (this change)"
                  value={conflict.body === undefined ? 'No body.' : shown(conflict.body)}
                />
                <Version title="Theirs (the server's record now)" value={theirs(conflict)} />
              </div>
              {conflict.base !== undefined && (
                <details>
                  <summary>As it was when read</summary>
                  <pre>{shown(conflict.base)}</pre>
                </details>
              )}
              <div style={styles.row}>
                {act('Keep mine', conflict, () => queue.resolve(conflict.id, 'mine'))}
                {act('Take theirs', conflict, () => queue.resolve(conflict.id, 'theirs'))}
                {act('Discard', conflict, () => queue.discard(conflict.id))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OfflineSwitch() {
  const [offline, setOffline] = useState(isSimulatedOffline);
  const toggle = () => {
    setSimulatedOffline(!offline);
    setOffline(!offline);
  };
  return (
    <button type="button" role="switch" aria-checked={offline} onClick={toggle}>
      Offline {offline ? 'on' : 'off'}
    </button>
  );
}

function Queue({ instance, redact }: { instance: string; redact: Redactor }) {
  const queue = useOfflineQueue(instance);
  const retryOrDiscard = (write: QueuedWrite) => (
    <>
      {act('Retry', write, () => queue.retry(write.id))}
      {act('Discard', write, () => queue.discard(write.id))}
    </>
  );
  return (
    <>
      <div style={styles.row}>
        <span>The queue sees the network {queue.isOnline ? 'online' : 'offline'}.</span>
        <OfflineSwitch />
        <button type="button" onClick={() => void queue.replay()}>
          Replay
        </button>
        {queue.heldUntil > Date.now() && (
          <span style={styles.muted}>The server asked to wait until {clock(queue.heldUntil)}.</span>
        )}
        {queue.waitingForOthers > 0 && (
          <span style={styles.muted}>
            {queue.waitingForOthers} write(s) of other users wait for them.
          </span>
        )}
      </div>
      <WriteTable
        title="Pending"
        writes={queue.pending}
        actions={(write) => act('Discard', write, () => queue.discard(write.id))}
      />
      <WriteTable title="Failed" writes={queue.failed} actions={retryOrDiscard} />
      <Conflicts queue={queue} redact={redact} />
      <WriteTable title="Unknown" writes={queue.unknown} actions={retryOrDiscard} />
      <WriteTable title="Expired" writes={queue.expired} actions={retryOrDiscard} />
    </>
  );
}

/**
 * The Queue tab. Internal: part of the panel.
 *
 * @example
 * <QueueTab instance="default" recorder={recorder} redact={redactor} />
 */
export function QueueTab({
  instance,
  recorder,
  redact,
}: {
  instance: string;
  recorder: Recorder;
  redact: Redactor;
}) {
  const state = useOfflineQueueState(instance);
  const events = useRecorderState(recorder).queue.filter((e) => e.instance === instance);
  return (
    <div>
      {state ? (
        <Queue instance={instance} redact={redact} />
      ) : (
        <p style={styles.muted}>
          Instance "{instance}" has no offline queue (its config takes{' '}
          <code>offline: offlineQueue()</code> from <code>@bridgekit/core/offline</code>).
        </p>
      )}
      {events.length > 0 && (
        <section aria-label="Queue events">
          <h3 style={styles.heading}>Events</h3>
          <ol style={styles.list}>
            {events
              .map(({ event }, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a log only grows at its end
                <li key={index}>
                  {clock(event.time)} {event.kind} {event.method} <code>{pathOf(event.url)}</code>{' '}
                  <span style={styles.muted}>
                    key {event.key}
                    {event.attempts !== undefined && `, attempt ${event.attempts}`}
                    {event.status !== undefined && `, status ${event.status}`}
                    {event.reason && `, ${event.reason}`}
                  </span>
                </li>
              ))
              .reverse()}
          </ol>
        </section>
      )}
    </div>
  );
}
