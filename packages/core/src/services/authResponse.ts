/**
 * The default reading of auth answers (`DialectAuth.user` and `DialectAuth.login`): where a
 * backend keeps the user, its type, the session and the expiry.
 */
import { isRecord } from '../checks';
import type { LoginResult, User } from '../contract/auth';

/** Whether `value` is a plain object (a user candidate): the core's one object test. */
export const isUser = isRecord as (value: unknown) => value is User;

/** Accepts `data: user` as well as `data: { user }`. */
export function userFrom(data: unknown): User | null {
  if (!isUser(data)) return null;
  if (!('id' in data) && isUser((data as { user?: unknown }).user)) {
    return (data as { user: User }).user;
  }
  return data;
}

function firstString(data: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = data[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/**
 * The default `DialectAuth.user`: the user of `data` (or of `data.user`), with `userType`
 * taken from `userType`, `user_type` or `role` where the backend keeps it elsewhere.
 *
 * @example
 * readUser({ id: 1, role: 'admin' }); // { id: 1, role: 'admin', userType: 'admin' }
 */
export function readUser(raw: unknown): User | null {
  const user = userFrom(raw);
  if (!user) return null;
  const userType = firstString(user, ['userType', 'user_type', 'role']);
  return userType === undefined || user.userType === userType ? user : { ...user, userType };
}

const SESSION_KEYS = ['sessionId', 'session_id', 'accessToken', 'access_token', 'token', 'jwt'];

/**
 * The session of an auth answer's `data`: `sessionId`, `session_id`, `accessToken`,
 * `access_token`, `token` or `jwt`, whichever comes first; `undefined` when none.
 *
 * @example
 * readSession({ jwt: 'eyJ…', user: {} }); // 'eyJ…'
 */
export function readSession(data: unknown): string | undefined {
  return isUser(data) ? firstString(data, SESSION_KEYS) : undefined;
}

/**
 * The default `DialectAuth.login`: a login answer -> `{ user, sessionId, expiresAt }`. The
 * session is read from `sessionId`, `session_id`, `accessToken`, `access_token`, `token` or
 * `jwt`, the user from `user` (with `readUser`), the expiry from `expiresAt`/`expires_at`.
 *
 * @example
 * readLogin({ user: { id: '1', user_type: 'admin' }, session_id: 's1' });
 * // { user: { id: '1', user_type: 'admin', userType: 'admin' }, sessionId: 's1' }
 */
export function readLogin(
  data: unknown,
  toUser: (raw: unknown) => User | null = readUser,
): LoginResult | undefined {
  if (!isUser(data)) return undefined;
  const user = data.user === undefined ? null : toUser(data.user);
  const sessionId = readSession(data);
  if (!user || sessionId === undefined) return undefined;
  const expiresAt = firstString(data, ['expiresAt', 'expires_at']);
  return { user, sessionId, ...(expiresAt !== undefined && { expiresAt }) };
}
