/**
 * `feathersLive({ socket })`: Feathers' real-time events as the live part of the `feathers()`
 * dialect. A Feathers app sends its services' events (`products created`, `patched`,
 * `updated`, `removed`) to the sockets its channels choose; this source hears them on the app's
 * own socket.io socket, which it signs in with the client's session. Core depends on no socket
 * library: the socket is the app's.
 */
import { mustBe, rejectUnknownKeys } from '../checks';
import type { LiveChange, LiveSource, LiveSourceHost } from '../contract/live';

/** The part of a socket.io client socket (`io(url)` from `socket.io-client` 4) this source uses. */
export interface FeathersSocket {
  readonly connected: boolean;
  on(event: string, listener: (...args: any[]) => void): unknown;
  off(event: string, listener: (...args: any[]) => void): unknown;
  onAny(listener: (event: string, ...args: any[]) => void): unknown;
  offAny(listener: (event: string, ...args: any[]) => void): unknown;
  emit(event: string, ...args: any[]): unknown;
}

/** Options of `feathersLive`. */
export interface FeathersLiveOptions {
  /** The app's socket.io socket to the Feathers server (`io('https://api.example.com')`). */
  socket: FeathersSocket;
  /**
   * Whether this source signs the socket in with the client's session (the JWT strategy) while
   * it follows, and out when it stops, so that the app's channels send it the events of the
   * signed-in user. `false` for a socket the app signs in itself (`app.authenticate()`).
   * @default true
   */
  authenticate?: boolean;
  /** The records' id field. @default 'id' */
  idField?: string;
}

// Feathers' service events and what they are.
const CHANGES: Record<string, LiveChange['type']> = {
  created: 'created',
  updated: 'updated',
  patched: 'updated',
  removed: 'deleted',
};

/** The origin a socket connects to: its manager's URI (the page's origin when it has none). */
function socketOrigin(socket: FeathersSocket): string | undefined {
  const uri = (socket as { io?: { uri?: unknown } }).io?.uri;
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  try {
    return new URL(typeof uri === 'string' && uri !== '' ? uri : String(page)).origin;
  } catch {
    return undefined;
  }
}

/**
 * Feathers' real-time events as a live source: give it to the `feathers()` dialect,
 * `{ ...feathers(), live: feathersLive({ socket }) }`. The socket must go to the client's
 * origin (the session goes nowhere else). Feathers cannot resume: after a break (a reconnect,
 * a pause) the module asks again everything the app shows. Which events reach the socket is
 * the app's channels' choice (`app.publish`): with Feathers' generated channels, those of
 * authenticated connections.
 *
 * @throws TypeError naming an unknown option, or a `socket` that is not a socket.io socket
 * @example
 * import { io } from 'socket.io-client';
 * import { feathers, feathersLive } from '@bridgekit/core/dialects';
 * const socket = io('http://localhost:3030', { transports: ['websocket'] });
 * const api = createClient('http://localhost:3030', {
 *   dialect: { ...feathers(), live: feathersLive({ socket }) },
 * });
 */
export function feathersLive(options: FeathersLiveOptions): LiveSource {
  const { socket, authenticate = true, idField = 'id', ...unknown } = options ?? {};
  rejectUnknownKeys(unknown, [], { where: 'options', factory: 'feathersLive' });
  if (typeof socket?.onAny !== 'function' || typeof socket.emit !== 'function') {
    throw mustBe('feathersLive(): socket', 'a socket.io client socket', socket);
  }
  return {
    name: 'feathers',
    start(host) {
      const origin = socketOrigin(socket);
      const home = new URL(host.client.getBaseUrl()).origin;
      if (authenticate && origin !== home) {
        host.ended(
          new Error(
            `feathersLive: the socket goes to ${origin ?? 'an unknown origin'}, not to ${home}: the session is only sent to the API's origin`,
          ),
        );
        return () => {};
      }
      return follow(host, { socket, authenticate, idField });
    },
  };
}

/** Listens on the socket until stopped; signs it in on every connection. */
function follow(host: LiveSourceHost, options: Required<FeathersLiveOptions>): () => void {
  const { socket, authenticate, idField } = options;
  let stopped = false;

  const onEvent = (name: string, record: unknown) => {
    const at = name.lastIndexOf(' ');
    const type = CHANGES[name.slice(at + 1)];
    if (at < 1 || type === undefined || typeof record !== 'object' || record === null) return;
    const id = (record as Record<string, unknown>)[idField];
    if (id === undefined || id === null) return;
    const change: LiveChange = {
      type,
      resource: name.slice(0, at).replace(/^\/+|\/+$/g, ''),
      id: String(id),
    };
    if (type !== 'deleted') change.record = record as Record<string, unknown>;
    host.change(change);
  };

  const onConnect = async () => {
    if (!authenticate) return host.open();
    const accessToken = await host.client.getSessionId();
    if (stopped) return;
    if (accessToken === null)
      return host.ended(new Error('feathersLive: no session to sign the socket in with'));
    socket.emit(
      'create',
      'authentication',
      { strategy: 'jwt', accessToken },
      {},
      (error: unknown) => {
        if (stopped) return;
        if (error) {
          const message = (error as { message?: unknown }).message;
          host.ended(
            new Error(
              `feathersLive: the socket's sign-in was refused: ${String(message ?? error)}`,
            ),
          );
        } else host.open();
      },
    );
  };

  const onDisconnect = (reason: unknown) =>
    host.closed(new Error(`the socket disconnected (${String(reason)})`));

  socket.onAny(onEvent);
  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  if (socket.connected) void onConnect();
  return () => {
    stopped = true;
    socket.offAny(onEvent);
    socket.off('connect', onConnect);
    socket.off('disconnect', onDisconnect);
    if (authenticate && socket.connected) socket.emit('remove', 'authentication', null, {});
  };
}
