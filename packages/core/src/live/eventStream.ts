/**
 * Reading one Server-Sent Events body as it streams: bytes -> text -> messages, through
 * `eventsource-parser` (the protocol's line rules are its job). A body that stays silent
 * longer than `idleTimeout` (the server's heartbeat never came) counts as a dead connection.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** How reading a stream ended: its end, silence past the idle time-out, the caller's stop, or a failed read. */
export type StreamEnd = 'ended' | 'silent' | 'stopped' | 'failed';

/** What `readEventStream` needs. */
export interface EventStreamReading {
  /** Called with each message, in order; returning `'stop'` ends the reading there. */
  onMessage(message: EventSourceMessage): 'stop' | undefined;
  /** Longest silence (ms) before the connection counts as dead. */
  idleTimeout: number;
  /** Ends the reading when it aborts. */
  signal: AbortSignal;
}

/**
 * Reads `body` to its end (or until a message asks to stop, the signal aborts, or it falls
 * silent), handing each message over. Cancels the body whenever it stops early, which ends the
 * request. Never rejects.
 *
 * @example
 * const end = await readEventStream(res.data, { onMessage: (m) => void log(m.data), idleTimeout: 45_000, signal });
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  reading: EventStreamReading,
): Promise<StreamEnd> {
  const { onMessage, idleTimeout, signal } = reading;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let end: StreamEnd | undefined;
  const stop = (why: StreamEnd) => {
    end ??= why;
    reader.cancel().catch(() => {});
  };
  const parser = createParser({
    onEvent(message) {
      if (end === undefined && onMessage(message) === 'stop') stop('stopped');
    },
  });
  let idle: ReturnType<typeof setTimeout> | undefined;
  const heard = () => {
    clearTimeout(idle);
    idle = setTimeout(() => stop('silent'), idleTimeout);
  };
  const aborted = () => stop('stopped');
  signal.addEventListener('abort', aborted);
  try {
    if (signal.aborted) stop('stopped');
    heard();
    while (end === undefined) {
      const { done, value } = await reader.read();
      if (done) break;
      heard();
      parser.feed(decoder.decode(value, { stream: true }));
    }
    return end ?? 'ended';
  } catch {
    return end ?? 'failed';
  } finally {
    clearTimeout(idle);
    signal.removeEventListener('abort', aborted);
  }
}
