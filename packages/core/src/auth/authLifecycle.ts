/**
 * The auth lifecycle beside the auth service (core README, "Auth lifecycle"): account flows,
 * two-factor sign-in and refresh tokens. It works through the service's and the client's
 * public seams (`fetchUser`, `use()` middlewares).
 */
import { mustBe, nonEmptyString, MAX_TIMER_MS, toError } from '../checks';
import { checkFunction, checkStorage } from '../client/configCheck';
import type { AccountFlow } from '../contract/dialect';
import { sessionRefresh } from '../session/sessionRefresh';
import type { ApiResponse } from '../contract/http';
import { BridgeApiError } from '../services/BridgeApiError';
import { readSession } from '../services/authResponse';
import type { AuthService } from '../services/authService';
import type { AuthState } from '../contract/auth';
import { cookieSessionHeaders } from '../services/cookieSessionHeaders';
import {
  type AccountPaths,
  type AuthLifecycle,
  type AuthLifecycleOptions,
  DEFAULT_ACCOUNT_PATHS,
} from './authLifecycleTypes';
import type { CrossTabSync } from './crossTabSync';

/**
 * The auth lifecycle as a module the providers take (`lifecycle: authLifecycle(options)`):
 * called once per instance with its auth service. `defaults` are a platform provider's
 * (React Native's keychain storage for the refresh token); the app's options win.
 */
export type AuthLifecycleModule = (
  auth: AuthService,
  defaults?: AuthLifecycleOptions,
) => AuthLifecycle;

/**
 * The auth lifecycle as an opt-in module for a provider instance: account flows, two-factor
 * sign-in, refresh tokens, and cross-tab sync when its own module is passed
 * (`crossTab: crossTabSync()`). Without it an instance has the plain auth service (no
 * middleware, timer or `BroadcastChannel`).
 *
 * @example
 * <BridgeProvider config={{ baseUrl: '/api', lifecycle: authLifecycle({ validateInterval: 60_000 }) }} />
 */
export function authLifecycle(options: AuthLifecycleOptions = {}): AuthLifecycleModule {
  checkOptions(options);
  return (auth, defaults) => createAuthLifecycle(auth, { ...defaults, ...options });
}

const lifecycles = new WeakMap<AuthService, AuthLifecycle>();

function checkOptions(options: AuthLifecycleOptions): void {
  if (!options || typeof options !== 'object') throw mustBe('options', 'an object', options);
  const { validateInterval: every, refreshTokenStorage, crossTab } = options;
  if (every !== undefined) {
    if (typeof every !== 'number') throw mustBe('validateInterval', 'a number', every);
    // Longer than a timer holds, the interval would fire at once and hammer the server.
    if (!(every >= 1000 && every <= MAX_TIMER_MS)) {
      throw mustBe(
        'validateInterval',
        `a number of ms from 1000 to ${MAX_TIMER_MS}`,
        every,
        RangeError,
      );
    }
  }
  for (const name of ['onSessionExpired', 'onSessionRefreshed'] as const) {
    if (options[name] !== undefined) checkFunction(name, options[name]);
  }
  if (refreshTokenStorage !== undefined) checkStorage('refreshTokenStorage', refreshTokenStorage);
  // `crossTab: true` was the option before cross-tab sync became a module of its own.
  if (crossTab !== undefined && typeof crossTab !== 'function') {
    throw mustBe(
      'crossTab',
      "a module (crossTab: crossTabSync() from '@bridgekit/core/auth')",
      crossTab,
    );
  }
}

