import type { ApiResponse, RequestConfig } from '@bridgekit/react';
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

/** Shape of the bits of a Bridgekit client the log needs (what `useBridgeClient()` returns). */
interface InterceptableClient {
  addRequestInterceptor(fn: (config: RequestConfig) => RequestConfig): () => void;
  addResponseInterceptor(
    fn: (response: ApiResponse, request: RequestConfig) => ApiResponse,
  ): () => void;
}

/**
 * Feeds the log from the client's interceptors: the request interceptor adds an in-flight
 * entry, the response interceptor (which receives the request it answers) fills in its status.
 */
export function attachRequestLog(client: InterceptableClient): () => void {
  const ids = new WeakMap<RequestConfig, number>();
  const removeRequest = client.addRequestInterceptor((config) => {
    const id = nextId++;
    ids.set(config, id);
    entries = [
      { id, method: config.method, url: relative(config.url), rawUrl: config.url },
      ...entries,
    ].slice(0, MAX_ENTRIES);
    emit();
    return config;
  });
  const removeResponse = client.addResponseInterceptor((response, request) => {
    const id = ids.get(request);
    const aborted = response.code === 'ABORTED';
    if (id !== undefined) update(id, { status: response.status, aborted });
    if (!response.success && !aborted) {
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
  return () => {
    removeRequest();
    removeResponse();
  };
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
