import {
  BridgeApiError,
  invalidateBridgeQueries,
  type UseAuthAccountResult,
  useAuthAccount,
  useBridgeClient,
} from '@bridgekit/react';
import { useMemo, useState } from 'react';
// Through @bridgekit/react's own dependency: only for the workaround below, gone at the merge.
import { useSWRConfig } from 'swr';

/** What `setupTwoFactor` resolves: the secret to type in, and the URI an authenticator scans. */
export interface TwoFactorSetup {
  secret: string;
  /** `otpauth://totp/…` */
  uri: string;
}

/**
 * The account actions `useAuth()` is about to gain (issue 18), under the names it will give
 * them, so the pages need no change when it does: at that merge this file goes and the pages
 * call `useAuth()` instead.
 */
export interface UseAccountResult {
  register: UseAuthAccountResult['register'];
  requestPasswordReset: UseAuthAccountResult['requestPasswordReset'];
  resetPassword: UseAuthAccountResult['resetPassword'];
  changePassword: UseAuthAccountResult['changePassword'];
  verifyTwoFactor: UseAuthAccountResult['verifyTwoFactor'];
  /** Starts a two-factor setup for the signed-in user (nothing changes until `enableTwoFactor`). */
  setupTwoFactor(): Promise<TwoFactorSetup>;
  /** Turns two-factor sign-in on with a code of the new secret; the recovery codes come once. */
  enableTwoFactor(code: string): Promise<{ recoveryCodes: string[] }>;
  /** Turns two-factor sign-in off with a current code or a recovery code. */
  disableTwoFactor(code: string): Promise<void>;
  /** `true` while one of the actions runs. */
  isAccountLoading: boolean;
  /** The last action's failure (a `BridgeApiError`), cleared when the next one starts. */
  accountError: Error | null;
}

type Action = Exclude<keyof UseAccountResult, 'isAccountLoading' | 'accountError'>;

/**
 * The demo's stand-in for the account part of `useAuth()`: the lifecycle of
 * `useAuthAccount()` plus the three two-factor management calls, which no hook has yet.
 *
 * @example
 * const { register, isAccountLoading, accountError } = useAccount();
 */
export function useAccount(): UseAccountResult {
  const account = useAuthAccount();
  const client = useBridgeClient();
  const swr = useSWRConfig();
  const [status, setStatus] = useState<{ isLoading: boolean; error: Error | null }>({
    isLoading: false,
    error: null,
  });

  const actions = useMemo(() => {
    // One loading / error state for every action, like `login`'s in `useAuth`.
    const tracked =
      <A extends unknown[], R>(action: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
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
    const post = async <T>(path: string, body: unknown): Promise<T> => {
      const response = await client.post<T>(path, body);
      if (!response.success) throw BridgeApiError.fromResponse(response);
      return response.data as T;
    };
    // `useAuth().login` refetches the queries that failed while signed out; the lifecycle's
    // sign-ins (`register`, `verifyTwoFactor`) do not yet, so after a sign-out in the same tab
    // the products table would wait forever. Done here until `useAuthAccount` does it.
    const signingIn =
      <A extends unknown[], R>(action: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        const result = await action(...args);
        void invalidateBridgeQueries(swr, { instanceId: 'default' });
        return result;
      };
    const all: Pick<UseAccountResult, Action> = {
      register: tracked(signingIn(account.register)),
      requestPasswordReset: tracked(account.requestPasswordReset),
      resetPassword: tracked(account.resetPassword),
      changePassword: tracked(account.changePassword),
      verifyTwoFactor: tracked(signingIn(account.verifyTwoFactor)),
      setupTwoFactor: tracked(() => post<TwoFactorSetup>('/auth/2fa/setup', {})),
      enableTwoFactor: tracked(async (code: string) => {
        const data = await post<{ recoveryCodes: string[] }>('/auth/2fa/enable', { code });
        return { recoveryCodes: data.recoveryCodes };
      }),
      disableTwoFactor: tracked(async (code: string) => {
        await post('/auth/2fa/disable', { code });
      }),
    };
    return all;
    // The lifecycle's actions are stable per instance; its own loading state is not used here.
  }, [
    client,
    swr,
    account.register,
    account.requestPasswordReset,
    account.resetPassword,
    account.changePassword,
    account.verifyTwoFactor,
  ]);

  return useMemo(
    () => ({ ...actions, isAccountLoading: status.isLoading, accountError: status.error }),
    [actions, status],
  );
}
