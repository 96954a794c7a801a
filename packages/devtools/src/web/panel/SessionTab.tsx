/**
 * The Session tab: the auth events of one instance on a timeline (sign-ins, sign-outs,
 * refreshes, expiries, validations), and how long the session has left.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { clock, duration } from '../../format';
import type { Recorder } from '../../record/recorder';
import { sessionOf } from '../../sessionView';
import { useRecorderState } from '../../useRecorder';
import * as styles from './styles';

function Expiry({ expiresAt }: { expiresAt: number }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = expiresAt - now;
  return (
    <p>
      The session ends at <strong>{clock(expiresAt)}</strong>
      {left > 0 ? `, in ${duration(left)}` : ': it has ended'}.
    </p>
  );
}

/**
 * The Session tab. Internal: part of the panel.
 *
 * @example
 * <SessionTab instance="default" recorder={recorder} />
 */
export function SessionTab({
  instance,
  recorder,
}: {
  instance: string;
  recorder: Recorder;
}): ReactNode {
  const { session } = useRecorderState(recorder);
  const { signedIn, expiresAt, events } = sessionOf(session, instance);
  return (
    <div>
      {signedIn === undefined && (
        <p style={styles.muted}>No auth event yet: sign-ins, refreshes and expiries show here.</p>
      )}
      {signedIn === false && <p>Signed out.</p>}
      {signedIn && expiresAt === undefined && <p>Signed in; the server gave no end.</p>}
      {signedIn && expiresAt !== undefined && <Expiry expiresAt={expiresAt} />}
      {events.length > 0 && (
        <ol aria-label="Auth events" style={styles.list}>
          {events
            .map((event, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a log only grows at its end
              <li key={index}>
                {clock(event.time)} <strong>{event.kind}</strong>
                {event.user &&
                  ` ${String(event.user.email ?? event.user.userName ?? event.user.id)}`}
                {event.valid !== undefined && ` (${event.valid ? 'valid' : 'not valid'})`}
                {event.expiresAt && (
                  <span style={styles.muted}> · ends {clock(Date.parse(event.expiresAt))}</span>
                )}
              </li>
            ))
            .reverse()}
        </ol>
      )}
    </div>
  );
}
