/**
 * Random version-4 UUIDs for `Idempotency-Key`s: `crypto.randomUUID` where the platform has
 * it, else 16 bytes from `crypto.getRandomValues`, else from `Math.random` (Hermes without a
 * crypto polyfill). A key only has to be unique among one user's writes, which 122 random bits
 * are with any of the three sources.
 */

function randomBytes(): Uint8Array {
  const bytes = new Uint8Array(16);
  const crypto = (globalThis as { crypto?: Partial<Crypto> }).crypto;
  if (typeof crypto?.getRandomValues === 'function') return crypto.getRandomValues(bytes);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return bytes;
}

/**
 * A random UUID (version 4, RFC 9562), e.g. `'3b241101-e2bb-4255-8caf-4136c566a962'`.
 *
 * @example
 * const key = randomUuid();
 * await api.post('/orders', order, { headers: { 'Idempotency-Key': key } });
 */
export function randomUuid(): string {
  const crypto = (globalThis as { crypto?: Partial<Crypto> }).crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = randomBytes();
  // The version (4) in the high nibble of byte 6, the variant (binary 10) in byte 8.
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}
