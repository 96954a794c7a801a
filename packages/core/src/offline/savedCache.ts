/**
 * An instance's cache as it is kept in storage: one JSON document,
 * `{ v: 1, buster, userId, entries: [[swrKey, key, data, fetchedAt], ...] }`. It holds the
 * entries of one user only, and is used only under the same user and buster.
 */
import type { StorageAdapter } from '../contract/http';

/** One saved query: SWR's key text, the key itself, the data, and when it was fetched (ms). */
export type SavedEntry = [swrKey: string, key: unknown[], data: unknown, fetchedAt: number];

/** Whom and what a saved cache is for. */
export interface SavedScope {
  buster: string;
  /** The signed-in user (`null`: nobody). */
  userId: string | null;
}

const VERSION = 1;

/**
 * The entries saved under `key` for `scope` that are younger than `maxAge`; `[]` when there
 * are none, or the document is for another user or buster, or cannot be read (it is then
 * removed: it will never be used).
 *
 * @example
 * const entries = await readSavedCache(storage, 'bridgekit_cache', { buster: '', userId: '7' }, 86_400_000);
 */
export async function readSavedCache(
  storage: StorageAdapter,
  key: string,
  scope: SavedScope,
  maxAge: number,
): Promise<SavedEntry[]> {
  try {
    const text = await storage.getItem(key);
    if (!text) return [];
    const document = JSON.parse(text) as Partial<SavedScope> & { v?: unknown; entries?: unknown };
    if (
      document?.v === VERSION &&
      document.buster === scope.buster &&
      document.userId === scope.userId &&
      Array.isArray(document.entries)
    ) {
      const now = Date.now();
      return (document.entries as unknown[]).filter(
        (entry): entry is SavedEntry =>
          Array.isArray(entry) &&
          typeof entry[0] === 'string' &&
          Array.isArray(entry[1]) &&
          typeof entry[3] === 'number' &&
          now - entry[3] <= maxAge,
      );
    }
    await storage.removeItem(key);
  } catch {
    // Unreadable: nothing to restore.
  }
  return [];
}

/**
 * Saves `entries` under `key` (removes the key when there are none). An entry that cannot be
 * written as JSON is left out; a storage failure (a full quota) is ignored: the cache is a
 * convenience, the next save tries again.
 *
 * @example
 * await writeSavedCache(storage, 'bridgekit_cache', { buster: '', userId: '7' }, entries);
 */
export async function writeSavedCache(
  storage: StorageAdapter,
  key: string,
  scope: SavedScope,
  entries: readonly SavedEntry[],
): Promise<void> {
  const parts: string[] = [];
  for (const entry of entries) {
    try {
      parts.push(JSON.stringify(entry));
    } catch {
      // A cycle or a BigInt in the data: this query is not kept.
    }
  }
  try {
    if (parts.length === 0) {
      await storage.removeItem(key);
      return;
    }
    const head = JSON.stringify({ v: VERSION, buster: scope.buster, userId: scope.userId });
    await storage.setItem(key, `${head.slice(0, -1)},"entries":[${parts.join(',')}]}`);
  } catch {
    // Full or unavailable: the next save tries again.
  }
}
