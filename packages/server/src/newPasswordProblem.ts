/** The shortest password `register` and `password/reset` accept. */
export const MIN_PASSWORD_LENGTH = 8;
// scrypt's cost grows with the input; nobody needs more.
const MAX_PASSWORD_LENGTH = 1024;

/**
 * Why a new password is refused, or `undefined` when it is acceptable: a string of 8 to 1024
 * characters.
 *
 * @example
 * const problem = newPasswordProblem('password', body.password);
 * if (problem) errors.password = problem;
 */
export function newPasswordProblem(field: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return `${field} is required`;
  if (value.length < MIN_PASSWORD_LENGTH) {
    return `${field} must have at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (value.length > MAX_PASSWORD_LENGTH) {
    return `${field} must have at most ${MAX_PASSWORD_LENGTH} characters`;
  }
  return undefined;
}
