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
}

/** The last failed outcome seen by the response interceptor, shown above the log. */
export interface LastFailure {
  status: number;
  code?: string;
  error?: string;
}

const MAX_ENTRIES = 40;
const ID_HEADER = 'X-Request-Id';

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
  addRequestInterceptor(fn: (config: any) => any): () => void;
  addResponseInterceptor(fn: (response: any) => any): () => void;
}

/**
 * Feeds the log from the client's interceptors. The request interceptor records the method
 * and the final URL and tags the request with an id; the response interceptor keeps the last
 * failure. ApiResponse carries no URL, so the status of each request is read by
 * `loggingFetch` through the id tag: with concurrent requests that is the only exact pairing.
 */
export function attachRequestLog(client: InterceptableClient): () => void {
  const removeRequest = client.addRequestInterceptor((config) => {
    const id = nextId++;
    entries = [
      { id, method: config.method, url: relative(config.url), rawUrl: config.url },
      ...entries,
    ].slice(0, MAX_ENTRIES);
    emit();
    return { ...config, headers: { ...config.headers, [ID_HEADER]: String(id) } };
  });
  const removeResponse = client.addResponseInterceptor((response) => {
    if (!response.success) {
      lastFailure = { status: response.status, code: response.code, error: response.error };
      emit();
    }
    return response;
  });
  return () => {
    removeRequest();
    removeResponse();
  };
}

function idOf(input: RequestInfo | URL, init: RequestInit | undefined): number | undefined {
  const headers = new Headers(
    init?.headers ?? (input instanceof Request ? input.headers : undefined),
  );
  const raw = headers.get(ID_HEADER);
  return raw ? Number(raw) : undefined;
}

/** The `fetch` given to the client: records the real status of every tagged request. */
export const loggingFetch: typeof fetch = async (input, init) => {
  const id = idOf(input, init);
  try {
    const response = await fetch(input, init);
    if (id !== undefined) update(id, { status: response.status });
    return response;
  } catch (error) {
    if (id !== undefined) update(id, { status: 0 });
    throw error;
  }
};

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
