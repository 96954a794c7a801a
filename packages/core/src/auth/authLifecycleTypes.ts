/**
 * The shapes of the auth lifecycle (`@bridgekit/core/auth`): its paths, options, the values
 * its calls resolve to, and its interface. The behaviour is in `authLifecycle`.
 */
import type { StorageAdapter } from '../contract/http';
import type { AccountPaths, User } from '../contract/auth';

export type { AccountPaths } from '../contract/auth';
import type { CrossTabModule } from './crossTabSync';

/** The default lifecycle paths. */
export const DEFAULT_ACCOUNT_PATHS: Readonly<AccountPaths> = Object.freeze({
  register: '/auth/register',
  refresh: '/auth/refresh',
  passwordForgot: '/auth/password/forgot',
  passwordReset: '/auth/password/reset',
  passwordChange: '/auth/password/change',
  twoFactorVerify: '/auth/2fa/verify',
  twoFactorSetup: '/auth/2fa/setup',
  twoFactorEnable: '/auth/2fa/enable',
  twoFactorDisable: '/auth/2fa/disable',
});

/** What `setupTwoFactor` resolves to: the secret for an authenticator app, and its URI. */
export interface TwoFactorSetup {
  /** The TOTP secret (base32), for typing into an authenticator app. */
  secret: string;
  /** An `otpauth://totp/…` URI, for a QR code. */
  uri: string;
}

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
   * @default `${client storageKeyPrefix}bridgekit_refresh_token` ('bridgekit_refresh_token')
   */
  refreshTokenStorageKey?: string;
  /**
   * Where the refresh token is kept. Tabs that share it (the browser's `localStorage`) take
   * turns to spend it; on React Native pass a SecureStore adapter.
   * @default client.getStorage() (memory only where the client has none)
   */
  refreshTokenStorage?: StorageAdapter;
  /**
   * Asks `auth.validateSession()` every so many milliseconds while signed in (from 1000 to
   * 2147483647). Stops on sign-out and `dispose()`; a network failure does not sign out.
   * @default undefined (off)
   */
  validateInterval?: number;
  /**
   * Called once each time the session ends without the user asking: a 401 that a refresh
   * could not cure, or a validation that says the session is invalid. Not on `logout()`.
   * @default undefined
   */
  onSessionExpired?: () => void;
  /**
   * Called after each refresh this lifecycle made (reactive after a 401, or planned before
   * `expiresAt`).
   * @default undefined
   */
  onSessionRefreshed?: () => void;
  /**
   * The cross-tab sync module (`crossTabSync()`): keeps the tabs of one origin in step (a
   * sign-in, sign-out or refresh in one tab reaches the others within a second) and lets one
   * tab at a time spend the shared refresh token. It acts in a browser window only.
   * @default undefined (off: no channel, no listener)
   * @example
   * authLifecycle({ crossTab: crossTabSync() })
   */
  crossTab?: CrossTabModule;
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
   * Starts turning two-factor sign-in on for the signed-in user: resolves the new secret,
   * which counts only once `enableTwoFactor` confirmed a code of it.
   */
  setupTwoFactor(): Promise<TwoFactorSetup>;
  /** Confirms the setup with a current code; resolves the one-time recovery codes (show them once). */
  enableTwoFactor(code: string): Promise<{ recoveryCodes: string[] }>;
  /** Turns two-factor sign-in off; needs a current code (or a recovery code). */
  disableTwoFactor(code: string): Promise<void>;
  /**
   * Trades the stored refresh token for a new session; concurrent calls share one request.
   * Resolves `false` when there is no token or the server refused it (the token is dropped).
   */
  refreshSession(): Promise<boolean>;
  /**
   * Calls `listener` after each refresh of this lifecycle's session (reactive or proactive),
   * like the `onSessionRefreshed` option, for code that did not create the lifecycle.
   * @returns a function that removes it
   * @example
   * const stop = createAuthLifecycle(auth).onRefreshed(() => mirrorSession());
   */
  onRefreshed(listener: () => void): () => void;
  /** Removes the interceptor, the refresher and a planned refresh. */
  dispose(): void;
}
