/**
 * `@bridgekit/core/auth`: the auth lifecycle beside the auth service (issue 18): account
 * flows, two-factor sign-in and refresh tokens. A separate entry so that apps which only
 * sign in do not ship it; it works through the service's and the client's public seams
 * (`fetchUser`, response interceptors, `onSessionRefresh`).
 */
import type { ApiResponse } from '../types';
import { BridgeApiError } from './BridgeApiError';
import type { AuthService, User } from './authTypes';
import { cookieSessionHeaders } from './cookieSessionHeaders';

/** Paths of the lifecycle endpoints, relative to the client's base URL. */
export interface AccountPaths {
  /** @default '/auth/register' */
  register: string;
  /** Relative: the refresh token never leaves the base origin. @default '/auth/refresh' */
  refresh: string;
  /** @default '/auth/password/forgot' */
  passwordForgot: string;
  /** @default '/auth/password/reset' */
  passwordReset: string;
  /** @default '/auth/password/change' */
  passwordChange: string;
  /** @default '/auth/2fa/verify' */
  twoFactorVerify: string;
}

/** The default lifecycle paths. */
export const DEFAULT_ACCOUNT_PATHS: Readonly<AccountPaths> = Object.freeze({
  register: '/auth/register',
  refresh: '/auth/refresh',
  passwordForgot: '/auth/password/forgot',
  passwordReset: '/auth/password/reset',
  passwordChange: '/auth/password/change',
  twoFactorVerify: '/auth/2fa/verify',
});

/** What `register` sends: the sign-in fields plus whatever else the backend takes. */
export interface RegisterData {
  email?: string;
  userName?: string;
  password: string;
  name?: string;
  [key: string]: unknown;
}

/** Options of `createAuthLifecycle`. */
export interface AuthLifecycleOptions {
  /**
   * Paths; missing ones come from the dialect's `auth.paths`, then the defaults.
   * @default DEFAULT_ACCOUNT_PATHS
   */
  paths?: Partial<AccountPaths>;
  /**
   * Storage key of the refresh token (in the client's storage).
   * @default 'bridgekit_refresh_token'
   */
  refreshTokenStorageKey?: string;
}

/** Account flows, two-factor sign-in and refresh tokens of one auth service. */
export interface AuthLifecycle {
  readonly paths: Readonly<AccountPaths>;
  /** Creates an account; resolves the signed-in user, or `null` when the answer holds no session. */
  register(data: RegisterData): Promise<User | null>;
  /** Asks for a reset link; resolves whether or not the address is known (202). */
  requestPasswordReset(email: string): Promise<void>;
  /** Sets a new password with the token of a reset link. */
  resetPassword(token: string, password: string): Promise<void>;
  /** Changes the signed-in user's password (sent with the session). */
  changePassword(oldPassword: string, newPassword: string): Promise<void>;
  /**
   * Completes a sign-in that `login` rejected with code `TWO_FACTOR_REQUIRED`, with the kept
   * challenge and the code; resolves the signed-in user.
   */
  verifyTwoFactor(code: string): Promise<User | null>;
  /**
   * Trades the stored refresh token for a new session; concurrent calls share one request.
   * Resolves `false` when there is no token or the server refused it (the token is dropped).
   */
  refreshSession(): Promise<boolean>;
  /** Removes the interceptor, the refresher and a planned refresh. */
  dispose(): void;
}

const lifecycles = new WeakMap<AuthService, AuthLifecycle>();

function text(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(`${name} must be a non-empty string`);
  }
  return value;
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
 * `{ twoFactorRequired: true, challenge }` rejects with code `TWO_FACTOR_REQUIRED` and the
 * challenge is kept for `verifyTwoFactor`. Every failure rejects with `BridgeApiError`.
 * With a cookie-mode client (`sessionMode: 'cookie'`) the refresh token is the server's
 * `HttpOnly` cookie: nothing is stored, and a refresh posts no token (the cookie carries it).
 *
 * @example
 * const account = createAuthLifecycle(auth);
 * await auth.login(credentials).catch((e) => {
 *   if (e.code === 'TWO_FACTOR_REQUIRED') return account.verifyTwoFactor(prompt('Code'));
 *   throw e;
 * });
 */
