import { type QueuedWrite, useOfflineQueue } from '@bridgekit/react';
import type { ReactNode } from 'react';
import { ConflictView } from './ConflictView';

const describe = (write: QueuedWrite) => {
  const name = (write.body as { name?: unknown } | undefined)?.name;
  return `${write.method} ${write.endpoint}${typeof name === 'string' ? ` (“${name}”)` : ''}`;
};

const changes = (count: number) => `${count} change${count === 1 ? '' : 's'}`;

/** One list of the queue: its heading, a line of explanation, and each write with its actions. */
function WriteList({
  title,
  about,
  writes,
  testId,
  actions,
}: {
  title: string;
  about?: string;
  writes: readonly QueuedWrite[];
  testId: string;
  actions: (write: QueuedWrite) => ReactNode;
}) {
  if (writes.length === 0) return null;
  return (
    <>
      <h2>{title}</h2>
      {about && <p className="muted">{about}</p>}
      <ul>
        {writes.map((write) => (
          <li key={write.id} data-testid={testId}>
            {describe(write)}
            {write.error && <span className="muted"> · {write.error}</span>} {actions(write)}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * What the offline queue holds for the signed-in user, list by list, with what the user can do
 * about each write: those waiting to be sent (Discard), refused by the server (Retry, Discard),
 * changed by someone else meanwhile (both versions, Keep mine, Keep theirs), that may have been
 * applied (Resend, Discard) and too old to be sent blindly (Resend, Discard); and how many wait
 * for another user of this device. Nothing is lost without the user seeing it.
 */
export function PendingChanges() {
  const { pending, failed, conflicts, unknown, expired, waitingForOthers, retry, discard } =
    useOfflineQueue();
  const lists = [pending, failed, conflicts, unknown, expired];
  if (lists.every((list) => list.length === 0) && waitingForOthers === 0) return null;

  const button = (label: string, act: () => Promise<void>, danger = false) => (
    <button type="button" className={danger ? 'link danger' : 'link'} onClick={() => void act()}>
      {label}
    </button>
  );
  const resendOrDiscard = (write: QueuedWrite) => (
    <>
      {button('Resend', () => retry(write.id))} {button('Discard', () => discard(write.id), true)}
    </>
  );

  return (
    <section className="card pending-changes" data-testid="pending-changes">
      <WriteList
        title="Waiting to be sent"
        writes={pending}
        testId="pending-write"
        actions={(write) => button('Discard', () => discard(write.id), true)}
      />
      <WriteList
        title="Could not be sent"
        writes={failed}
        testId="failed-write"
        actions={(write) => (
          <>
            {button('Retry', () => retry(write.id))}{' '}
            {button('Discard', () => discard(write.id), true)}
          </>
        )}
      />
      {conflicts.length > 0 && (
        <>
          <h2>Changed by someone else while you were offline</h2>
          {conflicts.map((conflict) => (
            <ConflictView key={conflict.id} conflict={conflict} />
          ))}
        </>
      )}
      <WriteList
        title="May have been applied"
        about="The answer was lost and the server cannot tell a repeat: check the products, then resend or discard."
        writes={unknown}
        testId="unknown-write"
        actions={resendOrDiscard}
      />
      <WriteList
        title="Too old to be sent as it was"
        about="Made more than a day ago: check it is still wanted, then resend or discard."
        writes={expired}
        testId="expired-write"
        actions={resendOrDiscard}
      />
      {waitingForOthers > 0 && (
        <p className="muted" data-testid="waiting-for-others">
          {changes(waitingForOthers)} on this device {waitingForOthers === 1 ? 'waits' : 'wait'} for
          another user to sign in.
        </p>
      )}
    </section>
  );
}
