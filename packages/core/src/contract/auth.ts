/**
 * The shapes of authentication: users, credentials, login and validation
 * results, the auth paths, the auth state and the service's interface.
 */
import type { StorageAdapter } from './http';

/** A signed-in user. `userType` is what `allowedTypes` checks compare against. */
export interface User {
  id: string;
  userType: string;
  email?: string;
  userName?: string;
  name?: string;
  [key: string]: unknown;
}

/** An e-mail or a user name, plus a password. */
export interface LoginCredentials {
  email?: string;
  userName?: string;
  password: string;
}

/** What `validateSession` resolves to. */
export interface SessionValidationResult {
  isValid: boolean;
  expiresAt?: string;
  user?: User;
}

/** What `login` resolves to once signed in. */
export interface LoginResult {
  user: User;
  /** Absent with a cookie session (`cookieSession()`): the session is the server's `HttpOnly` cookie. */
  sessionId?: string;
  expiresAt?: string;
  twoFactorRequired?: undefined;
}

/**
 * What `login` resolves to when the account needs a second factor: the server answered
 * `200 { twoFactorRequired: true, challenge }`, nobody is signed in yet, and the auth
 * lifecycle's `verifyTwoFactor(code)` completes the sign-in.
 */
export interface TwoFactorRequired {
  twoFactorRequired: true;
  user?: undefined;
  sessionId?: undefined;
  expiresAt?: undefined;
}

/** Paths of the auth endpoints, relative to the client's base URL. */
export interface AuthPaths {
  /** @default '/auth/login' */
  login: string;
  /** @default '/auth/logout' */
  logout: string;
  /** @default '/auth/validation' */
  validation: string;
  /** @default '/auth/me' */
  me: string;
}

/** The default auth paths: the reference server's (packages/server/README.md, "Endpoints"). */
export const DEFAULT_AUTH_PATHS: Readonly<AuthPaths> = Object.freeze({
  login: '/auth/login',
  logout: '/auth/logout',
  validation: '/auth/validation',
  me: '/auth/me',
});

/** Authentication state, replaced as a whole on every change. */
export interface AuthState {
  user: User | null;
  isAuthenticated: boolean;
  /** `true` while the stored user is restored and while `login` runs. */
  isLoading: boolean;
  /** `true` after the server answered 401 to a request that carried the session. */
  sessionExpired: boolean;
}

/** Options of `createAuthService`. */
export interface AuthServiceOptions {
  /**
   * Paths of the auth endpoints; missing ones keep their default.
   * @default DEFAULT_AUTH_PATHS
   */
  paths?: Partial<AuthPaths>;
  /**
   * Storage key under which the signed-in user is kept (JSON).
   * @default `${client storageKeyPrefix}bridgekit_user` ('bridgekit_user')
   */
  userStorageKey?: string;
  /**
   * Where the user is kept.
   * @default client.getStorage()
   */
  storage?: StorageAdapter;
}

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
  /** @default '/auth/2fa/setup' */
  twoFactorSetup: string;
  /** @default '/auth/2fa/enable' */
  twoFactorEnable: string;
  /** @default '/auth/2fa/disable' */
  twoFactorDisable: string;
}
