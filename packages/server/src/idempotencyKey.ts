import type { FastifyRequest } from 'fastify';
import { HttpError } from './HttpError';
import { sha256 } from './idempotencyStore';

/** The longest `Idempotency-Key` accepted, in characters (a UUID is 36). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

// Visible ASCII only: what random keys (UUIDs, ULIDs, base64) are made of, and nothing a
// proxy could rewrite.
const KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

/**
 * The request's `Idempotency-Key`, or `undefined` when it has none. A key sent as a
 * structured-field string (`"…"`, as the IETF draft writes it) counts as the same key bare.
 * An empty key, one over 255 characters or one with other than visible ASCII is a 400.
 *
 * @example
 * idempotencyKeyOf(request); // '8e03978e-40d5-43e8-bc93-6894a57f9324'
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const sent = Array.isArray(header) ? header.join(', ') : header;
  const key = /^"(.*)"$/s.exec(sent)?.[1] ?? sent;
  if (!KEY.test(key)) {
    throw new HttpError(
      400,
      `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters (a UUID, for example)`,
    );
  }
  return key;
}

// Objects with their members sorted, so the same body sent with its members in another order
// is the same request. (Member names of one object are distinct: no two compare equal.)
function sortedMembers(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * What a key is bound to: the method, the path with its query and the body (as JSON with the
 * members of its objects sorted), hashed. A key sent again with another fingerprint is a 422.
 *
 * @example
 * requestFingerprint(request); // 'mTq8…' (SHA-256, base64url)
 */
export function requestFingerprint(request: FastifyRequest): string {
  const body = request.body === undefined ? '' : JSON.stringify(request.body, sortedMembers);
  return sha256(`${request.method} ${request.url}\n${body}`);
}
