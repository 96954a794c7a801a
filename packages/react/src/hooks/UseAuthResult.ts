import type {
  AuthState,
  LoginCredentials,
  LoginResult,
  SessionValidationResult,
  TwoFactorRequired,
  User,
} from '@bridgekit/core';
import type { AuthLifecycle, AuthLifecycleModule } from '@bridgekit/core/auth';

/**
 * The account actions of the auth lifecycle module (`register`, `requestPasswordReset`,
 * `resetPassword`, `changePassword`, `verifyTwoFactor`, `setupTwoFactor`, `enableTwoFactor`,
 * `disableTwoFactor`, `refreshSession`) with their own status. `useAuth<typeof lifecycle>()`
 * returns them for an instance that has the module.
 *
 * @example
 * const { register, isAccountLoading }: UseAuthAccountActions = useAuth<typeof lifecycle>();
 */
export interface UseAuthAccountActions
  extends Pick<
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
  > {
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

/**
 * What `useAuth` returns: the auth state of an instance and the spec's actions. With the auth
 * lifecycle module as the type argument (`useAuth<typeof lifecycle>()`, for an instance whose
 * provider has `lifecycle`) it adds the module's account actions (`UseAuthAccountActions`).
 *
 * @example
 * const { user, isAuthenticated, login, logout }: UseAuthResult = useAuth();
 * const { register }: UseAuthResult<typeof lifecycle> = useAuth<typeof lifecycle>();
 */
export type UseAuthResult<L extends AuthLifecycleModule | undefined = undefined> =
  L extends AuthLifecycleModule ? UseAuthSpecResult & UseAuthAccountActions : UseAuthSpecResult;

/**
 * The spec's `useAuth` result: the auth state and login, logout, validation and the current user.
 *
 * @example
 * const { login, logout, isLoading }: UseAuthSpecResult = useAuth();
 */
export interface UseAuthSpecResult extends AuthState {
  /**
   * Signs in with an e-mail or a user name; resolves `{ twoFactorRequired: true }` when the
   * account needs a second factor (then call the lifecycle's `verifyTwoFactor(code)`);
   * rejects with `BridgeApiError` on failure.
   */
  login(credentials: LoginCredentials): Promise<LoginResult | TwoFactorRequired>;
  /** Signs out (locally even when the server is unreachable) and drops this instance's cached queries. */
  logout(): Promise<void>;
  /** Asks the server whether the session is still valid. */
  validateSession(): Promise<SessionValidationResult>;
  /** Fetches the current user again; `null` when the session was rejected. */
  refreshUser(): Promise<User | null>;
}
