/**
 * Cross-tab sync, an opt-in module of the auth lifecycle (docs/guide/auth.md, "Cross-tab sync"):
 * tabs of one origin that talk to one API tell each other when they sign in, sign out or rotate the
 * session, and take turns to spend the refresh token. A lifecycle without it (the default) has none
 * of this code, opens no channel and adds no listener.
 */
import { rejectUnknownKeys } from '../checks';
import type { AuthService } from '../services/authService';
import type { AuthState } from '../contract/auth';

/** What tabs tell each other. The refresh token travels only between tabs of one origin. */
export type CrossTabMessage =
  | { kind: 'in'; sessionId?: string; refreshToken?: string; expiresAt?: string }
  | { kind: 'out'; expired?: boolean }
  | { kind: 'refreshed'; sessionId: string; refreshToken?: string; expiresAt?: string };

/**
 * What the lifecycle lends the sync: its auth service and its refresh token, read and adopted
 * without storing.
 *
 * @example
 * const own: CrossTabModule = (host: CrossTabHost) => (host.auth.subscribe(report), null);
 */
export interface CrossTabHost {
  auth: AuthService;
  /** The refresh token this tab holds, and when its session ends. */
  current(): { refreshToken: string | null; expiresAt?: string };
  /** Takes a refresh token another tab received (memory and the planned refresh only). */
  adopt(refreshToken: string | null, expiresAt?: string): void;
}

/**
 * The module the lifecycle's `crossTab` option takes: called once per lifecycle with what the
 * lifecycle lends it; `null` where the runtime has no tabs.
 *
 * @example
 * const crossTab: CrossTabModule = crossTabSync();
 */
export type CrossTabModule = (host: CrossTabHost) => CrossTabSync | null;

/**
 * The sync of one lifecycle, as the lifecycle uses it: refreshes take turns under `exclusive`
 * and are announced with `refreshed`; `close()` comes with the lifecycle's `dispose()`.
 *
 * @example
 * const sync: CrossTabSync | null = crossTabSync()(host);
 * await sync?.exclusive(() => spendRefreshToken());
 */
export interface CrossTabSync {
  /** Bumped whenever another tab replaced this tab's session (a sign-in or a refresh). */
  readonly rotations: number;
  /** Runs `task` while no other tab of the origin runs one under the same name. */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** Resolves `true` once `rotations` moved past `seen`, `false` after `ms` without. */
  rotatedSince(seen: number, ms: number): Promise<boolean>;
  /** Tells the other tabs about a refresh this tab made. */
  refreshed(sessionId: string): void;
  close(): void;
}

interface Transport {
  post(message: CrossTabMessage): void;
  close(): void;
}

interface LockManager {
  request<T>(name: string, task: () => Promise<T>): Promise<T>;
}

/**
 * Whether this runtime has tabs to keep in step: a browser window with `BroadcastChannel` or
 * the `storage` event. Not Node or React Native, where "tabs" of one process are unrelated
 * requests or apps (a server must never pass one user's sign-in to another's render).
 */
export function hasTabs(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof document !== 'undefined' &&
    (typeof BroadcastChannel === 'function' || typeof window.addEventListener === 'function')
  );
}

function isMessage(value: unknown): value is CrossTabMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, sessionId } = value as Record<string, unknown>;
  if (kind === 'out') return true;
  if (kind === 'in') return sessionId === undefined || typeof sessionId === 'string';
  return kind === 'refreshed' && typeof sessionId === 'string' && sessionId !== '';
}

function openTransport(name: string, receive: (message: unknown) => void): Transport | null {
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(name);
    channel.onmessage = (event) => receive(event.data);
    // Node's channel keeps the process alive; tabs do not need that.
    (channel as { unref?: () => void }).unref?.();
    return { post: (message) => channel.postMessage(message), close: () => channel.close() };
  }
  const storage = typeof window !== 'undefined' ? window.localStorage : undefined;
  if (!storage || typeof window.addEventListener !== 'function') return null;
  const listener = (event: StorageEvent) => {
    if (event.key !== name || !event.newValue) return;
    try {
      receive(JSON.parse(event.newValue).message);
    } catch {}
  };
  window.addEventListener('storage', listener);
  return {
    post(message) {
      try {
        // Other tabs get a `storage` event for the write; removed at once so no copy of the
        // refresh token lingers, and the nonce makes equal messages distinct writes.
        storage.setItem(name, JSON.stringify({ message, nonce: Math.random() }));
        storage.removeItem(name);
      } catch {}
    },
    close: () => window.removeEventListener('storage', listener),
  };
}

// Without the Web Locks API, lifecycles of one JavaScript realm (two clients in a test, two
// instances in one page) still take turns.
const queues = new Map<string, Promise<unknown>>();

function exclusive<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (typeof locks?.request === 'function') return locks.request(name, task);
  const run = (queues.get(name) ?? Promise.resolve()).then(task, task);
  const tail = run.catch(() => {});
  queues.set(name, tail);
  void tail.then(() => {
    if (queues.get(name) === tail) queues.delete(name);
  });
  return run;
}

