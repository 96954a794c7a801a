/**
 * The replay of one queue: the signed-in user's pending writes, oldest first, one at a time, each
 * with its own key, under the session of the user who made it (pinned for the whole send). One
 * replay runs at a time across the tabs (`exclusive`). It acts on each answer as `replayOutcome`
 * reads it, and waits by the client's own rules: its backoff, or the server's `Retry-After`, which
 * holds the whole queue.
 */
import { backoffDelay, serverAskedWait } from '../client/retry';
import { MAX_TIMER_MS } from '../checks';
import type { ApiResponse } from '../contract/http';
import { checkChoice, mergeDisjoint, settle } from './conflicts';
import { exclusive } from './exclusive';
import type { QueueContext } from './queueContext';
import { KEY_HEADER } from './queuedRequest';
import { reportWrite } from './queueEvents';
import { publicWrite } from './queueState';
import { strongEtag } from './recordVersions';
import type { ConflictChoice, QueuedConflict, QueuedWrite } from './queueTypes';
import { replayOutcome } from './replayOutcome';
import type { StoredWrite } from './writeStore';

/** The replay loop of one queue. */
export interface ReplayLoop {
  /** Sends what waits now (after a replay in progress, if any); settles when it is done. */
  replay(): Promise<void>;
  /** Plans a replay after the client's backoff for a write tried `attempts` times. */
  retryLater(attempts: number): void;
  /** Replays may run; `onApplied` hears each write whose queries should be read again. */
  start(onApplied: ((write: QueuedWrite) => unknown) | undefined): void;
  /** No replay runs any more; the one in flight is aborted (its write stays queued). */
  stop(): void;
  /**
   * Tells the providers (`onApplied`) that the write's endpoint should be read again; returns
   * what `onApplied` returned (the reading, when it is a promise).
   */
  changed(write: StoredWrite): unknown;
  /**
   * A write another tab replayed and the server applied: shown as applied here too, with the
   * server's `record`, until this tab's queries were read again (another user's: only removed).
   */
  appliedElsewhere(write: StoredWrite, record: unknown): void;
}

/** The server's record a write conflicts with, from the answer (none: it was deleted). */
function theirVersion(response: ApiResponse): StoredWrite['theirs'] {
  const etag = strongEtag(response);
  const record = response.status === 412 ? (response.data ?? null) : null;
  return etag === undefined ? { record } : { record, etag };
}

/**
 * The replay loop over `context`.
 *
 * @example
 * const loop = createReplayLoop(context);
 * loop.start(onApplied);
 * await loop.replay();
 */
