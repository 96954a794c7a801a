/**
 * `changeFeed()`: the reference server's change feed as a live source (docs/guide/server.md,
 * "Change feed"). One `GET /events` through the client (its session, headers and origin guard),
 * read as it streams; a lost connection is opened again after the client's backoff or the
 * server's `Retry-After`, resuming after the last event (`Last-Event-ID`).
 */
import type { EventSourceMessage } from 'eventsource-parser';
import { backoffDelay, isRetryableOutcome, parseRetryAfter } from '../client/retry';
import { wait } from '../client/signal';
import type { LiveChange, LiveSource, LiveSourceHost } from '../contract/live';
import type { ApiResponse } from '../contract/http';
import { checkOptions, delay, string } from '../offline/options';
import { readEventStream } from './eventStream';

/**
 * Options of `changeFeed`.
 *
 * @example
 * const options: ChangeFeedOptions = { path: '/events', idleTimeout: 60_000 };
 */
export interface ChangeFeedOptions {
  /** The feed's path under the client's base URL. @default '/events' */
  path?: string;
  /**
   * The first wait (ms) before opening a lost connection again; it doubles per failed try, with
   * full jitter, up to 10 s (the client's backoff). A 429 or 503 waits its `Retry-After`.
   * @default 1000
   */
  retryDelay?: number;
  /**
   * Longest silence (ms) before a connection counts as dead and is opened again: longer than
   * the server's heartbeat (15 s on the reference server).
   * @default 45000
   */
  idleTimeout?: number;
}

const OPTIONS = { path: string, retryDelay: delay(1), idleTimeout: delay(1) };
const CHANGE_TYPES = new Set(['created', 'updated', 'deleted']);

/** How one connection ended: the module stopped it, the feed gave up, or it was lost. */
type Outcome =
  | { kind: 'stopped' }
  | { kind: 'ended'; error: Error }
  | { kind: 'lost'; error: Error; opened: boolean; retryAfter?: number };

/**
 * The reference server's change feed (Server-Sent Events at `GET /events`), the source of a
 * client with no dialect. One connection serves every tab of a browser (the module shares it);
 * it resumes after the last event it got, and says `reset` when the server could not keep what
 * was missed.
 *
 * @throws TypeError / RangeError naming an unknown or invalid option
 * @example
 * import { changeFeed, live } from '@bridgekit/core/live';
 * <BridgeProvider config={{ baseUrl: '/api', live: live({ source: changeFeed({ idleTimeout: 60_000 }) }) }} />
 */
export function changeFeed(options: ChangeFeedOptions = {}): LiveSource {
  checkOptions('changeFeed', options, OPTIONS);
  const settings = { path: '/events', retryDelay: 1000, idleTimeout: 45_000, ...options };
  return {
    name: 'change feed',
    resumes: true,
    shareable: true,
    start(host) {
      const controller = new AbortController();
      void follow(host, settings, controller.signal);
      return () => controller.abort();
    },
  };
}

type Settings = Required<ChangeFeedOptions>;

// Connects, reads, and after a lost connection waits and connects again, until stopped or ended.
async function follow(host: LiveSourceHost, settings: Settings, signal: AbortSignal) {
  let failures = 0;
  while (!signal.aborted) {
    const outcome = await connectOnce(host, settings, signal);
    if (signal.aborted || outcome.kind === 'stopped') return;
    if (outcome.kind === 'ended') {
      host.ended(outcome.error);
      return;
    }
    host.closed(outcome.error);
    // A connection that opened starts the backoff over.
    failures = outcome.opened ? 0 : failures + 1;
    const pause = outcome.retryAfter ?? backoffDelay(failures, settings.retryDelay);
    if (!(await wait(pause, signal))) return;
  }
}

