/**
 * Two-factor sign-in, a part of the auth lifecycle (docs/guide/auth.md, "Two-factor sign-in"):
 * completing a sign-in that needs a second factor with the kept challenge, and turning two-factor
 * sign-in on and off for the signed-in user.
 */
import { nonEmptyString } from '../checks';
import { BridgeApiError } from '../services/BridgeApiError';
import type { AccountRequests } from './accountFlows';
import type { AuthLifecycle } from './authLifecycleTypes';
import { dataOf, type LifecycleContext } from './lifecycleState';

/** Verify a sign-in's second factor; set up, enable and disable two-factor sign-in. */
export type TwoFactorFlows = Pick<
  AuthLifecycle,
  'verifyTwoFactor' | 'setupTwoFactor' | 'enableTwoFactor' | 'disableTwoFactor'
>;

/**
 * The two-factor flows of one lifecycle. The challenge comes from the state: a login (or any
 * sign-in) answered `{ twoFactorRequired: true, challenge }` put it there.
 *
 * @example
 * const { verifyTwoFactor } = twoFactorFlows(context, accountRequests(context));
 */
export function twoFactorFlows(
  { store }: LifecycleContext,
  requests: AccountRequests,
): TwoFactorFlows {
  const { post } = requests;
  return {
    async verifyTwoFactor(code) {
      nonEmptyString('code', code);
      const { challenge } = store.state;
      if (challenge === undefined) {
        throw new BridgeApiError('No sign-in is waiting for a second factor', {
          status: 0,
          code: 'CLIENT_ERROR',
        });
      }
      const answer = await post('twoFactorVerify', { challenge, code }, { signIn: true });
      const user = await requests.signIn(answer);
      store.dispatch({ type: 'secondFactorAnswered' });
      return user;
    },
    async setupTwoFactor() {
      const data = dataOf((await post('twoFactorSetup', {}, { includeSession: true })).data);
      if (typeof data.secret !== 'string' || typeof data.uri !== 'string') {
        throw new BridgeApiError('The two-factor setup response holds no secret and uri', {
          status: 200,
          code: 'INVALID_RESPONSE',
        });
      }
      return { secret: data.secret, uri: data.uri };
    },
    async enableTwoFactor(code) {
      const fields = { code: nonEmptyString('code', code) };
      const data = dataOf((await post('twoFactorEnable', fields, { includeSession: true })).data);
      const codes = data.recoveryCodes ?? data.recovery_codes;
      return { recoveryCodes: Array.isArray(codes) ? codes.map(String) : [] };
    },
    async disableTwoFactor(code) {
      await post(
        'twoFactorDisable',
        { code: nonEmptyString('code', code) },
        { includeSession: true },
      );
    },
  };
}
