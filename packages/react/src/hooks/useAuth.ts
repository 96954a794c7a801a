import { useAuthFor } from './internal/useAuthFor';
import type { UseAuthResult } from './UseAuthResult';

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