// One connection: the request, then its events until the stream ends.
async function connectOnce(
  host: LiveSourceHost,
  settings: Settings,
  signal: AbortSignal,
): Promise<Outcome> {
  const resumeAfter = host.lastEventId();
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (resumeAfter !== undefined) headers['Last-Event-ID'] = resumeAfter;
  const { resources } = host;
  const res = await host.client.get<ReadableStream<Uint8Array> | null>(settings.path, {
    params: resources && { resources: resources.join(',') },
    headers,
    responseType: 'stream',
    signal,
  });
  if (!res.success) return refused(res, settings.path);
  const type = res.headers?.get('content-type') ?? '';
  // Duck-typed: a platform's stream class may be another realm's.
  if (typeof res.data?.getReader !== 'function') {
    return ended(
      `the change feed needs a fetch that streams its answers, and this platform's does not (React Native's): give the client one that does (expo/fetch), or follow with live({ source: polling() })`,
    );
  }
  const body = res.data;
  if (!type.startsWith('text/event-stream')) {
    await body.cancel().catch(() => {});
    return ended(`GET ${settings.path} answered ${type || 'no content type'}, not a change feed`);
  }
  let opened = false;
  let last: Outcome | undefined;
  const end = await readEventStream(body, {
    idleTimeout: settings.idleTimeout,
    signal,
    onMessage(message) {
      if (message.event === 'ready') opened = true;
      last = handle(host, message);
      return last ? 'stop' : undefined;
    },
  });
  if (end === 'stopped' && last) return last;
  if (signal.aborted) return { kind: 'stopped' };
  const why =
    end === 'silent' ? `no word from the feed for ${settings.idleTimeout} ms` : 'the feed closed';
  return { kind: 'lost', error: new Error(why), opened };
}

// Hands one message to the host; an `end` says how the connection ends.
function handle(host: LiveSourceHost, message: EventSourceMessage): Outcome | undefined {
  const { event, id, data } = message;
  switch (event) {
    case 'ready':
      host.open(id);
      return undefined;
    case 'reset':
      host.reset(readReason(data) ?? 'unknown', id);
      return undefined;
    case 'end': {
      const reason = readReason(data);
      if (reason === 'shutdown') {
        return { kind: 'lost', error: new Error('the server is stopping'), opened: true };
      }
      return { kind: 'ended', error: new Error(`the server ended the feed (${reason})`) };
    }
    case undefined: {
      const change = readChange(data);
      // Something came that cannot be read: what it changed is unknown, so everything is.
      if (change === undefined) host.reset('unreadable', id);
      else host.change(change, id);
      return undefined;
    }
    default:
      // An event this client does not know (a newer server's) changes nothing it shows.
      return undefined;
  }
}

function parse(data: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(data);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

function readReason(data: string): string | undefined {
  const reason = parse(data)?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** A change event's data as a `LiveChange`; `undefined` when it is not one. */
function readChange(data: string): LiveChange | undefined {
  const value = parse(data);
  if (value === undefined) return undefined;
  const { resource, id, type, version, record } = value;
  if (typeof resource !== 'string' || typeof id !== 'string' || !CHANGE_TYPES.has(type as string)) {
    return undefined;
  }
  const change: LiveChange = { type: type as LiveChange['type'], resource, id };
  if (typeof version === 'string') change.version = version;
  if (typeof record === 'object' && record !== null) change.record = record as LiveChange['record'];
  return change;
}

// A refused request: tried again when a later try may change it (the client's own rule), else
// given up with why (a 401: the session ended; a 403 or 400: the feed cannot be had).
function refused(res: ApiResponse, path: string): Outcome {
  if (res.code === 'ABORTED') return { kind: 'stopped' };
  const { status } = res;
  const why = `GET ${path}: ${res.error}`;
  if (isRetryableOutcome(res)) {
    const asked = status === 429 || status === 503;
    const retryAfter = asked ? parseRetryAfter(res.headers?.get('retry-after') ?? null) : undefined;
    return { kind: 'lost', error: new Error(why), opened: false, retryAfter };
  }
  if (status === 404) {
    return ended(
      `${why}. This backend has no change feed at ${path}: give the client's dialect a live part, or follow with live({ source: polling() })`,
    );
  }
  return ended(why);
}

function ended(message: string): Outcome {
  return { kind: 'ended', error: new Error(message) };
}
