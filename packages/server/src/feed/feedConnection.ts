import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { sseFrame } from './sseFrame';

/**
 * Why the server ended a feed, said in its last event: the session ended (sign-out, expiry, a
 * refresh, a password change) or the server is stopping.
 */
export type FeedEndReason = 'session-ended' | 'shutdown';

/** Who a feed is for and what it asked for. */
export interface FeedSubscriber {
  sessionId: string;
  userId: string;
  /** The resources asked for (`resources=`); `undefined`: every one the user may read. */
  resources: ReadonlySet<string> | undefined;
}

/** One open change feed: the stream its answer is, and how to write to and end it. */
export interface FeedConnection extends Readonly<FeedSubscriber> {
  /** The answer's body: `reply.send(stream)`. */
  readonly stream: PassThrough;
  /** Whether it has ended (or was cut off); nothing is written then. */
  readonly closed: boolean;
  /**
   * Writes a frame. A subscriber whose unsent backlog is already over the bound reads too
   * slowly: its connection is closed instead, rather than letting the backlog grow.
   */
  send(frame: string | Buffer): void;
  /** Ends the feed with a last `end` event saying why. */
  end(reason: FeedEndReason): void;
}

/**
 * A change feed on one response. The backlog counted is what neither the stream nor the
 * socket has handed to the operating system yet; past `maxBufferBytes` the next write closes
 * the connection (the client resumes with `Last-Event-ID`). `onClose` runs once, however the
 * feed ends (ended, cut off, or the client went away).
 *
 * @example
 * const feed = openFeedConnection(subscriber, reply.raw, 1 << 20, () => feeds.delete(feed));
 * reply.send(feed.stream);
 */
export function openFeedConnection(
  subscriber: FeedSubscriber,
  response: ServerResponse,
  maxBufferBytes: number,
  onClose: () => void,
): FeedConnection {
  const stream = new PassThrough();
  let closed = false;
  stream.once('close', () => {
    closed = true;
    onClose();
  });
  const backlog = () => stream.writableLength + stream.readableLength + response.writableLength;
  const isClosed = () => closed || stream.destroyed || stream.writableEnded;
  return {
    ...subscriber,
    stream,
    get closed() {
      return isClosed();
    },
    send(frame) {
      if (isClosed()) return;
      if (backlog() > maxBufferBytes) {
        response.destroy();
        stream.destroy();
        return;
      }
      stream.write(frame);
    },
    end(reason) {
      if (isClosed()) return;
      stream.end(sseFrame({ event: 'end', data: { reason } }));
    },
  };
}
