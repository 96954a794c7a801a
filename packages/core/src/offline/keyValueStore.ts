/**
 * The queue's writes in key-value storage (React Native's AsyncStorage, a `StorageAdapter` the
 * app gives): one JSON document per queue, `{ v: 2, writes: [...] }`, oldest write first. Each
 * change reads the document, changes it and writes it back under a lock (`exclusive`: Web Locks
 * across tabs where the platform has them, else within this JavaScript realm), so two changes
 * never write over each other. A document that cannot be read counts as empty; a write in it that
 * is not well formed is left out (it could not be sent as it was). Documents of the first format
 * (`v: 1`) are read as pending and failed writes.
 */
import type { StorageAdapter } from '../contract/http';
import { exclusive } from './exclusive';
import { isWrite } from './queuedRequest';
import type { NewWrite, StoredWrite, WriteStore } from './writeStore';

const VERSION = 2;
const STATUSES = new Set(['pending', 'failed', 'conflict', 'unknown', 'expired']);

function isStoredWrite(value: unknown): value is StoredWrite {
  const write = value as Partial<StoredWrite> | null;
  return (
    typeof write === 'object' &&
    write !== null &&
    typeof write.id === 'string' &&
    typeof write.key === 'string' &&
    typeof write.seq === 'number' &&
    typeof write.method === 'string' &&
    isWrite(write.method) &&
    typeof write.endpoint === 'string' &&
    typeof write.queuedAt === 'number' &&
    typeof write.attempts === 'number' &&
    typeof write.headers === 'object' &&
    write.headers !== null &&
    (write.userId === null || typeof write.userId === 'string') &&
    STATUSES.has(write.status as string)
  );
}

/** A write of the first format (`{ id, …, failed? }`) as the queue keeps it now. */
function fromFirstFormat(value: unknown, index: number): unknown {
  const { failed, ...write } = (value ?? {}) as Record<string, unknown>;
  return { ...write, key: write.id, seq: index + 1, status: failed ? 'failed' : 'pending' };
}

async function read(storage: StorageAdapter, key: string): Promise<StoredWrite[]> {
  const text = await storage.getItem(key);
  if (!text) return [];
  try {
    const document = JSON.parse(text) as { v?: unknown; writes?: unknown };
    if (!Array.isArray(document?.writes)) return [];
    if (document.v === 1) return document.writes.map(fromFirstFormat).filter(isStoredWrite);
    return document.v === VERSION ? document.writes.filter(isStoredWrite) : [];
  } catch {
    return [];
  }
}

/**
 * The key-value store of the queue kept under `key` in `storage`; its changes take turns
 * under the lock `lock`. A storage that throws (a full quota) rejects the change.
 *
 * @example
 * const store = keyValueStore(asyncStorage, 'bridgekit_offline_queue', 'bridgekit:offline:…');
 */
export function keyValueStore(storage: StorageAdapter, key: string, lock: string): WriteStore {
  const change = <T>(edit: (writes: StoredWrite[]) => { writes: StoredWrite[]; result: T }) =>
    exclusive(`${lock}:store`, async () => {
      const { writes, result } = edit(await read(storage, key));
      if (writes.length === 0) await storage.removeItem(key);
      else await storage.setItem(key, JSON.stringify({ v: VERSION, writes }));
      return result;
    });

  return {
    list: () => read(storage, key),
    add: (write: NewWrite) =>
      change((writes) => {
        const kept = { ...write, seq: (writes.at(-1)?.seq ?? 0) + 1 };
        return { writes: [...writes, kept], result: kept };
      }),
    update: (write) =>
      change((writes) => {
        const there = writes.some((w) => w.seq === write.seq);
        return { writes: writes.map((w) => (w.seq === write.seq ? write : w)), result: there };
      }),
    remove: (id) =>
      change((writes) => ({ writes: writes.filter((w) => w.id !== id), result: undefined })),
    close() {},
  };
}
