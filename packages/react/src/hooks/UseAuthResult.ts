import type {
  AuthState,
  LoginCredentials,
  LoginResult,
  SessionValidationResult,
  User,
} from '@bridgekit/core';

/**
 * What `useAuth` returns: the auth state of an instance and its actions.
 *
 * @example
 * const { user, isAuthenticated, login, logout }: UseAuthResult = useAuth();
 */
export interface UseAuthResult extends AuthState {
  /** Signs in with an e-mail or a user name; rejects with `BridgeApiError` on failure. */
  login(credentials: LoginCredentials): Promise<LoginResult>;
  /** Signs out (locally even when the server is unreachable) and drops this instance's cached queries. */
  logout(): Promise<void>;
  /** Asks the server whether the session is still valid. */
  validateSession(): Promise<SessionValidationResult>;
  /** Fetches the current user again; `null` when the session was rejected. */
  refreshUser(): Promise<User | null>;
}