function dataOf(response: ApiResponse): Record<string, unknown> {
  const data = response.data as unknown;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

/**
 * The lifecycle of an auth service (one per service: a second call returns the first). Once
 * created it keeps the refresh token of every sign-in answer (`refreshToken` or
 * `refresh_token`) in the client's storage; a 401 to a request that carried the session then
 * refreshes once (shared by concurrent requests) and replays the request; a refused refresh
 * lets the 401 through, so the service reports `sessionExpired`. A login answered with
 * `{ twoFactorRequired: true, challenge }` resolves `{ twoFactorRequired: true }` and the
 * challenge is kept for `verifyTwoFactor`. A logout sends the refresh token (the server
 * revokes it even when the session expired already); a validation that says the session
 * ended drops it. Every failure rejects with `BridgeApiError`.
 * With a client with a cookie session (`session: cookieSession()`) the refresh token is the server's
 * `HttpOnly` cookie: nothing is stored, and a refresh posts no token (the cookie carries it).
 *
 * @example
 * const account = createAuthLifecycle(auth);
 * const result = await auth.login(credentials);
 * if (result.twoFactorRequired) await account.verifyTwoFactor(prompt('Code') ?? '');
 */
export function createAuthLifecycle(
  auth: AuthService,
  options: AuthLifecycleOptions = {},
): AuthLifecycle {
  const known = lifecycles.get(auth);
  if (known) return known;
  checkOptions(options);
  const { onSessionExpired: onExpired, onSessionRefreshed: onRefreshed } = options;
  const { client } = auth;
  const dialectPaths = client.getConfig().dialect?.auth?.paths as Partial<AccountPaths> | undefined;
  const paths: AccountPaths = { ...DEFAULT_ACCOUNT_PATHS };
  for (const [name, value] of Object.entries({ ...dialectPaths, ...options.paths })) {
    if (name in paths && value !== undefined) {
      paths[name as keyof AccountPaths] = nonEmptyString(`paths.${name}`, value);
    }
  }
  const base = client.getBaseUrl();
  // The refresh token is a long-lived secret: it goes to the base origin and nowhere else.
  if (new URL(paths.refresh, `${base}/`).origin !== new URL(base).origin) {
    throw new TypeError('paths.refresh must be on the origin of the base URL');
  }
  const key = nonEmptyString(
    'refreshTokenStorageKey',
    options.refreshTokenStorageKey ??
      `${client.getConfig().storageKeyPrefix ?? ''}bridgekit_refresh_token`,
  );
  const storage = options.refreshTokenStorage ?? client.getStorage();
  // Cookie mode: the refresh token is an HttpOnly cookie on the refresh path; none is kept here.
  const signInHeaders = cookieSessionHeaders(client);
  const cookie = signInHeaders.Prefer !== undefined;
  let token: string | null = null;
  let expiry: string | undefined;
  let challenge: unknown;
  let refreshing: Promise<boolean> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let written: Promise<unknown> = Promise.resolve();

  // A throwing app callback must not break a refresh or the auth store's listeners.
  const report = (callback: (() => void) | undefined) => {
    try {
      callback?.();
    } catch (error) {
      client.getConfig().onError?.(toError(error));
    }
  };

  // Proactive refresh 30 s before the session ends, or halfway through a shorter session; none
  // past what a timer can hold (~24.8 days), where it would fire at once.
  const plan = (expiresAt: unknown) => {
    clearTimeout(timer);
    const left = Date.parse(String(expiresAt)) - Date.now();
    if (left > 0 && left <= MAX_TIMER_MS) {
      timer = setTimeout(() => void refreshSession(), Math.max(left - 30_000, left / 2));
      (timer as { unref?: () => void }).unref?.();
    }
  };
  // `persist: false` for a token another tab received: it already stored it.
  const keep = (value: string | null, expiresAt?: unknown, persist = true) => {
    token = value;
    expiry = value && expiresAt != null ? String(expiresAt) : undefined;
    if (value) plan(expiresAt);
    else clearTimeout(timer);
    if (!persist) return;
    // Storage is a convenience: memory still holds when it fails.
    written = Promise.resolve()
      .then(() => (value ? storage?.setItem(key, value) : storage?.removeItem(key)))
      .catch(() => {});
  };
  const url = (path: string) => `${base}${path.startsWith('/') ? '' : '/'}${path}`;
  const signIns = [auth.paths.login, paths.register, paths.twoFactorVerify, paths.refresh].map(url);

  const logoutUrl = url(auth.paths.logout);
  const validationUrl = url(auth.paths.validation);
  // The lifecycle's reading of the auth answers, as a middleware: it keeps the refresh token
  // of every sign-in answer and the challenge of a second factor (the answer itself is left
  // as the server sent it), and ends the refresh token with the session.
  const removeReader = client.use(async (request, next) => {
    const path = request.url.split('?')[0];
    // Sign-ins and logout are POSTs: a GET of the same path (a dialect's `/users`) is a list.
    const target = request.method === 'POST' ? path : undefined;
    if (target === logoutUrl) {
      // The session may have expired already: the token must still stop working there.
      // Storage first: after a reload (or another tab's rotation) memory may be behind.
      const current = cookie ? null : (await storage?.getItem(key).catch(() => null)) || token;
      const response = await next(
        current && request.body === undefined
          ? { ...request, body: { refreshToken: current }, secret: true }
          : request,
      );
      keep(null);
      return response;
    }
    const response = await next(request);
    if (!response.success) return response;
    const data = dataOf(response);
    if (request.method === 'GET' && path === validationUrl && data.isValid === false) {
      // The server says the session ended: its refresh token goes with it.
      keep(null);
      return response;
    }
    if (!signIns.includes(target ?? '')) return response;
    if (data.twoFactorRequired === true) {
      // Not signed in yet: `login` resolves `{ twoFactorRequired: true }`; verifyTwoFactor
      // sends this challenge with the code.
      challenge = data.challenge;
      return response;
    }
    const refresh = data.refreshToken ?? data.refresh_token;
    const ends = data.expiresAt ?? data.expires_at;
    if (typeof refresh === 'string' && refresh) keep(refresh, ends);
    // Cookie mode: the refresh token is the server's cookie; only the planned refresh is ours.
    else if (cookie) plan(ends);
    return response;
  });

  const { dialect } = client.getConfig();
  // The dialect's body for a flow; `null` when its backend has no such flow.
  const bodyOf = (flow: AccountFlow, body: Record<string, unknown>): unknown => {
    const map = dialect?.auth?.account?.[flow];
    return map === null ? null : map ? map(body) : body;
  };
  const post = async (
    flow: AccountFlow,
    fields: Record<string, unknown>,
    includeSession = false,
    headers = {},
  ) => {
    const body = bodyOf(flow, fields);
    if (body === null) {
      throw new BridgeApiError(`${dialect?.name} has no '${flow}' flow`, {
        status: 0,
        code: 'CLIENT_ERROR',
      });
    }
    const response: ApiResponse = await client.post(paths[flow], body, { includeSession, headers });
    if (!response.success) throw BridgeApiError.fromResponse(response);
    return response;
  };
  // An answer that holds a session (token mode): the client takes it. Whether it did.
  const adopt = (response: ApiResponse) => {
    const session = readSession(response.data);
    if (session !== undefined) client.setSessionId(session);
    return session !== undefined;
  };
  // A sign-in answer: the session goes to the client, the user comes from the service.
  const signIn = async (response: ApiResponse) =>
    cookie || adopt(response) ? auth.fetchUser() : null;

  const refreshListeners = new Set<() => void>();
  let sync: CrossTabSync | null = null;
  // Spends the refresh token. Under `sync.exclusive` when tabs share it: a tab that waited
  // while another rotated it takes the rotated session instead of spending the token again.
  const spend = async (seen: number): Promise<boolean> => {
    if (sync && sync.rotations !== seen) return true;
    // Storage first: another tab may have rotated the token since this one kept it.
    const current = cookie ? null : (await storage?.getItem(key).catch(() => null)) || token;
    if (!cookie && !current) return false;
    if (sync && token && current !== token && (await sync.rotatedSince(seen, 1000))) return true;
    const body = bodyOf('refresh', { refreshToken: current });
    if (body === null) return false;
    // Cookie mode posts no token: the refresh cookie carries it.
    // Secret: the refresh token reaches the base origin only, whatever a middleware or a
    // redirect does.
    const response: ApiResponse = await client.post(paths.refresh, cookie ? undefined : body, {
      includeSession: false,
      headers: signInHeaders,
      secret: true,
    });
    const session = response.success ? readSession(response.data) : undefined;
    if (response.success && (cookie || session !== undefined)) {
      if (session !== undefined) {
        client.setSessionId(session);
        // The next tab in line reads the new token from storage: it must be there first.
        await written;
        sync?.refreshed(session);
      }
      report(onRefreshed);
      for (const listener of refreshListeners) report(listener);
      return true;
    }
    // Refused (reused, revoked, expired): drop it. A network failure keeps it for later.
    if (response.status !== 0) keep(null);
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
  // Refresh-and-replay: a middleware, so it runs before any response interceptor sees the 401.
  const removeRefresher = client.use(sessionRefresh(refreshSession, () => client.getSessionId()));

  const every = options.validateInterval;
  let validating: ReturnType<typeof setInterval> | undefined;
  let checking = false;
  const validate = async () => {
    if (checking) return;
    checking = true;
    try {
      await auth.validateSession();
    } catch {
      // Offline or a server error is not an ended session: the next tick asks again.
    } finally {
      checking = false;
    }
  };
  let previous: AuthState = auth.getState();
  const watch = (state: AuthState) => {
    const before = previous;
    previous = state;
    if (state.sessionExpired && !before.sessionExpired) report(onExpired);
    if (every !== undefined && state.isAuthenticated && validating === undefined) {
      validating = setInterval(() => void validate(), every);
      (validating as { unref?: () => void }).unref?.();
    } else if (!state.isAuthenticated && validating !== undefined) {
      clearInterval(validating);
      validating = undefined;
    }
  };
  const stopWatching = auth.subscribe(watch);
  watch(previous);
  // Only with the cross-tab module: without it no channel, listener or lock exists.
  sync =
    options.crossTab?.({
      auth,
      current: () => ({ refreshToken: token, ...(expiry && { expiresAt: expiry }) }),
      adopt: (value, expiresAt) => keep(value, expiresAt, false),
    }) ?? null;

  const lifecycle: AuthLifecycle = {
    paths,
    async register(data) {
      if (!data || typeof data !== 'object') throw new TypeError('data must be an object');
      nonEmptyString('data.password', data.password);
      return signIn(await post('register', data, false, signInHeaders));
    },
    async requestPasswordReset(email) {
      await post('passwordForgot', { email: nonEmptyString('email', email) });
    },
    async resetPassword(resetToken, password) {
      const body = {
        token: nonEmptyString('token', resetToken),
        password: nonEmptyString('password', password),
      };
      await post('passwordReset', body);
    },
    async changePassword(oldPassword, newPassword) {
      const body = {
        oldPassword: nonEmptyString('oldPassword', oldPassword),
        newPassword: nonEmptyString('newPassword', newPassword),
      };
      // A backend that ends the session with the password (Strapi) answers a new one.
      adopt(await post('passwordChange', body, true));
    },
    async verifyTwoFactor(code) {
      nonEmptyString('code', code);
      if (challenge === undefined) {
        throw new BridgeApiError('No sign-in is waiting for a second factor', {
          status: 0,
          code: 'CLIENT_ERROR',
        });
      }
      const body = { challenge, code };
      const user = await signIn(await post('twoFactorVerify', body, false, signInHeaders));
      challenge = undefined;
      return user;
    },
    async setupTwoFactor() {
      const data = dataOf(await post('twoFactorSetup', {}, true));
      if (typeof data.secret !== 'string' || typeof data.uri !== 'string') {
        throw new BridgeApiError('The two-factor setup response holds no secret and uri', {
          status: 200,
          code: 'INVALID_RESPONSE',
        });
      }
      return { secret: data.secret, uri: data.uri };
    },
    async enableTwoFactor(code) {
      const data = dataOf(
        await post('twoFactorEnable', { code: nonEmptyString('code', code) }, true),
      );
      const codes = data.recoveryCodes ?? data.recovery_codes;
      return { recoveryCodes: Array.isArray(codes) ? codes.map(String) : [] };
    },
    async disableTwoFactor(code) {
      await post('twoFactorDisable', { code: nonEmptyString('code', code) }, true);
    },
    refreshSession,
    onRefreshed(listener) {
      if (typeof listener !== 'function') throw mustBe('listener', 'a function', listener);
      refreshListeners.add(listener);
      return () => void refreshListeners.delete(listener);
    },
    dispose() {
      clearTimeout(timer);
      clearInterval(validating);
      stopWatching();
      sync?.close();
      removeReader();
      removeRefresher();
      lifecycles.delete(auth);
    },
  };
  lifecycles.set(auth, lifecycle);
  return lifecycle;
}
