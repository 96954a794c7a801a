import type {
  AuthState,
  LoginCredentials,
  LoginResult,
  SessionValidationResult,
  TwoFactorRequired,
  User,
} from '@bridgekit/core';
import type { AuthLifecycle } from '@bridgekit/core/auth';

/** The account actions `useAuth` adds to the spec's fields (the auth lifecycle's). */
type AccountActions = Pick<
  AuthLifecycle,
  | 'register'
  | 'requestPasswordReset'
  | 'resetPassword'
  | 'changePassword'
  | 'verifyTwoFactor'
  | 'setupTwoFactor'
  | 'enableTwoFactor'
  | 'disableTwoFactor'
  | 'refreshSession'
>;

/**
 * What `useAuth` returns: the auth state of an instance and its actions, plus the account
 * actions of the auth lifecycle (`register`, `requestPasswordReset`, `resetPassword`,
 * `changePassword`, `verifyTwoFactor`, `setupTwoFactor`, `enableTwoFactor`,
 * `disableTwoFactor`, `refreshSession`) with their own status (`isAccountLoading`,
 * `accountError`).
 *
 * @example
 * const { user, isAuthenticated, login, logout }: UseAuthResult = useAuth();
 */
export interface UseAuthResult extends AuthState, AccountActions {
  /**
   * Signs in with an e-mail or a user name; resolves `{ twoFactorRequired: true }` when the
   * account needs a second factor (then call `verifyTwoFactor(code)`); rejects with
   * `BridgeApiError` on failure.
   */
  login(credentials: LoginCredentials): Promise<LoginResult | TwoFactorRequired>;
  /** Signs out (locally even when the server is unreachable) and drops this instance's cached queries. */
  logout(): Promise<void>;
  /** Asks the server whether the session is still valid. */
  validateSession(): Promise<SessionValidationResult>;
  /** Fetches the current user again; `null` when the session was rejected. */
  refreshUser(): Promise<User | null>;
  /**
   * `true` while an account action of this hook runs (until the last of overlapping ones
   * settles). Apart from `isLoading`, so a guard does not flip to loading while a signed-in
   * user changes their password.
   */
  isAccountLoading: boolean;
  /**
   * The failure (a `BridgeApiError`) of the account action that settled last, cleared when
   * the next one starts or one succeeds.
   */
  accountError: Error | null;
}
