/**
 * The queue as it is kept in storage: one JSON document per instance,
 * `{ v: 1, writes: [...] }`, oldest write first. A document that cannot be read is treated as
 * empty; a write in it that is not well formed is left out (it could not be sent as it was).
 */
import type { StorageAdapter } from '../contract/http';
import { isWrite } from './queuedRequest';
import type { QueuedWrite } from './queueTypes';

/** A queued write with what only the queue needs. */
export interface StoredWrite extends QueuedWrite {
  /** Its own headers (no credential; see `keptHeaders`). */
  readonly headers: Record<string, string>;
  /** The user who made it (`null`: nobody was signed in); it is sent only under their session. */
  readonly userId: string | null;
  /** Given up: refused by the server, or out of attempts. */
  readonly failed?: boolean;
}

const VERSION = 1;

function isStoredWrite(value: unknown): value is StoredWrite {
  const write = value as Partial<StoredWrite> | null;
  return (
    typeof write === 'object' &&
    write !== null &&
    typeof write.id === 'string' &&
    typeof write.method === 'string' &&
    isWrite(write.method) &&
    typeof write.endpoint === 'string' &&
    typeof write.queuedAt === 'number' &&
    typeof write.attempts === 'number' &&
    typeof write.headers === 'object' &&
    write.headers !== null &&
    (write.userId === null || typeof write.userId === 'string')
  );
}

/**
 * The writes kept under `key`, oldest first; `[]` when there are none or they cannot be read.
 *
 * @example
 * const writes = await readWrites(storage, 'bridgekit_offline_queue');
 */
export async function readWrites(storage: StorageAdapter, key: string): Promise<StoredWrite[]> {
  let text: string | null;
  try {
    text = await storage.getItem(key);
  } catch {
    return [];
  }
  if (!text) return [];
  try {
    const document = JSON.parse(text) as { v?: unknown; writes?: unknown };
    if (document?.v !== VERSION || !Array.isArray(document.writes)) return [];
    return document.writes.filter(isStoredWrite);
  } catch {
    return [];
  }
}

/**
 * Keeps `writes` under `key` (removes the key when there are none). Rejects when storage
 * does (a full quota): the caller decides what that means.
 *
 * @example
 * await writeWrites(storage, 'bridgekit_offline_queue', [...writes, added]);
 */
export async function writeWrites(
  storage: StorageAdapter,
  key: string,
  writes: readonly StoredWrite[],
): Promise<void> {
  if (writes.length === 0) await storage.removeItem(key);
  else await storage.setItem(key, JSON.stringify({ v: VERSION, writes }));
}
