import { type AuthLifecycle, createAuthLifecycle } from '@bridgekit/core/auth';
import { useMemo, useState } from 'react';
import { useBridgeInstance } from './internal/BridgeContext';

/** What `useAuthAccount` returns: the lifecycle's actions, and their loading and error state. */
export interface UseAuthAccountResult
  extends Pick<
    AuthLifecycle,
    | 'register'
    | 'requestPasswordReset'
    | 'resetPassword'
    | 'changePassword'
    | 'verifyTwoFactor'
    | 'refreshSession'
  > {
  /** `true` while one of the actions runs. */
  isLoading: boolean;
  /** The last action's failure (a `BridgeApiError`), cleared when the next one starts. */
  error: Error | null;
}

type Action = Exclude<keyof UseAuthAccountResult, 'isLoading' | 'error'>;
const ACTIONS: Action[] = [
  'register',
  'requestPasswordReset',
  'resetPassword',
  'changePassword',
  'verifyTwoFactor',
  'refreshSession',
];

/**
 * Account flows of an instance (issue 18): sign-up, password reset and change, the second
 * factor of a sign-in, and refresh tokens. A hook of its own rather than fields of `useAuth`,
 * so that apps that only sign in do not ship `@bridgekit/core/auth`; the first call also
 * turns on refresh tokens for the instance (mount it near the root to have them from the
 * first request). The auth state (`user`, `isAuthenticated`) stays in `useAuth`.
 *
 * @example
 * const { register, isLoading, error } = useAuthAccount();
 * <button disabled={isLoading} onClick={() => register({ email, password })}>Sign up</button>
 */
export function useAuthAccount(instanceId?: string): UseAuthAccountResult {
  const { auth } = useBridgeInstance('useAuthAccount', instanceId);
  const [status, setStatus] = useState<{ isLoading: boolean; error: Error | null }>({
    isLoading: false,
    error: null,
  });
  const actions = useMemo(() => {
    const lifecycle = createAuthLifecycle(auth);
    const wrapped = {} as Pick<UseAuthAccountResult, Action>;
    for (const name of ACTIONS) {
      const action = lifecycle[name] as (...args: unknown[]) => Promise<unknown>;
      (wrapped as Record<Action, unknown>)[name] = async (...args: unknown[]) => {
        setStatus({ isLoading: true, error: null });
        try {
          const result = await action(...args);
          setStatus({ isLoading: false, error: null });
          return result;
        } catch (error) {
          setStatus({ isLoading: false, error: error as Error });
          throw error;
        }
      };
    }
    return wrapped;
  }, [auth]);
  return useMemo(() => ({ ...status, ...actions }), [status, actions]);
}
