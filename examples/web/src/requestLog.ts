import type { Middleware } from '@bridgekit/core';
import { useSyncExternalStore } from 'react';

/** One request as the demo's log panel shows it. */
export interface LogEntry {
  id: number;
  method: string;
  /** Path and query string, origin removed (the app and the API share one origin), decoded to read. */
  url: string;
  /** The URL exactly as sent. */
  rawUrl: string;
  /** HTTP status; `0` for a failure without a response; `undefined` while in flight. */
  status?: number;
  /** The app gave up on it (a search or page nobody shows any more): not a failure. */
  aborted?: boolean;
  /** A write the offline queue kept on the device (`code: 'QUEUED'`): sent later, not a failure. */
  queued?: boolean;
}

/**
 * The last failed outcome seen by the response interceptor, shown above the log with the
 * request it answered and when; a successful sign-in clears it (`clearLastFailure`).
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
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function update(id: number, patch: Partial<LogEntry>) {
  entries = entries.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry));
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

/** Shape of the bit of a Bridgekit client the log needs (what `useBridgeClient()` returns). */
interface LoggableClient {
  use(middleware: Middleware): () => void;
}

/**
 * Feeds the log from one middleware: it adds an in-flight entry when the request goes out and
 * fills in its status when the answer comes back. A middleware sees both ends of one request,
 * whatever the middlewares after it (the offline queue's `Idempotency-Key`) change.
 */
export function attachRequestLog(client: LoggableClient): () => void {
  return client.use(async (request, next) => {
    const id = nextId++;
    entries = [
      { id, method: request.method, url: relative(request.url), rawUrl: request.url },
      ...entries,
    ].slice(0, MAX_ENTRIES);
    emit();
    const response = await next(request);
    const aborted = response.code === 'ABORTED';
    const queued = response.code === 'QUEUED';
    update(id, { status: response.status, aborted, queued });
    if (!response.success && !aborted && !queued) {
      lastFailure = {
        status: response.status,
        code: response.code,
        error: response.error,
        method: request.method,
        url: relative(request.url),
        at: new Date(),
      };
      emit();
    }
    return response;
  });
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
