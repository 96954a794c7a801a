/**
 * A client's event stream (docs/guide/requests.md, "Watching requests"): the listeners of
 * `client.observe`, the one way events reach them, and `reportEvent`, through which a module
 * (the auth service, the offline queue, the React binding's cache) reports on the stream of the
 * client it works with. Nothing here runs while nobody listens.
 */
import type { BridgeEvent, BridgeListener, ModuleEvent } from '../contract/events';

/**
 * The listeners of one client. `listeners` is replaced, never changed, when one is added or
 * removed: an event goes to the listeners there are when it is reported.
 */
export interface EventStream {
  listeners: readonly BridgeListener[];
  /** The client's `onError`: a throwing listener's error goes there. */
  readonly report: (error: unknown) => void;
}

/**
 * The stream of each client (set by its constructor), for `reportEvent`: modules hold the
 * client, not its stream.
 */
export const clientStreams = new WeakMap<object, EventStream>();

/**
 * Adds a listener. @returns a function that removes it (once)
 *
 * @example
 * const stop = listen(stream, (event) => log(event));
 */
export function listen(stream: EventStream, listener: BridgeListener): () => void {
  // A wrapper of its own: the same function added twice is two listeners, removed one by one.
  const entry: BridgeListener = (event) => listener(event);
  stream.listeners = [...stream.listeners, entry];
  return () => {
    stream.listeners = stream.listeners.filter((each) => each !== entry);
  };
}

/**
 * Hands `event` to every listener of `stream`. A listener that throws breaks neither the call nor
 * the other listeners: its error goes to the client's `onError`.
 *
 * @example
 * if (stream.listeners.length > 0) dispatch(stream, event);
 */
export function dispatch(stream: EventStream, event: BridgeEvent): void {
  for (const listener of stream.listeners) {
    try {
      listener(event);
    } catch (error) {
      stream.report(error);
    }
  }
}

/** A module's event as the module gives it: `reportEvent` adds the `time`. */
export type ModuleEventInput = ModuleEvent extends infer E
  ? E extends ModuleEvent
    ? Omit<E, 'time'>
    : never
  : never;

/**
 * Whether anyone listens to `client`'s events: a module checks before it builds an event.
 *
 * @example
 * if (isObserved(client)) reportEvent(client, { type: 'auth', kind: 'signedOut' });
 */
export function isObserved(client: object): boolean {
  return (clientStreams.get(client)?.listeners.length ?? 0) > 0;
}

/**
 * Reports a module's event on `client`'s stream (`client.observe`), with the time now. For
 * modules: the auth service and lifecycle, the offline queue, the React binding's cache. Does
 * nothing while nobody listens, or for an object that is no `Client`. Never put a credential (a
 * session id, a token, a password) in an event.
 *
 * @example
 * import { isObserved, reportEvent } from '@bridgekit/core';
 * if (isObserved(client)) {
 *   reportEvent(client, { type: 'queue', kind: 'queued', key, method: 'POST', url });
 * }
 */
export function reportEvent(client: object, event: ModuleEventInput): void {
  const stream = clientStreams.get(client);
  if (stream === undefined || stream.listeners.length === 0) return;
  dispatch(stream, { ...event, time: Date.now() } as ModuleEvent);
}
