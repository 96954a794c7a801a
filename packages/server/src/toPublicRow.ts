import type { EntityRow } from './types';

/**
 * A row as clients see it: never the password hash.
 *
 * @example
 * reply.send({ success: true, data: toPublicRow(user) });
 */
export function toPublicRow(row: EntityRow): EntityRow {
  if (!('passwordHash' in row)) return row;
  const { passwordHash: _hidden, ...rest } = row;
  return rest as EntityRow;
}
