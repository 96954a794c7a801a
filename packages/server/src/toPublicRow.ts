import type { EntityRow } from './types';

/**
 * Fields of a user row that are the server's alone: the password hash and the two-factor
 * state. Never returned, and kept when a row is replaced.
 *
 * @example
 * for (const field of SECRET_FIELDS) if (field in existing) row[field] = existing[field];
 */
export const SECRET_FIELDS: readonly string[] = [
  'passwordHash',
  'twoFactorSecret',
  'twoFactorPendingSecret',
  'twoFactorRecoveryCodes',
  'twoFactorLastStep',
];

/**
 * A row as clients see it: never the password hash or two-factor secrets; a user with
 * two-factor sign-in shows `twoFactorEnabled: true`.
 *
 * @example
 * reply.send({ success: true, data: toPublicRow(user) });
 */
export function toPublicRow(row: EntityRow): EntityRow {
  if (!SECRET_FIELDS.some((field) => field in row)) return row;
  const shown: EntityRow = { ...row };
  for (const field of SECRET_FIELDS) delete shown[field];
  if (typeof row.twoFactorSecret === 'string') shown.twoFactorEnabled = true;
  return shown;
}
