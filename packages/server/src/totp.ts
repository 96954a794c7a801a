import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD_S = 30;
const ISSUER = 'Bridgekit';

/**
 * A new TOTP secret (160 random bits, RFC 4226's recommended size), base32.
 *
 * @example
 * user.twoFactorPendingSecret = newTotpSecret();
 */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The `otpauth://totp/...` URI an authenticator app scans (SHA-1, 6 digits, 30 s: what every
 * app supports).
 *
 * @example
 * totpUri(secret, 'ada@example.com'); // 'otpauth://totp/Bridgekit:ada%40example.com?...'
 */
export function totpUri(secret: string, label: string): string {
  return totpFor(secret, label).toString();
}

/**
 * Checks a 6-digit code against the secret, allowing one step of clock drift either way.
 * Returns the time step the code belongs to, or `undefined` when it is wrong or its step is
 * not after `lastStep` (a code works once: replaying it is refused).
 *
 * @example
 * const step = verifyTotp(user.twoFactorSecret, body.code, user.twoFactorLastStep);
 * if (step === undefined) throw new HttpError(401, 'Invalid two-factor code');
 */
export function verifyTotp(
  secret: string,
  code: string,
  lastStep?: number,
  now: number = Date.now(),
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpFor(secret, '').validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(now / 1000 / PERIOD_S) + delta;
  return lastStep !== undefined && step <= lastStep ? undefined : step;
}

// 32 symbols without look-alikes (no l, o, 0, 1), so one random byte & 31 picks one evenly.
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/**
 * `count` recovery codes like `k7fq2-mx9ta` (50 random bits each).
 *
 * @example
 * const codes = newRecoveryCodes(10);
 */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const chars = [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * A recovery code as typed, made comparable: lower case, without spaces or dashes.
 *
 * @example
 * normalizeRecoveryCode(' K7FQ2 MX9TA '); // 'k7fq2mx9ta'
 */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}
