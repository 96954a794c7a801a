/**
 * A test subscriber of `GET /events`: the stream read with fetch and parsed by
 * `eventsource-parser` (the parser the `eventsource` package runs on), every event and comment
 * kept in order, and waits on a state (an event arrived, the stream ended), never on a clock.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** A change event's data. */
export interface ChangeData {
  resource: string;
  id: string;
  type: 'created' | 'updated' | 'deleted';
  version: string;
  record?: Record<string, unknown> & { id: string };
}

/** One thing read from the stream: an event, or a comment (`: ping`). */
export type Received =
  | { kind: 'event'; message: EventSourceMessage }
  | { kind: 'comment'; text: string };

/** An open (or refused) feed. */
export interface FeedClient {
  status: number;
  headers: Headers;
  /** The body of a refusal (JSON), `undefined` for an open feed. */
  refusal: any;
  received: Received[];
  /** The events, in order. */
  events(): EventSourceMessage[];
  /** The change events' data, in order. */
  changes(): ChangeData[];
  /** Resolves with the first event (from the start) matching, or rejects when the stream ends without it. */
  waitFor(
    match: (message: EventSourceMessage) => boolean,
    what?: string,
  ): Promise<EventSourceMessage>;
  /** Resolves once `count` comments have arrived. */
  waitForComments(count: number): Promise<void>;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  /** Leaves (aborts the request). */
  close(): void;
}

// A bound on every wait, far above any answer's cost: past it the test fails (never a
// timing assertion).
const STUCK_MS = 10_000;

/** What else a test asks of a feed. */
export interface FeedClientOptions {
  /** Appended to `/events`, e.g. `?resources=products`. */
  query?: string;
  headers?: Record<string, string>;
  /** Called as each event is parsed, before anything else reads it. */
  onEvent?: (message: EventSourceMessage) => void;
}

/**
 * Opens `GET <url>/events` with the session in `X-Session-ID`.
 *
 * @example
 * const feed = await openFeed(url, session, { query: '?resources=products' });
 * await feed.waitFor((m) => m.event === 'ready');
 */
export async function openFeed(
  url: string,
  session: string | undefined,
  { query = '', headers = {}, onEvent }: FeedClientOptions = {},
): Promise<FeedClient> {
  const abort = new AbortController();
  const res = await fetch(`${url}/events${query}`, {
    headers: { ...(session ? { 'x-session-id': session } : {}), ...headers },
    signal: abort.signal,
  });
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const changed = () => {
    for (const wake of [...waiters]) wake();
  };
  const parser = createParser({
    onEvent: (message) => {
      onEvent?.(message);
      received.push({ kind: 'event', message });
      changed();
    },
    onComment: (text) => {
      received.push({ kind: 'comment', text });
      changed();
    },
  });
  let done = false;
  let refusal: unknown;
  const ended = (async () => {
    if (res.headers.get('content-type')?.startsWith('application/json')) {
      refusal = await res.json();
      return;
    }
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        parser.feed(decoder.decode(chunk, { stream: true }));
      }
    } catch {
      // aborted by close(), or cut off by the server: the stream has ended either way
    } finally {
      done = true;
      changed();
    }
  })();
  await (res.headers.get('content-type')?.startsWith('application/json') ? ended : undefined);

  const events = () =>
    received.flatMap((r) => (r.kind === 'event' ? [r.message] : ([] as EventSourceMessage[])));
  const until = <T>(found: () => T | undefined, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => settle(true), STUCK_MS);
      function settle(stuck = false) {
        const value = found();
        if (value === undefined && !done && !stuck) return;
        waiters.delete(settle);
        clearTimeout(timer);
        if (value !== undefined) resolve(value);
        else reject(new Error(`feed ${done ? 'ended' : 'stuck'} before ${what}`));
      }
      waiters.add(settle);
      settle();
    });

  return {
    status: res.status,
    headers: res.headers,
    get refusal() {
      return refusal;
    },
    received,
    events,
    changes: () =>
      events()
        .filter((m) => m.event === undefined)
        .map((m) => JSON.parse(m.data) as ChangeData),
    waitFor: (match, what = 'the event waited for') => until(() => events().find(match), what),
    waitForComments: (count) =>
      until(
        () => (received.filter((r) => r.kind === 'comment').length >= count ? true : undefined),
        `${count} comments`,
      ).then(() => undefined),
    ended,
    close: () => abort.abort(),
  };
}