export function createAuthLifecycle(
  auth: AuthService,
  options: AuthLifecycleOptions = {},
): AuthLifecycle {
  const known = lifecycles.get(auth);
  if (known) return known;
  const { client } = auth;
  const dialectPaths = client.getConfig().dialect?.auth?.paths as Partial<AccountPaths> | undefined;
  const paths: AccountPaths = { ...DEFAULT_ACCOUNT_PATHS };
  for (const [name, value] of Object.entries({ ...dialectPaths, ...options.paths })) {
    if (name in paths && value !== undefined) {
      paths[name as keyof AccountPaths] = text(`paths.${name}`, value);
    }
  }
  const base = client.getBaseUrl();
  // The refresh token is a long-lived secret: it goes to the base origin and nowhere else.
  if (new URL(paths.refresh, `${base}/`).origin !== new URL(base).origin) {
    throw new TypeError('paths.refresh must be on the origin of the base URL');
  }
  const key = text(
    'refreshTokenStorageKey',
    options.refreshTokenStorageKey ?? 'bridgekit_refresh_token',
  );
  const storage = client.getStorage();
  // Cookie mode: the refresh token is an HttpOnly cookie on the refresh path; none is kept here.
  const signInHeaders = cookieSessionHeaders(client);
  const cookie = signInHeaders.Prefer !== undefined;
  let token: string | null = null;
  let challenge: unknown;
  let refreshing: Promise<boolean> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const keep = (value: string | null, expiresAt?: unknown) => {
    token = value;
    clearTimeout(timer);
    const left = Date.parse(String(expiresAt)) - Date.now();
    // Proactive refresh 30 s before expiry, or halfway through a shorter session; none past
    // what a timer can hold (~24.8 days), where it would fire at once.
    if (value && left > 0 && left < 2 ** 31) {
      timer = setTimeout(() => void refreshSession(), Math.max(left - 30_000, left / 2));
      (timer as { unref?: () => void }).unref?.();
    }
    // Storage is a convenience: memory still holds when it fails.
    void Promise.resolve()
      .then(() => (value ? storage?.setItem(key, value) : storage?.removeItem(key)))
      .catch(() => {});
  };
  const url = (path: string) => `${base}${path.startsWith('/') ? '' : '/'}${path}`;
  const signIns = [auth.paths.login, paths.register, paths.twoFactorVerify, paths.refresh].map(url);

  const removeInterceptor = client.addResponseInterceptor((response, request) => {
    const target = request.url.split('?')[0];
    if (target === url(auth.paths.logout)) keep(null);
    if (!response.success || !signIns.includes(target ?? '')) return response;
    const data = dataOf(response);
    if (data.twoFactorRequired === true) {
      challenge = data.challenge;
      // Not signed in yet: `login` rejects with this code instead of a malformed answer.
      return {
        success: false,
        status: 401,
        error: 'A second factor is required: call verifyTwoFactor(code)',
        code: 'TWO_FACTOR_REQUIRED',
        ...(response.headers && { headers: response.headers }),
      } as ApiResponse;
    }
    const refresh = data.refreshToken ?? data.refresh_token;
    if (typeof refresh === 'string' && refresh) keep(refresh, data.expiresAt ?? data.expires_at);
    return response;
  });

  const post = async (path: string, body: unknown, includeSession = false, headers = {}) => {
    const response: ApiResponse = await client.post(path, body, { includeSession, headers });
    if (!response.success) throw BridgeApiError.fromResponse(response);
    return response;
  };
  // A sign-in answer: the session goes to the client, the user comes from the service.
  const signIn = async (response: ApiResponse) => {
    if (cookie) return auth.fetchUser();
    const data = dataOf(response);
    const session = data.sessionId ?? data.session_id ?? data.accessToken ?? data.access_token;
    if (typeof session !== 'string' || !session) return null;
    client.setSessionId(session);
    return auth.fetchUser();
  };

  const refreshSession = (): Promise<boolean> => {
    refreshing ??= (async () => {
      // Storage first: another tab may have rotated the token since this one kept it.
      const current = cookie ? null : (await storage?.getItem(key).catch(() => null)) || token;
      if (!cookie && !current) return false;
      const response: ApiResponse = await client.post(
        paths.refresh,
        cookie ? undefined : { refreshToken: current },
        { includeSession: false, headers: signInHeaders },
      );
      if (cookie) return response.success;
      const data = dataOf(response);
      const session = data.sessionId ?? data.session_id ?? data.accessToken ?? data.access_token;
      if (response.success && typeof session === 'string' && session) {
        client.setSessionId(session);
        return true;
      }
      // Refused (reused, revoked, expired): drop it. A network failure keeps it for later.
      if (response.status !== 0) keep(null);
      return false;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };
  const removeRefresher = client.onSessionRefresh(refreshSession);

  const lifecycle: AuthLifecycle = {
    paths,
    async register(data) {
      if (!data || typeof data !== 'object') throw new TypeError('data must be an object');
      text('data.password', data.password);
      return signIn(await post(paths.register, data, false, signInHeaders));
    },
    async requestPasswordReset(email) {
      await post(paths.passwordForgot, { email: text('email', email) });
    },
    async resetPassword(resetToken, password) {
      const body = { token: text('token', resetToken), password: text('password', password) };
      await post(paths.passwordReset, body);
    },
    async changePassword(oldPassword, newPassword) {
      const body = {
        oldPassword: text('oldPassword', oldPassword),
        newPassword: text('newPassword', newPassword),
      };
      await post(paths.passwordChange, body, true);
    },
    async verifyTwoFactor(code) {
      text('code', code);
      if (challenge === undefined) {
        throw new BridgeApiError('No sign-in is waiting for a second factor', {
          status: 0,
          code: 'CLIENT_ERROR',
        });
      }
      const body = { challenge, code };
      const user = await signIn(await post(paths.twoFactorVerify, body, false, signInHeaders));
      challenge = undefined;
      return user;
    },
    refreshSession,
    dispose() {
      clearTimeout(timer);
      removeInterceptor();
      removeRefresher();
      lifecycles.delete(auth);
    },
  };
  lifecycles.set(auth, lifecycle);
  return lifecycle;
}
