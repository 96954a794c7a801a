import { sha256 } from './idempotencyStore';
import { toPublicRow } from './toPublicRow';
import type { EntityRow } from './types';

// What an entity tag may hold between its quotes (RFC 9110 etagc, ASCII only).
const ENTITY_TAG = /^"[\x21\x23-\x7e]*"$/;

/**
 * The strong entity tag (`ETag`) of a record at a revision: `"<revision>-<hash>"`, where the
 * revision is the data set's change counter when the record was last written (0 for rows
 * never written here) and the hash is 16 characters of the SHA-256 of the record as clients
 * see it. The revision never repeats for a data file (it is saved with it), so a tag never
 * comes back for a newer state of a record, even one that returns to earlier content; the hash
 * keeps tags of two processes apart when a revision was handed out twice (an in-memory server
 * restarted from its seed, or a change lost with a crash before it reached the disk). Clients
 * treat the tag as opaque.
 *
 * @example
 * entityTag(42, { id: '1', name: 'Lamp' }); // '"42-Qm9sZGx5IGdv"'
 */
export function entityTag(revision: number, row: EntityRow): string {
  return `"${revision}-${sha256(JSON.stringify(toPublicRow(row))).slice(0, 16)}"`;
}

/**
 * Whether a value is an entity tag as `entityTag` writes it (a quoted string of visible ASCII
 * without `"`), for checking tags read from a data file.
 *
 * @example
 * isEntityTag('"3-abc"'); // true
 * isEntityTag('3-abc'); // false
 */
export function isEntityTag(value: unknown): value is string {
  return typeof value === 'string' && ENTITY_TAG.test(value);
}

/**
 * A weak entity tag for an answer's text (`W/"<hash>"`): lists carry one, so a client polling
 * a list gets a 304 while the page it asked for reads the same.
 *
 * @example
 * weakEntityTag(JSON.stringify(body)); // 'W/"h3Xz…"'
 */
export function weakEntityTag(text: string): string {
  return `W/"${sha256(text).slice(0, 22)}"`;
}
