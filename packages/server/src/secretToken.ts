import { createHash, randomBytes } from 'node:crypto';

/**
 * A new bearer secret: 32 random bytes, base64url (refresh tokens, reset tokens, challenges).
 *
 * @example
 * const token = newSecretToken(); // 43 characters
 */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the server keeps of a bearer secret: its SHA-256, base64url. A fast hash is enough
 * because the secrets are random (256 bits, or 50 bits for recovery codes, which are also
 * throttled); nobody can guess them from the hash.
 *
 * @example
 * tokens.set(hashSecretToken(token), record);
 */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
