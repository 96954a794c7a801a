/**
 * The client's hook points as one ordered list (core README, "Interceptors and callbacks"):
 * request interceptors in registration order, then `onRequest`; after sending, response
 * interceptors in order, then `onResponse`, then the session-rejected listeners. The order
 * lives in `STAGES` alone; every public form (`add*Interceptor`, the config callbacks,
 * `onSessionRejected`, `onSessionRefresh`) is an entry of this list. Refreshers are asked
 * before any response hook, when a 401 answered a request that carried the session.
 */
import { checkRequestConfig } from './configCheck';
import type { ApiResponse, ClientConfig, RequestConfig } from './types';

const STAGES = ['request', 'onRequest', 'response', 'onResponse', 'rejected', 'refresh'] as const;
type Stage = (typeof STAGES)[number];

interface Entry {
  readonly stage: number;
  readonly fn: (...args: any[]) => unknown;
}

function isApiResponse(value: unknown): value is ApiResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiResponse).status === 'number' &&
    typeof (value as ApiResponse).success === 'boolean'
  );
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/** The hook list of one client. */
export interface ClientHooks {
  /** Adds a hook at the end of its stage; returns a function that removes it. */
  add(stage: Stage, fn: (...args: any[]) => unknown): () => void;
  /** Whether any request-side hook exists (request interceptors or `onRequest`). */
  hasRequestHooks(): boolean;
  /**
   * Whether a response-side hook would run: an interceptor or `onResponse`, or a
   * session-rejected listener when the session was `rejected`.
   */
  hasResponseHooks(rejected: boolean): boolean;
  /** Runs the request side; a throw propagates (the call becomes `CLIENT_ERROR`). */
  runRequest(config: RequestConfig): Promise<RequestConfig>;
  /**
   * Runs the response side. A throwing hook, or an interceptor returning something that is
   * not an `ApiResponse`, is reported to `onError` and skipped.
   */
  runResponse(
    response: ApiResponse,
    request: RequestConfig,
    rejected: boolean,
  ): Promise<ApiResponse>;
  /** Tells `onError`, which is the last line: it can throw nothing back. */
  report(error: unknown): void;
  /** Asks the refreshers in order; `true` once one got a new session (a throw counts as `false`). */
  refresh(): Promise<boolean>;
}

/**
 * Creates the ordered hook list of a client, seeded with the config's callbacks.
 *
 * @example
 * const hooks = createClientHooks(config);
 * const remove = hooks.add('request', (c) => c);
 */
export function createClientHooks(config: ClientConfig): ClientHooks {
  // Replaced on change (never mutated), so a running call iterates a stable list.
  let entries: readonly Entry[] = [];
  const insert = (stage: Stage, fn: Entry['fn']) => {
    const entry: Entry = { stage: STAGES.indexOf(stage), fn };
    const at = entries.findIndex((e) => e.stage > entry.stage);
    entries =
      at === -1 ? [...entries, entry] : [...entries.slice(0, at), entry, ...entries.slice(at)];
    return entry;
  };
  if (config.onRequest !== undefined) insert('onRequest', config.onRequest);
  if (config.onResponse !== undefined) insert('onResponse', config.onResponse);
  const onError = config.onError;
  const report = (error: unknown) => {
    if (onError === undefined) return;
    try {
      const result = onError(asError(error)) as unknown;
      if (result instanceof Promise) result.catch(() => {});
    } catch {
      // onError is the last line: nothing left to tell.
    }
  };
  const has = (from: number, to: number) => entries.some((e) => e.stage >= from && e.stage <= to);

  return {
    add(stage, fn) {
      const entry = insert(stage, fn);
      return () => {
        entries = entries.filter((e) => e !== entry);
      };
    },
    hasRequestHooks: () => has(0, 1),
    hasResponseHooks: (rejected) => has(2, 3) || (rejected && has(4, 4)),
    async runRequest(request) {
      let current = request;
      for (const { stage, fn } of entries) {
        if (stage === 0) {
          const next = await fn(current);
          if (next !== undefined) current = checkRequestConfig(next);
        } else if (stage === 1) {
          await fn(current);
        }
      }
      return current;
    },
    async runResponse(response, request, rejected) {
      let current = response;
      for (const { stage, fn } of entries) {
        if (stage < 2 || stage > 4 || (stage === 4 && !rejected)) continue;
        try {
          if (stage === 2) {
            const next = await fn(current, request);
            if (next === undefined) continue;
            if (isApiResponse(next)) current = next;
            else report(new TypeError('A response interceptor must return an ApiResponse'));
          } else if (stage === 3) {
            await fn(current, request);
          } else {
            fn(current);
          }
        } catch (error) {
          report(error);
        }
      }
      return current;
    },
    report,
    async refresh() {
      for (const { stage, fn } of entries) {
        try {
          if (stage === 5 && (await fn()) === true) return true;
        } catch (error) {
          report(error);
        }
      }
      return false;
    },
  };
}
