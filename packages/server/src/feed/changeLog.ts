import { randomBytes } from 'node:crypto';
import type { RecordChange } from '../dataStore';
import { toPublicRow } from '../toPublicRow';
import { sseFrame } from './sseFrame';

/** How many recent events the log keeps for `Last-Event-ID` resume, and for how long. */
export interface ChangeLogLimits {
  /** Events kept, newest first. */
  replayEvents: number;
  /** How long an event is kept, in ms. */
  replayMs: number;
  /** Bytes of events kept, all together. */
  replayBytes: number;
}

/** One published change: its place in the log and its frame, written as is to subscribers. */
export interface LoggedEvent {
  seq: number;
  /** The entity it is about. */
  resource: string;
  /** Epoch milliseconds it was published. */
  at: number;
  /** The whole SSE event (`id:` and `data:`), one buffer shared by every subscriber. */
  frame: Buffer;
}

/** Where a subscriber that sent `Last-Event-ID` picks up. */
export type Resume =
  /** Every event since that id is still kept: these, oldest first. */
  | { kind: 'replay'; events: LoggedEvent[] }
  /**
   * Some events since are no longer kept (`expired`), or the id is not one of this server's
   * run (`unknown`: another process, a restart, a made-up id).
   */
  | { kind: 'reset'; reason: 'expired' | 'unknown' };

/** The recent events of the change feed, for resume. */
export interface ChangeLog {
  /** The id of the newest event (`<run>.0` before the first). */
  lastId(): string;
  /** Logs a committed change as the next event; the oldest leave past the limits. */
  append(change: RecordChange): LoggedEvent;
  /** What follows the event `lastEventId`: the events to replay, or a reset. */
  since(lastEventId: string): Resume;
}

/**
 * The data of a change event: `{ resource, id, type, version, record? }`, `record` being the
 * row as clients see it (absent for a deletion).
 *
 * @example
 * changeData({ entity: 'products', id: '1', type: 'deleted', version: '"7-abc"' });
 */
export function changeData(change: RecordChange): Record<string, unknown> {
  const { entity, id, type, version, row } = change;
  return { resource: entity, id, type, version, ...(row ? { record: toPublicRow(row) } : {}) };
}

/**
 * The change feed's log. Event ids are `<run>.<n>`: `run` is random per log (per server
 * process), `n` counts from 1, so ids grow by one per event and an id from another run is
 * never taken for one of this run. Events leave from the front past `replayEvents`,
 * `replayMs` or `replayBytes`.
 *
 * @example
 * const log = createChangeLog({ replayEvents: 1000, replayMs: 300_000, replayBytes: 16 << 20 });
 * const event = log.append(change);
 * log.since(lastEventId); // { kind: 'replay', events: [...] } or { kind: 'reset', reason }
 */
export function createChangeLog(limits: ChangeLogLimits, now: () => number = Date.now): ChangeLog {
  const run = randomBytes(6).toString('base64url');
  let events: LoggedEvent[] = [];
  // The oldest kept event is events[start]: leaving from the front is a counter, not a copy.
  let start = 0;
  let bytes = 0;
  let seq = 0;

  const idOf = (n: number) => `${run}.${n}`;

  function trim(): void {
    const oldest = now() - limits.replayMs;
    while (start < events.length) {
      const first = events[start] as LoggedEvent;
      const over = events.length - start > limits.replayEvents || bytes > limits.replayBytes;
      if (!over && first.at > oldest) break;
      bytes -= first.frame.length;
      start++;
    }
    if (start > 1024 && start * 2 > events.length) {
      events = events.slice(start);
      start = 0;
    }
  }

  return {
    lastId: () => idOf(seq),
    append(change) {
      seq++;
      const frame = Buffer.from(sseFrame({ id: idOf(seq), data: changeData(change) }));
      const event = { seq, resource: change.entity, at: now(), frame };
      events.push(event);
      bytes += frame.length;
      trim();
      return event;
    },
    since(lastEventId) {
      const match = /^([\w-]+)\.(\d{1,15})$/.exec(lastEventId);
      const n = match ? Number(match[2]) : Number.NaN;
      if (!match || match[1] !== run || n > seq) return { kind: 'reset', reason: 'unknown' };
      trim();
      const oldest = events[start]?.seq ?? seq + 1;
      if (n < oldest - 1) return { kind: 'reset', reason: 'expired' };
      return { kind: 'replay', events: events.slice(start + (n + 1 - oldest)) };
    },
  };
}
