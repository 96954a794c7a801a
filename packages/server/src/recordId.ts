import { HttpError } from './HttpError';

// `.` and `..` are path segments, `/` `\` separate them and NUL ends C strings: none of them
// may name a record, whatever a client, proxy or file system later does with the id.
const UNSAFE = /[/\\\0]/;

/**
 * Throws a 400 `HttpError` for a record id that is `.`, `..` or contains `/`, `\` or NUL.
 *
 * @example
 * assertSafeId('42'); // fine
 * assertSafeId('..'); // throws HttpError(400)
 */
export function assertSafeId(id: string): void {
  if (id === '.' || id === '..' || UNSAFE.test(id)) {
    throw new HttpError(
      400,
      `Invalid id ${JSON.stringify(id)}: ".", ".." and ids with / \\ or NUL are refused`,
    );
  }
}
