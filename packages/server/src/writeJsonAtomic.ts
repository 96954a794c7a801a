import { open, rename, rm } from 'node:fs/promises';

let counter = 0;

/**
 * Writes JSON to a temporary file beside `file`, syncs it, then renames it over `file`, so a
 * crash at any moment leaves either the old or the new content, never a torn file.
 *
 * @example
 * await writeJsonAtomic('/tmp/data.json', { entities: {} });
 */
export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  const tmp = `${file}.${process.pid}.${++counter}.tmp`;
  const handle = await open(tmp, 'w');
  try {
    await handle.writeFile(`${JSON.stringify(value, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/**
 * Serializes writes of a changing value to one file. `save()` resolves once a write that
 * started after the call has finished, so every change made before `save()` is on disk;
 * calls that arrive while a write runs share the next write.
 *
 * @example
 * const queue = createWriteQueue(file, () => store.snapshot());
 * store.insert(row);
 * await queue.save();
 */
export function createWriteQueue(
  file: string,
  snapshot: () => unknown,
): { save(): Promise<void>; flush(): Promise<void> } {
  let tail: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  return {
    save() {
      if (queued) return queued;
      const next = tail.then(() => {
        queued = null;
        return writeJsonAtomic(file, snapshot());
      });
      queued = next;
      tail = next.catch(() => {});
      return next;
    },
    flush() {
      return tail;
    },
  };
}
