import type { ServerResponse } from 'node:http';
import type { PassThrough } from 'node:stream';
import type { DataStore, RecordChange } from '../dataStore';
import { mayAccess } from '../ServerContext';
import type { SessionStore } from '../sessionStore';
import { type ChangeLogLimits, createChangeLog, type LoggedEvent } from './changeLog';
import { type FeedConnection, type FeedSubscriber, openFeedConnection } from './feedConnection';
import { HEARTBEAT, sseFrame } from './sseFrame';

/** The change feed's limits, every default filled in (`ServerOptions.changeFeed`). */
export interface ChangeFeedSettings extends ChangeLogLimits {
  /** Interval of the heartbeat comment, in ms. */
  heartbeatMs: number;
  /** Feeds one user may hold open at once. */
  maxFeedsPerUser: number;
  /** Unsent bytes one feed may hold before it is closed. */
  maxBufferBytes: number;
}

/** The change feed: who listens, and what each may hear. */
export interface ChangeFeed {
  /** Interval of the heartbeat, in ms (also what a refused feed is told to wait). */
  readonly heartbeatMs: number;
  /** Whether the user may open one more feed. */
  hasRoom(userId: string): boolean;
  /**
   * Opens a feed for a subscriber on `response` and returns the stream to answer with. Its
   * first events: with `lastEventId`, the missed events it may read (or one `reset`), then
   * `ready`.
   */
  open(subscriber: FeedSubscriber, response: ServerResponse, lastEventId?: string): PassThrough;
  /** Sends committed changes, each as one event, to every feed that may read it. */
  publish(changes: readonly RecordChange[]): void;
  /** Ends every feed (`end` event, reason `shutdown`); feeds opened later end at once. */
  closeAll(): void;
}

/**
 * The change feed of one server. A feed hears of a change when its session is still valid,
 * it asked for that resource (or for all), and its user may read the resource now (the
 * routes' rule, `mayAccess`); a feed whose session ended is ended. One heartbeat timer serves
 * every feed, and runs only while one is open.
 *
 * @example
 * const feed = createChangeFeed(settings, store, sessions);
 * store.onCommit((changes) => feed.publish(changes));
 */
export function createChangeFeed(
  settings: ChangeFeedSettings,
  store: DataStore,
  sessions: SessionStore,
): ChangeFeed {
  const log = createChangeLog(settings);
  const bySession = new Map<string, Set<FeedConnection>>();
  const perUser = new Map<string, number>();
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let closing = false;

  const each = (visit: (feed: FeedConnection) => void) => {
    for (const feeds of [...bySession.values()]) for (const feed of [...feeds]) visit(feed);
  };

  // The feed's user as it is now, or `undefined` (and the feed ended) once its session is gone.
  function reader(feed: FeedConnection) {
    const session = sessions.get(feed.sessionId);
    if (!session) {
      feed.end('session-ended');
      return undefined;
    }
    return { user: store.entity('users')?.rows.get(session.userId) };
  }

  function mayRead(feed: FeedConnection, resource: string): boolean {
    if (feed.resources && !feed.resources.has(resource)) return false;
    const current = reader(feed);
    const entity = store.entity(resource);
    return current !== undefined && entity !== undefined && mayAccess(entity, current.user, 'read');
  }

  function add(feed: FeedConnection): void {
    const feeds = bySession.get(feed.sessionId) ?? new Set();
    feeds.add(feed);
    bySession.set(feed.sessionId, feeds);
    perUser.set(feed.userId, (perUser.get(feed.userId) ?? 0) + 1);
    // A timer cannot wait longer than 2^31 - 1 ms (Node would fire it at once).
    heartbeat ??= setInterval(beat, Math.min(settings.heartbeatMs, 2 ** 31 - 1));
  }

  function remove(feed: FeedConnection): void {
    const feeds = bySession.get(feed.sessionId);
    if (!feeds?.delete(feed)) return;
    if (feeds.size === 0) bySession.delete(feed.sessionId);
    const held = (perUser.get(feed.userId) ?? 1) - 1;
    if (held > 0) perUser.set(feed.userId, held);
    else perUser.delete(feed.userId);
    if (bySession.size === 0) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  function beat(): void {
    each((feed) => {
      if (reader(feed)) feed.send(HEARTBEAT);
    });
  }

  // The missed events this feed may read, or a reset: also when they are more than its buffer
  // may hold (a client that missed that much refetches).
  function resume(feed: FeedConnection, lastEventId: string): Array<string | Buffer> {
    const found = log.since(lastEventId);
    let reason: string | undefined = found.kind === 'reset' ? found.reason : undefined;
    let events: LoggedEvent[] = [];
    if (found.kind === 'replay') {
      events = found.events.filter((event) => mayRead(feed, event.resource));
      const bytes = events.reduce((sum, event) => sum + event.frame.length, 0);
      if (bytes > settings.maxBufferBytes) reason = 'too-many';
    }
    if (reason === undefined) return events.map((event) => event.frame);
    return [sseFrame({ event: 'reset', id: log.lastId(), data: { reason } })];
  }

  function readable(feed: FeedConnection): string[] {
    const names = feed.resources ? [...feed.resources] : store.names();
    return names.filter((name) => mayRead(feed, name));
  }

  sessions.onEnd((sessionId) => {
    for (const feed of [...(bySession.get(sessionId) ?? [])]) feed.end('session-ended');
  });

  return {
    heartbeatMs: settings.heartbeatMs,
    hasRoom: (userId) => (perUser.get(userId) ?? 0) < settings.maxFeedsPerUser,
    open(subscriber, response, lastEventId) {
      const feed: FeedConnection = openFeedConnection(
        subscriber,
        response,
        settings.maxBufferBytes,
        () => remove(feed),
      );
      if (closing) {
        feed.end('shutdown');
        return feed.stream;
      }
      add(feed);
      const first = lastEventId === undefined ? [] : resume(feed, lastEventId);
      for (const frame of first) feed.send(frame);
      feed.send(
        sseFrame({ event: 'ready', id: log.lastId(), data: { resources: readable(feed) } }),
      );
      return feed.stream;
    },
    publish(changes) {
      for (const change of changes) {
        const event = log.append(change);
        each((feed) => {
          if (mayRead(feed, event.resource)) feed.send(event.frame);
        });
      }
    },
    closeAll() {
      closing = true;
      each((feed) => feed.end('shutdown'));
      clearInterval(heartbeat);
      heartbeat = undefined;
    },
  };
}
