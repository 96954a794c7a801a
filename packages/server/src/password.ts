import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
// scrypt is deliberately slow; seeds hash the same demo passwords again for every server a
// test suite starts, so identical (salt, password) pairs are computed once per process.
const memo = new Map<string, string>();

/**
 * Hashes a password with scrypt and a salt: `scrypt$<salt base64>$<hash base64>`.
 * A fixed `salt` gives a deterministic result (used for the demo seed).
 *
 * @example
 * const stored = hashPassword('admin123');
 * await verifyPassword('admin123', stored); // true
 */
export function hashPassword(password: string, salt: Buffer = randomBytes(16)): string {
  const key = `${salt.toString('base64')}\u0000${password}`;
  const known = memo.get(key);
  if (known) return known;
  const hash = scryptSync(password, salt, KEY_LENGTH);
  const stored = `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
  memo.set(key, stored);
  return stored;
}

/**
 * Checks a password against a stored `hashPassword` result in constant time.
 *
 * @example
 * if (!(await verifyPassword(body.password, user.passwordHash))) throw new HttpError(401, '...');
 */
export async function verifyPassword(password: string, stored: unknown): Promise<boolean> {
  if (typeof stored !== 'string') return false;
  const [scheme, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  const salt = Buffer.from(saltText, 'base64');
  const memoKey = `${saltText}\u0000${password}`;
  const known = memo.get(memoKey);
  const actual = known
    ? Buffer.from(known.split('$')[2] ?? '', 'base64')
    : await new Promise<Buffer>((resolve, reject) =>
        scrypt(password, salt, expected.length || KEY_LENGTH, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
