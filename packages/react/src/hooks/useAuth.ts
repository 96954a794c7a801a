import type {
  AuthState,
  LoginCredentials,
  LoginResult,
  SessionValidationResult,
  User,
} from '@bridgekit/core';
import { useAuthFor } from './useAuthFor';

/** What `useAuth` returns. */
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

/**
 * Authentication state and actions of an instance. Re-renders only when the auth state
 * changes.
 *
 * @example
 * function SignIn() {
 *   const { login, isLoading, user } = useAuth();
 *   if (user) return <p>Hello {user.name}</p>;
 *   return <button disabled={isLoading} onClick={() => login({ email, password })}>Sign in</button>;
 * }
 */
export function useAuth(instanceId?: string): UseAuthResult {
  return useAuthFor('useAuth', instanceId);
}
