/**
 * The session as the Session tab shows it, from the auth events of one instance: whether someone
 * is signed in, and when the session ends (the `expiresAt` of the last sign-in, refresh or
 * validation that told it).
 */
import type { AuthEvent } from '@bridgekit/core';
import type { Recorded } from './record/recorderState';

/**
 * What the auth events say of an instance's session. `signedIn` is `undefined` before any auth
 * event was recorded.
 *
 * @example
 * const { signedIn, expiresAt } = sessionOf(state.session, 'default');
 */
export interface SessionView {
  signedIn: boolean | undefined;
  /** When the session ends (ms since the epoch), when the server said. */
  expiresAt: number | undefined;
  /** The events of the instance, oldest first. */
  events: readonly AuthEvent[];
}

/**
 * The session of `instance` after its recorded auth events.
 *
 * @example
 * const ends = sessionOf(session, 'default').expiresAt;
 */
export function sessionOf(recorded: readonly Recorded<AuthEvent>[], instance: string): SessionView {
  const events = recorded.filter((each) => each.instance === instance).map((each) => each.event);
  let signedIn: boolean | undefined;
  let expiresAt: number | undefined;
  for (const event of events) {
    if (event.kind === 'signedOut' || event.kind === 'expired' || event.valid === false) {
      signedIn = false;
      expiresAt = undefined;
      continue;
    }
    signedIn = true;
    const ends = event.expiresAt === undefined ? Number.NaN : Date.parse(event.expiresAt);
    if (Number.isFinite(ends)) expiresAt = ends;
  }
  return { signedIn, expiresAt, events };
}