/**
 * Cross-tab sync as a module for the auth lifecycle: pass it as its `crossTab` option. In a
 * browser window each lifecycle then keeps the tabs of its origin in step: a sign-in, sign-out
 * or refresh in one tab reaches the others within a second (`BroadcastChannel`, else the
 * `storage` event), and one tab at a time spends the shared refresh token (Web Locks where
 * available). Elsewhere (server rendering, Node, React Native) it does nothing: a server must
 * never pass one user's sign-in to another's render.
 *
 * @example
 * import { authLifecycle, crossTabSync } from '@bridgekit/core/auth';
 * <BridgeProvider config={{ baseUrl: '/api', lifecycle: authLifecycle({ crossTab: crossTabSync() }) }} />
 * @param options none yet: any key is a `TypeError` naming it
 */
export function crossTabSync(options: Readonly<Record<string, never>> = {}): CrossTabModule {
  rejectUnknownKeys(options, [], {
    where: 'options',
    factory: 'crossTabSync',
    see: 'it takes none',
  });
  return (host) => (hasTabs() ? createCrossTabSync(host) : null);
}

/**
 * Starts the sync of one lifecycle: its auth state transitions (signed in, another user,
 * signed out) are posted to the other tabs of the origin on a channel named after the API's
 * base URL, and theirs are applied here through public seams: `'out'` clears the session and
 * lets `validateSession` sign out locally (no server call); `'in'` sets the session and reads
 * the user; `'refreshed'` takes the rotated session and refresh token, so this tab does not
 * spend the old one (a reuse would end the sign-in everywhere). Changes that came from a
 * message are never posted back. `null` where the runtime has no channel.
 *
 * @example
 * const sync = createCrossTabSync(host);
 * await sync?.exclusive(() => spendRefreshToken());
 */
export function createCrossTabSync(host: CrossTabHost): CrossTabSync | null {
  const { auth } = host;
  const { client } = auth;
  const name = `bridgekit:auth:${client.getBaseUrl()}`;
  let rotations = 0;
  let applying = 0;
  let ready = false;
  const waiters = new Set<(rotated: boolean) => void>();

  const rotated = () => {
    rotations++;
    for (const wake of [...waiters]) wake(true);
  };

  const apply = async (message: CrossTabMessage) => {
    applying++;
    try {
      if (message.kind === 'out') {
        host.adopt(null);
        // A plain sign-out needs no request: without a session, validation signs out locally.
        // An expiry is the server's to confirm: asked with the session, it says invalid, so
        // this tab also reports `sessionExpired` (and its `onSessionExpired` runs).
        if (!message.expired) client.clearSession();
        await auth.validateSession();
        return;
      }
      if (message.sessionId) client.setSessionId(message.sessionId);
      if (message.refreshToken) host.adopt(message.refreshToken, message.expiresAt);
      if (message.sessionId) rotated();
      if (message.kind === 'in') await auth.fetchUser();
    } catch {
      // A failed apply leaves this tab as it was; its next request finds out the truth.
    } finally {
      applying--;
    }
  };

  const transport = openTransport(name, (data) => {
    if (isMessage(data)) void apply(data);
  });
  if (!transport) return null;

  const post = (message: CrossTabMessage) => {
    try {
      transport.post(message);
    } catch {}
  };
  const postSignIn = async () => {
    const { refreshToken, expiresAt } = host.current();
    const sessionId = (await client.getSessionId().catch(() => null)) ?? undefined;
    post({
      kind: 'in',
      ...(sessionId && { sessionId }),
      ...(refreshToken && { refreshToken }),
      ...(expiresAt && { expiresAt }),
    });
  };

  let previous: AuthState = auth.getState();
  const stop = auth.subscribe((state) => {
    const before = previous;
    previous = state;
    // The start-up restore is this tab catching up, not news; echoes are not news either.
    if (!ready || applying > 0) return;
    if (state.isAuthenticated && (!before.isAuthenticated || before.user?.id !== state.user?.id)) {
      void postSignIn();
    } else if (before.isAuthenticated && !state.isAuthenticated) {
      post({ kind: 'out', ...(state.sessionExpired && { expired: true }) });
    }
  });
  void auth.ready.then(() => {
    ready = true;
    previous = auth.getState();
  });

  return {
    get rotations() {
      return rotations;
    },
    exclusive: (task) => exclusive(name, task),
    rotatedSince(seen, ms) {
      if (rotations !== seen) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = (value: boolean) => {
          waiters.delete(done);
          clearTimeout(timer);
          resolve(value);
        };
        const timer = setTimeout(() => done(rotations !== seen), ms);
        (timer as { unref?: () => void }).unref?.();
        waiters.add(done);
      });
    },
    refreshed(sessionId) {
      const { refreshToken, expiresAt } = host.current();
      post({
        kind: 'refreshed',
        sessionId,
        ...(refreshToken && { refreshToken }),
        ...(expiresAt && { expiresAt }),
      });
    },
    close() {
      stop();
      transport.close();
      for (const wake of [...waiters]) wake(false);
    },
  };
}
