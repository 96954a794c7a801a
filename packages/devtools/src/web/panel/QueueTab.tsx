/**
 * The Queue tab: the offline write queue of one instance (`useOfflineQueue`), each write with
 * its key (its `Idempotency-Key`) and attempts, in its list (pending, failed, conflicts, unknown,
 * expired) with the actions that list takes; replay; the switch that takes the page offline
 * (`simulateOffline`); and the queue's events.
 */
import { useOfflineQueue, useOfflineQueueState } from '@bridgekit/react/hooks';
import { type ReactNode, useState } from 'react';
import { clock } from '../../format';
import type { Recorder } from '../../record/recorder';
import { type QueueActions, type QueueView, type QueueWrite, writeLists } from '../../queueView';
import { useRecorderState } from '../../useRecorder';
import { isSimulatedOffline, setSimulatedOffline } from '../simulateOffline';
import * as styles from './styles';

function WriteTable({
  title,
  writes,
  actions,
}: {
  title: string;
  writes: readonly QueueWrite[];
  actions: (write: QueueWrite) => ReactNode;
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

function Queue({ instance }: { instance: string }) {
  const queue = useOfflineQueue(instance) as unknown as QueueView & QueueActions;
  const lists = writeLists(queue);
  const act = (label: string, run: () => Promise<void>, write: QueueWrite) => (
    <button type="button" aria-label={`${label} ${write.method} ${write.endpoint}`} onClick={run}>
      {label}
    </button>
  );
  const retryOrDiscard = (write: QueueWrite) => (
    <>
      {act('Retry', () => queue.retry(write.id), write)}
      {act('Discard', () => queue.discard(write.id), write)}
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
        {lists.waitingForOthers > 0 && (
          <span style={styles.muted}>
            {lists.waitingForOthers} write(s) of other users wait for them.
          </span>
        )}
      </div>
      <WriteTable
        title="Pending"
        writes={lists.pending}
        actions={(write) => act('Discard', () => queue.discard(write.id), write)}
      />
      <WriteTable title="Failed" writes={lists.failed} actions={retryOrDiscard} />
      <WriteTable
        title="Conflicts"
        writes={lists.conflicts}
        actions={(write) => (
          <>
            {queue.resolve && act('Keep mine', () => queue.resolve!(write.id, 'mine'), write)}
            {queue.resolve && act('Take theirs', () => queue.resolve!(write.id, 'theirs'), write)}
            {act('Discard', () => queue.discard(write.id), write)}
          </>
        )}
      />
      <WriteTable title="Unknown" writes={lists.unknown} actions={retryOrDiscard} />
      <WriteTable title="Expired" writes={lists.expired} actions={retryOrDiscard} />
    </>
  );
}

/**
 * The Queue tab. Internal: part of the panel.
 *
 * @example
 * <QueueTab instance="default" recorder={recorder} />
 */
export function QueueTab({ instance, recorder }: { instance: string; recorder: Recorder }) {
  const state = useOfflineQueueState(instance);
  const events = useRecorderState(recorder).queue.filter((e) => e.instance === instance);
  return (
    <div>
      {state ? (
        <Queue instance={instance} />
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
                  {clock(event.time)} {event.kind} {event.method} <code>{event.url}</code>{' '}
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
