/**
 * The recorder: it listens to the clients of a provider's instances while the devtools are
 * mounted, redacts every event (`redact`) and keeps what the panel shows (`recorderState`).
 * Listeners hear of changes once per task, however many events came.
 */
import type { ApiResponse, BridgeEvent, Client } from '@bridgekit/core';
import { createRedactor, type Redactor } from './redact';
import { EMPTY_STATE, reduce, type RecorderAction, type RecorderState } from './recorderState';

/**
 * A provider instance as the recorder sees it.
 *
 * @example
 * const instance: ObservedInstance = { id: 'default', client };
 */
export interface ObservedInstance {
  readonly id: string;
  readonly client: Client;
}

/**
 * Records the events of clients for the panel.
 *
 * @example
 * const recorder = createRecorder();
 * const stop = recorder.observe([{ id: 'default', client }]);
 * recorder.subscribe(() => console.log(recorder.getState().calls.length));
 */
export interface Recorder {
  getState(): RecorderState;
  /** Calls `listener` after changes (at most once per task); returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /**
   * Listens to the clients of `instances` (a client shared by two instances once, under the
   * first id) until the returned function is called.
   */
  observe(instances: readonly ObservedInstance[]): () => void;
  /** Forgets everything recorded so far. */
  clear(): void;
  /** The redaction of `client`'s events, for exports made from them. */
  redactorOf(client: Client): Redactor;
}

/**
 * Options of `createRecorder`.
 *
 * @example
 * const options: RecorderOptions = { limit: 100 };
 */
export interface RecorderOptions {
  /**
   * How many calls, and how many events of each module, are kept (the newest).
   * @default 300
   */
  limit?: number;
}

/**
 * A recorder with nothing recorded and nothing observed.
 *
 * @example
 * const recorder = createRecorder({ limit: 100 });
 */
export function createRecorder(options: RecorderOptions = {}): Recorder {
  const limit = options.limit ?? 300;
  let state = EMPTY_STATE;
  const listeners = new Set<() => void>();
  const redactors = new WeakMap<Client, Redactor>();
  let notifying = false;

  const notify = () => {
    if (notifying) return;
    notifying = true;
    queueMicrotask(() => {
      notifying = false;
      for (const listener of [...listeners]) listener();
    });
  };
  const dispatch = (action: RecorderAction) => {
    state = reduce(state, action, limit);
    notify();
  };

  const redactorOf = (client: Client) => {
    let redactor = redactors.get(client);
    if (!redactor) {
      const { sessionHeader = 'X-Session-ID', headers = {} } = client.getConfig();
      // The client's default headers go to its origin only, like the session: an API key.
      redactor = createRedactor([sessionHeader, ...Object.keys(headers)]);
      redactors.set(client, redactor);
    }
    return redactor;
  };

  const rememberSession = (client: Client, redactor: Redactor) => {
    client.getSessionId().then(redactor.remember, () => {});
  };

  const record = (instance: string, client: Client, event: BridgeEvent) => {
    const redactor = redactorOf(client);
    if (event.type === 'auth') rememberSession(client, redactor);
    dispatch({ type: 'event', instance, event: redactEvent(event, redactor) });
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    observe(instances) {
      const seen = new Set<Client>();
      const stops: Array<() => void> = [];
      for (const { id, client } of instances) {
        if (seen.has(client)) continue;
        seen.add(client);
        rememberSession(client, redactorOf(client));
        stops.push(client.observe((event) => record(id, client, event)));
      }
      return () => {
        for (const stop of stops) stop();
      };
    },
    clear: () => dispatch({ type: 'clear' }),
    redactorOf,
  };
}

/** `event` with every credential redacted, again (see `redact`). */
export function redactEvent(event: BridgeEvent, redact: Redactor): BridgeEvent {
  switch (event.type) {
    case 'request': {
      const { body } = event;
      const value = body?.secret ? undefined : redact.value(body?.value);
      return {
        ...event,
        url: redact.url(event.url),
        headers: redact.headers(event.headers),
        ...(body && { body: { ...body, value } }),
        ...(event.query !== undefined && { query: redact.url(event.query) }),
      };
    }
    case 'redirect':
      return { ...event, from: redact.url(event.from), to: redact.url(event.to) };
    case 'response':
      return { ...event, response: redactResponse(event.response, redact) };
    case 'auth':
      return event.user ? { ...event, user: redact.value(event.user) } : event;
    case 'queue':
      return {
        ...event,
        url: redact.url(event.url),
        ...(event.reason !== undefined && { reason: redact.text(event.reason) }),
      };
    case 'cache':
      return { ...event, key: redact.text(event.key) };
    default:
      return event;
  }
}

/** The response with its headers as a plain object and every credential redacted. */
function redactResponse(response: ApiResponse, redact: Redactor): ApiResponse {
  const { headers, ...rest } = response;
  const plain: Record<string, string> = {};
  headers?.forEach((value, name) => {
    plain[name] = value;
  });
  return { ...redact.value(rest), headers: new Headers(redact.headers(plain)) } as ApiResponse;
}