export function createReplayLoop(context: QueueContext): ReplayLoop {
  const { client, auth, connectivity, settings, state } = context;
  let running: { abort: AbortController; onApplied?: (write: QueuedWrite) => unknown } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let draining: Promise<void> | undefined;
  let after: Promise<void> | undefined;

  const later = (ms: number) => {
    clearTimeout(timer);
    if (!running) return;
    timer = setTimeout(() => void replay(), Math.min(ms, MAX_TIMER_MS));
  };

  const changed = (write: StoredWrite): unknown => {
    try {
      return running?.onApplied?.(publicWrite(write));
    } catch (error) {
      client.getConfig().onError?.(error instanceof Error ? error : new Error(String(error)));
      return undefined;
    }
  };

  /**
   * Keeps an applied write in the state's `applied` until `reading` (what `onApplied` returned:
   * its queries read again) settles, so that no list shows the record as it was meanwhile.
   */
  const holdUntilRead = (write: StoredWrite, reading: unknown) => {
    const settled = () => state.dispatch({ type: 'settled', id: write.id });
    void Promise.resolve(reading).then(settled, settled);
  };

  /** The choice `onConflict` makes by itself, if any (a throwing or bad one leaves it to the user). */
  const autoChoice = (conflict: StoredWrite): ConflictChoice | undefined => {
    const { onConflict } = settings;
    try {
      const choice =
        onConflict === 'merge'
          ? mergeDisjoint(conflict)
          : onConflict?.(publicWrite(conflict) as QueuedConflict);
      if (choice !== undefined) checkChoice(conflict, choice);
      return choice;
    } catch {
      return undefined;
    }
  };

  const conflicted = async (write: StoredWrite, response: ApiResponse) => {
    const conflict: StoredWrite = {
      ...write,
      status: 'conflict',
      attempts: write.attempts + 1,
      error: response.error,
      theirs: theirVersion(response),
    };
    const choice = autoChoice(conflict);
    const next = choice === undefined ? conflict : settle(conflict, choice);
    if (next) return context.update(next);
    await context.remove(write.id);
    changed(write);
  };

  /**
   * The user's later writes to the record of `applied`, made on the version it was made on, are
   * made on top of it: they go with the version its answer gave (or without `If-Match` when it
   * gave none), not against the user's own change.
   */
  const carryVersion = async (applied: StoredWrite, response: ApiResponse) => {
    if (applied.ifMatch === undefined) return;
    const etag = strongEtag(response);
    const later = state.model.writes.filter(
      (w) =>
        w.seq > applied.seq &&
        w.userId === applied.userId &&
        w.endpoint === applied.endpoint &&
        w.ifMatch === applied.ifMatch,
    );
    for (const write of later) {
      const { ifMatch: _old, base: _base, ...rest } = write;
      await context.update(etag ? { ...rest, ifMatch: etag, base: response.data } : rest);
    }
  };

  /** Sends one write; resolves whether the replay may go on with the next. */
  const send = async (write: StoredWrite, signal: AbortSignal): Promise<boolean> => {
    const headers = {
      ...write.headers,
      [KEY_HEADER]: write.key,
      ...(write.ifMatch !== undefined && { 'If-Match': write.ifMatch }),
    };
    const attempts = write.attempts + 1;
    context.replaying.set(write.key, write.userId);
    reportWrite(context, 'sent', write, { attempts });
    const response = await client
      .request(write.method, write.endpoint, write.body, { headers, signal, pinSession: true })
      .finally(() => context.replaying.delete(write.key));
    const userChanged = context.userId() !== write.userId;
    const answered = { attempts, status: response.status };
    const parked = (list: string) =>
      reportWrite(context, 'parked', write, { ...answered, reason: `${list}: ${response.error}` });
    switch (replayOutcome(write, response, settings.creates, userChanged)) {
      case 'applied':
        await context.applied(write, response.data);
        reportWrite(context, 'applied', write, answered);
        await carryVersion(write, response);
        // Another user's queries are not this write's business.
        holdUntilRead(write, userChanged ? undefined : changed(write));
        return true;
      case 'conflict':
        await conflicted(write, response);
        reportWrite(context, 'conflict', write, { ...answered, reason: response.error });
        return true;
      case 'unknown':
        await context.update({ ...write, status: 'unknown', attempts, error: response.error });
        parked('unknown');
        return true;
      case 'refused':
        await context.update({ ...write, status: 'failed', attempts, error: response.error });
        parked('failed');
        return true;
      case 'wait':
        return false;
      default: {
        const failed = attempts >= settings.maxAttempts;
        await context.update({
          ...write,
          attempts,
          error: response.error,
          ...(failed && { status: 'failed' }),
        });
        if (failed) {
          parked('failed');
          return true;
        }
        const asked = serverAskedWait(response);
        if (asked !== undefined) {
          // The server's wait holds the whole queue: nothing is sent before it ends.
          context.hold(Date.now() + asked);
          later(asked);
        } else {
          retryLater(attempts);
        }
        return false;
      }
    }
  };

  const aged = (write: StoredWrite) => Date.now() - write.queuedAt > settings.maxAge;

  /** Sends the signed-in user's pending writes, oldest first, while online and started. */
  const drain = async () => {
    clearTimeout(timer);
    await auth.ready;
    await context.reload();
    for (;;) {
      const current = running;
      if (!current || !connectivity.isOnline()) return;
      // The server's wait holds the queue: the replay comes back when it ends.
      const wait = state.model.heldUntil - Date.now();
      if (wait > 0) return later(wait + 1);
      if (state.model.heldUntil !== 0) state.dispatch({ type: 'held', until: 0 });
      const user = context.userId();
      const next = state.model.writes.find((w) => w.status === 'pending' && w.userId === user);
      if (!next) return;
      if (aged(next)) {
        await context.update({ ...next, status: 'expired' });
        reportWrite(context, 'parked', next, {
          reason: `expired: queued more than ${settings.maxAge} ms ago`,
        });
        continue;
      }
      if (!(await send(next, current.abort.signal))) return;
    }
  };

  // One replay at a time; a call during one runs another after it (coalesced), so whatever
  // was queued before the call has been tried when its promise settles.
  const replay = (): Promise<void> => {
    if (draining) {
      after ??= draining.then(() => {
        after = undefined;
        return replay();
      });
      return after;
    }
    draining = exclusive(`${settings.lock}:replay`, drain)
      .catch(() => {})
      .finally(() => {
        draining = undefined;
      });
    return draining;
  };

  const retryLater = (attempts: number) => later(backoffDelay(attempts - 1, settings.retryDelay));

  return {
    replay,
    retryLater,
    changed,
    appliedElsewhere(write, record) {
      if (write.userId !== context.userId()) {
        state.dispatch({ type: 'removed', id: write.id });
        return;
      }
      state.dispatch({ type: 'applied', applied: { write, record } });
      holdUntilRead(write, changed(write));
    },
    start(onApplied) {
      running = { abort: new AbortController(), onApplied };
    },
    stop() {
      running?.abort.abort();
      running = undefined;
      clearTimeout(timer);
    },
  };
}
