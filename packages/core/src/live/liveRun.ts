/**
 * One user's following: the source started while this tab wants it (shown and online), its
 * reports turned into the module's state and events, and, for a source one connection of which
 * can serve every tab (`shareable`), the share with the other tabs (`tabShare`): the leading
 * tab posts what comes, the others hear it. Ends when the user changes or the module stops.
 */
import type { LiveEvent, LiveSource, LiveSourceHost } from '../contract/live';
import type { Client } from '../client/client';
import type { LiveAction } from './liveState';
import { joinTabs } from './tabShare';

/** What a run needs. */
export interface RunSetup {
  source: LiveSource;
  client: Client;
  resources: readonly string[] | undefined;
  /** The user followed: tabs share a connection only with tabs signed in as the same user. */
  userId: string;
}

/** What a run tells its module. */
export interface RunListener {
  /** The state changes (see `reduceLive`). */
  dispatch(action: LiveAction): void;
  /** A change or a reset came (here, or in the leading tab). */
  deliver(event: LiveEvent): void;
  /** Polling: ask again what the app shows. */
  refresh(): void;
}

/** One user's following. */
export interface LiveRun {
  /** Whether this tab wants the connection now (shown and online). */
  compete(wanted: boolean): void;
  /** Ends the run: stops the source, leaves the share. */
  close(): void;
}

/** What the tabs of a share post to each other. */
type TabMessage =
  | { kind: 'event'; event: LiveEvent; eventId?: string }
  | { kind: 'state'; connected: boolean; error?: string; eventId?: string }
  | { kind: 'hello' };

const isTabMessage = (value: unknown): value is TabMessage =>
  typeof (value as TabMessage | null)?.kind === 'string';

/**
 * Opens the run of `setup.userId`; it does nothing until `compete(true)`.
 *
 * @example
 * const run = openRun({ source, client, resources, userId: '42' }, listener);
 * run.compete(true);
 */
export function openRun(setup: RunSetup, listener: RunListener): LiveRun {
  const { source, client, resources, userId } = setup;
  let lastEventId: string | undefined;
  let wasOpen = false;
  // The source gave up (the session ended, the feed was refused): no new try in this run.
  let ended = false;
  // The state this tab's own source reported, for a tab that asks (`hello`).
  let own: { connected: boolean; error: Error | null } = { connected: false, error: null };
  let leading = false;
  let stopLocal: (() => void) | undefined;

  const track = (eventId: string | undefined) => {
    if (eventId !== undefined) lastEventId = eventId;
  };
  // With the newest event's id: a tab that takes the connection over later resumes from there.
  const stateMessage = (): TabMessage => ({
    kind: 'state',
    connected: own.connected,
    ...(own.error && { error: own.error.message }),
    ...(lastEventId !== undefined && { eventId: lastEventId }),
  });
  const setOwn = (connected: boolean, error: Error | null) => {
    own = { connected, error };
    listener.dispatch(connected ? { type: 'opened' } : { type: 'closed', error });
    share?.post(stateMessage());
  };
  const received = (event: LiveEvent, eventId?: string) => {
    listener.deliver(event);
    share?.post({ kind: 'event', event, eventId });
  };

  // Starts the source, as this tab's lead; what it reports counts only until the lead stops.
  function lead(): () => void {
    let current = true;
    leading = true;
    const whileLeading =
      <A extends unknown[]>(report: (...args: A) => void) =>
      (...args: A) => {
        if (current) report(...args);
      };
    const host: LiveSourceHost = {
      client,
      resources,
      lastEventId: () => lastEventId,
      open: whileLeading((eventId?: string) => {
        track(eventId);
        // A source that cannot resume may have missed changes while it was away.
        const missed = wasOpen && !source.resumes;
        wasOpen = true;
        setOwn(true, null);
        if (missed) received({ type: 'reset', reason: 'reconnected' });
      }),
      change: whileLeading((change, eventId) => {
        track(eventId);
        if (resources === undefined || resources.includes(change.resource)) {
          received(change, eventId);
        }
      }),
      reset: whileLeading((reason, eventId) => {
        track(eventId);
        received({ type: 'reset', reason }, eventId);
      }),
      closed: whileLeading((error?: Error) => setOwn(false, error ?? null)),
      ended: whileLeading((error) => {
        ended = true;
        setOwn(false, error);
        stopLeading();
      }),
      refresh: whileLeading(() => listener.refresh()),
    };
    let stopSource: (() => void) | undefined;
    function stopLeading() {
      if (!current) return;
      current = false;
      leading = false;
      stopSource?.();
      // Paused or stopped: not connected, without an error (an `ended` one stays).
      if (own.connected) setOwn(false, null);
      share?.compete(false);
      stopLocal = undefined;
    }
    stopSource = source.start(host);
    // It gave up as it started: what it opened closes at once.
    if (!current) stopSource();
    return stopLeading;
  }

  const share = source.shareable
    ? joinTabs(`bridgekit:live ${client.getBaseUrl()} ${userId} ${resources ?? '*'}`, {
        lead,
        hear(message) {
          if (!isTabMessage(message)) return;
          if (message.kind === 'event') {
            track(message.eventId);
            listener.deliver(message.event);
          } else if (message.kind === 'state' && !leading) {
            track(message.eventId);
            const error = message.error === undefined ? null : new Error(message.error);
            listener.dispatch(message.connected ? { type: 'opened' } : { type: 'closed', error });
          } else if (message.kind === 'hello' && leading) {
            share?.post(stateMessage());
          }
        },
      })
    : undefined;
  // A tab that joins asks the leading tab how the connection is.
  share?.post({ kind: 'hello' });

  return {
    compete(wanted) {
      const want = wanted && !ended;
      if (share) share.compete(want);
      else if (want) stopLocal ??= lead();
      else stopLocal?.();
    },
    close() {
      if (share) share.close();
      else stopLocal?.();
    },
  };
}
