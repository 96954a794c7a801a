/**
 * Refresh tokens and replay, a part of the auth lifecycle (docs/guide/auth.md, "Refresh tokens"):
 * the refresh token of every sign-in is stored; a refresh is planned before the session ends; a 401
 * to a request that carried the session refreshes once (shared by concurrent requests) and replays
 * the request; a logout revokes the token. Tabs that share the token take turns to spend it when
 * cross-tab sync is on.
 */
import { MAX_TIMER_MS } from '../checks';
import { isObserved, reportEvent } from '../client/events';
import type { StorageAdapter } from '../contract/http';
import { readSession } from '../services/authResponse';
import { sessionRefresh } from '../session/sessionRefresh';
import { flowBody } from './accountFlows';
import type { CrossTabSync } from './crossTabSync';
import { type LifecycleContext, signInAction } from './lifecycleState';

/** A refresh is planned this long before the session ends (halfway through a shorter one). */
const REFRESH_AHEAD_MS = 30_000;
/** How long a tab that waited for its turn gives another tab's rotation to arrive. */
const ROTATION_WAIT_MS = 1000;

/** Where the refresh token is kept, and who hears of a refresh. */
export interface RefreshTokenOptions {
  /** Storage key of the refresh token. */
  key: string;
  storage: StorageAdapter | undefined;
  /** The app's `onSessionRefreshed`. */
  onRefreshed: (() => void) | undefined;
  /** Cross-tab sync, when the app turned it on and the runtime has tabs. */
  sync: CrossTabSync | null;
}

/** The refresh-token part of a lifecycle, as the lifecycle uses it. */
export interface RefreshTokens {
  /** Trades the refresh token for a new session; concurrent calls share one request. */
  refreshSession(): Promise<boolean>;
  /** Calls `listener` after each refresh; returns its remover. */
  onRefreshed(listener: () => void): () => void;
  /** What the logout sends: the refresh token, so the server revokes it. */
  logoutBody(): Promise<{ refreshToken: string } | undefined>;
  /** Removes the middleware and the planned refresh. */
  dispose(): void;
}

/**
 * Starts the refresh-token part of a lifecycle: it stores the token of each `signedIn` action,
 * drops it on `sessionEnded`, plans a refresh whenever the session's end changes, and adds the
 * refresh-and-replay middleware to the client.
 *
 * @example
 * const tokens = createRefreshTokens(context, { key, storage, onRefreshed, sync: null });
 * await tokens.refreshSession();
 */
export function createRefreshTokens(
  context: LifecycleContext,
  { key, storage, onRefreshed, sync }: RefreshTokenOptions,
): RefreshTokens {
  const { client, paths, cookie, store } = context;
  const listeners = new Set<() => void>();
  let planned: ReturnType<typeof setTimeout> | undefined;
  let refreshing: Promise<boolean> | null = null;
  // The last write of the token: the next tab in line reads it from storage, so it waits for it.
  let written: Promise<unknown> = Promise.resolve();

  // The stored token first: after a reload, or another tab's rotation, memory may be behind.
  const storedToken = async () =>
    cookie ? null : (await storage?.getItem(key).catch(() => null)) || store.state.refreshToken;

  // Spends the refresh token. Under `sync.exclusive` when tabs share it: a tab that waited while
  // another rotated it takes the rotated session instead of spending the token again.
  const spend = async (seen: number): Promise<boolean> => {
    if (sync && sync.rotations !== seen) return true;
    const current = await storedToken();
    if (!cookie && !current) return false;
    const held = store.state.refreshToken;
    if (sync && held && current !== held && (await sync.rotatedSince(seen, ROTATION_WAIT_MS))) {
      return true;
    }
    const body = flowBody(client, 'refresh', { refreshToken: current });
    if (body === null) return false;
    // Cookie mode posts no token: the refresh cookie carries it. Secret: the token reaches the
    // base origin only, whatever a middleware or a redirect does.
    const response = await client.post(paths.refresh, cookie ? undefined : body, {
      includeSession: false,
      headers: context.signInHeaders,
      secret: true,
    });
    const session = response.success ? readSession(response.data) : undefined;
    if (response.success && (cookie || session !== undefined)) {
      // A sign-in answer: its refresh token replaces the spent one.
      const action = signInAction(response.data, cookie);
      if (action) store.dispatch(action);
      if (session !== undefined) {
        client.setSessionId(session);
        await written;
        sync?.refreshed(session);
      }
      if (isObserved(client)) {
        const expiresAt = action?.type === 'signedIn' ? action.expiresAt : undefined;
        reportEvent(client, { type: 'auth', kind: 'refreshed', expiresAt });
      }
      context.report(onRefreshed);
      for (const listener of listeners) context.report(listener);
      return true;
    }
    // Refused (reused, revoked, expired): drop it. A network failure keeps it for later.
    if (response.status !== 0) store.dispatch({ type: 'sessionEnded' });
    return false;
  };

  const refreshSession = (): Promise<boolean> => {
    refreshing ??= (async () => {
      if (!sync) return spend(0);
      const seen = sync.rotations;
      return sync.exclusive(() => spend(seen));
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  // A refresh REFRESH_AHEAD_MS before the session ends, or halfway through a shorter session;
  // none past what a timer holds (~24.8 days), where it would fire at once.
  const plan = (expiresAt: string | undefined) => {
    clearTimeout(planned);
    planned = undefined;
    const left = Date.parse(String(expiresAt)) - Date.now();
    if (left > 0 && left <= MAX_TIMER_MS) {
      planned = setTimeout(
        () => void refreshSession(),
        Math.max(left - REFRESH_AHEAD_MS, left / 2),
      );
      (planned as { unref?: () => void }).unref?.();
    }
  };

  // Storage is a convenience: memory still holds when it fails.
  const save = (token: string | null) =>
    Promise.resolve()
      .then(() => (token ? storage?.setItem(key, token) : storage?.removeItem(key)))
      .catch(() => {});
  store.subscribe((action, state) => {
    if (action.type === 'signedIn' || action.type === 'adoptedFromTab') plan(state.expiresAt);
    if (action.type === 'sessionEnded') plan(undefined);
    // Another tab's token is in storage already: only this tab's own are written.
    if (action.type === 'signedIn' && action.refreshToken) written = save(action.refreshToken);
    if (action.type === 'sessionEnded') written = save(null);
  });

  // A middleware, so it runs before any response interceptor sees the 401.
  const removeMiddleware = client.use(sessionRefresh(refreshSession, () => client.getSessionId()));

  return {
    refreshSession,
    onRefreshed(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async logoutBody() {
      // The session may have expired already: the token must still stop working on the server.
      const current = await storedToken();
      return current ? { refreshToken: current } : undefined;
    },
    dispose() {
      clearTimeout(planned);
      removeMiddleware();
    },
  };
}
