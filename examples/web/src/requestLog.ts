import type { ApiResponse, BridgeEvent, BridgeListener } from '@bridgekit/core';
import { useSyncExternalStore } from 'react';

/** One call as the demo's log panel shows it. */
export interface LogEntry {
  /** The call's id on the client's stream (`callId`), or the queued write's key. */
  id: number | string;
  method: string;
  /** Path and query string, origin removed (the app and the API share one origin), decoded to read. */
  url: string;
  /** The URL exactly as sent. */
  rawUrl: string;
  /** The headers that left, after every middleware (credentials show `[redacted]`). */
  headers: Record<string, string>;
  /** How many attempts went out so far: more than one when the client retried. */
  attempts: number;
  /** Why the client tried again, per retry: a status (`503`) or a code (`'NETWORK_ERROR'`). */
  retries: Array<number | string>;
  /** HTTP status; `0` for a failure without a response; `undefined` while in flight. */
  status?: number;
  /** The app gave up on it (a search or page nobody shows any more): not a failure. */
  aborted?: boolean;
  /** A write the offline queue kept on the device (`code: 'QUEUED'`): sent later, not a failure. */
  queued?: boolean;
}

/**
 * The last failed call, shown above the log with the request it answered and when; a
 * successful sign-in clears it (`clearLastFailure`).
 */
export interface LastFailure {
  status: number;
  code?: string;
  error?: string;
  method: string;
  /** Path and query string, as in the log. */
  url: string;
  at: Date;
}

const MAX_ENTRIES = 40;

let entries: LogEntry[] = [];
let lastFailure: LastFailure | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function add(entry: LogEntry) {
  entries = [entry, ...entries].slice(0, MAX_ENTRIES);
  emit();
}

function update(id: LogEntry['id'], change: (entry: LogEntry) => Partial<LogEntry>) {
  entries = entries.map((entry) => (entry.id === id ? { ...entry, ...change(entry) } : entry));
  emit();
}

function relative(url: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.origin === window.location.origin
      ? decodeURIComponent(parsed.pathname + parsed.search)
      : url;
  } catch {
    return url;
  }
}

/** The call's answer: its status, and the last failure when it is one. */
function settle(entry: LogEntry, response: ApiResponse) {
  const aborted = response.code === 'ABORTED';
  const queued = response.code === 'QUEUED';
  update(entry.id, () => ({ status: response.status, aborted, queued }));
  if (response.success || aborted || queued) return;
  lastFailure = {
    status: response.status,
    code: response.code,
    error: response.error,
    method: entry.method,
    url: entry.url,
    at: new Date(),
  };
  emit();
}

/**
 * Feeds the log from the client's event stream (`client.observe`): each call's request as it
 * left (after every middleware, with the headers that really went out), its attempts and
 * retries, and its answer. A write the offline queue kept before sending it (offline, or behind
 * others) has no request: the queue's `queued` event names it.
 */
const hear: BridgeListener = (event: BridgeEvent) => {
  switch (event.type) {
    case 'request': {
      const shown = { url: relative(event.url), rawUrl: event.url, headers: event.headers };
      // Sent again after a session refresh: the same call, the same entry.
      if (entries.some((entry) => entry.id === event.callId)) update(event.callId, () => shown);
      else add({ id: event.callId, method: event.method, attempts: 0, retries: [], ...shown });
      break;
    }
    case 'attempt':
      update(event.callId, () => ({ attempts: event.attempt }));
      break;
    case 'retry':
      update(event.callId, (entry) => ({ retries: [...entry.retries, event.reason] }));
      break;
    case 'response': {
      // No entry: nothing went out (a write the queue kept, a call refused before it was sent).
      const entry = entries.find(({ id }) => id === event.callId);
      if (entry) settle(entry, event.response);
      break;
    }
    case 'queue':
      if (event.kind === 'queued' && event.attempts === undefined) {
        const url = relative(event.url);
        add({
          id: event.key,
          method: event.method,
          url,
          rawUrl: event.url,
          headers: {},
          attempts: 0,
          retries: [],
          queued: true,
        });
      }
      break;
  }
};

/** What the log listens to: a Bridgekit client (what `useBridgeClient()` returns). */
interface ObservableClient {
  observe(listener: BridgeListener): () => void;
}

/**
 * Starts the log on `client`'s events; returns the function that stops it.
 *
 * @example
 * useLayoutEffect(() => observeRequests(client), [client]);
 */
export function observeRequests(client: ObservableClient): () => void {
  return client.observe(hear);
}

/** Forgets the last failure, e.g. the 401 of a mistyped password once sign-in succeeded. */
export function clearLastFailure(): void {
  if (lastFailure === null) return;
  lastFailure = null;
  emit();
}

export function clearRequestLog(): void {
  entries = [];
  lastFailure = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRequestLog(): { entries: LogEntry[]; lastFailure: LastFailure | null } {
  const list = useSyncExternalStore(subscribe, () => entries);
  const failure = useSyncExternalStore(subscribe, () => lastFailure);
  return { entries: list, lastFailure: failure };
}
