/**
 * The queue's writes in IndexedDB (through `idb`): one database per queue, one object store
 * `writes` keyed by an auto-incremented `seq` (the order writes were kept in, across tabs), with
 * a unique index on `id`. Every change is one `readwrite` transaction with `durability: 'strict'`
 * (the browser reports it complete once it is on disk, where it supports that); tabs change the
 * same records, never a document one of them read earlier, so no tab writes over another's.
 */
import { type DBSchema, type IDBPDatabase, type IDBPObjectStore, openDB } from 'idb';
import type { NewWrite, StoredWrite, WriteStore } from './writeStore';

interface QueueSchema extends DBSchema {
  writes: { key: number; value: StoredWrite; indexes: { id: string } };
}

type Writes = IDBPObjectStore<QueueSchema, ['writes'], 'writes', 'readwrite'>;

const VERSION = 1;
const DURABLE: IDBTransactionOptions = { durability: 'strict' };

/**
 * The IndexedDB store of the queue named `name`. The database opens on first use; a failed
 * open or transaction rejects that change (the queue then refuses the write), and the next
 * change opens again.
 *
 * @example
 * const store = indexedDbStore('bridgekit_offline_queue');
 * await store.add(write);
 */
export function indexedDbStore(name: string): WriteStore {
  let opened: Promise<IDBPDatabase<QueueSchema>> | undefined;
  const database = () => {
    opened ??= openDB<QueueSchema>(name, VERSION, {
      upgrade(db) {
        const writes = db.createObjectStore('writes', { keyPath: 'seq', autoIncrement: true });
        writes.createIndex('id', 'id', { unique: true });
      },
      // Another tab opens a newer version: let it, and open again on the next change.
      blocking() {
        void close();
      },
      terminated() {
        opened = undefined;
      },
    });
    // A failed open is tried again by the next change.
    opened.catch(() => {
      opened = undefined;
    });
    return opened;
  };
  const close = async () => {
    const db = opened;
    opened = undefined;
    (await db?.catch(() => undefined))?.close();
  };

  // One change, one durable transaction: resolves once it committed, rejects when it failed.
  const change = async <T>(work: (writes: Writes) => Promise<T>): Promise<T> => {
    const tx = (await database()).transaction('writes', 'readwrite', DURABLE);
    const [result] = await Promise.all([work(tx.store), tx.done]);
    return result;
  };

  return {
    async list() {
      return (await database()).getAll('writes');
    },
    async add(write: NewWrite) {
      // `seq` is given by the store (the key path, auto-incremented).
      const seq = await change((writes) => writes.add(write as StoredWrite));
      return { ...write, seq };
    },
    update(write) {
      return change(async (writes) => {
        // Only a write that is still there: one another tab removed stays removed.
        const there = (await writes.count(write.seq)) > 0;
        if (there) await writes.put(write);
        return there;
      });
    },
    remove(id) {
      return change(async (writes) => {
        const seq = await writes.index('id').getKey(id);
        if (seq !== undefined) await writes.delete(seq);
      });
    },
    close() {
      void close();
    },
  };
}
