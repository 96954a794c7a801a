import type { ServerContext } from './ServerContext';
import type { EntityRow } from './types';

/**
 * The user with this e-mail or user name (case-insensitive), if any.
 *
 * @example
 * const user = findUser(ctx, 'ADMIN@example.com'); // the admin row
 */
export function findUser(
  ctx: ServerContext,
  email?: string,
  userName?: string,
): EntityRow | undefined {
  const users = ctx.store.entity('users');
  if (!users) return undefined;
  const key = (email ?? userName ?? '').toLowerCase();
  const field = email ? 'email' : 'userName';
  for (const user of users.rows.values()) {
    const value = user[field];
    if (typeof value === 'string' && value.toLowerCase() === key) return user;
  }
  return undefined;
}
