import { hashSecretToken } from './secretToken';
import { normalizeRecoveryCode, verifyTotp } from './totp';
import type { EntityRow } from './types';

/**
 * Checks a second factor of a user with two-factor sign-in: a current TOTP code (not used
 * before) or one of the unused recovery codes. Returns the user row as it must be stored
 * after that use (the code's step remembered, or the recovery code struck off), or
 * `undefined` when the code is wrong.
 *
 * @example
 * const after = acceptSecondFactor(user, body.code);
 * if (after) ctx.store.put(users, after);
 */
export function acceptSecondFactor(user: EntityRow, code: string): EntityRow | undefined {
  const secret = user.twoFactorSecret;
  if (typeof secret !== 'string') return undefined;
  const lastStep = typeof user.twoFactorLastStep === 'number' ? user.twoFactorLastStep : undefined;
  const step = verifyTotp(secret, code.trim(), lastStep);
  if (step !== undefined) return { ...user, twoFactorLastStep: step };
  const stored = Array.isArray(user.twoFactorRecoveryCodes) ? user.twoFactorRecoveryCodes : [];
  const hash = hashSecretToken(normalizeRecoveryCode(code));
  if (!stored.includes(hash)) return undefined;
  return { ...user, twoFactorRecoveryCodes: stored.filter((h) => h !== hash) };
}
