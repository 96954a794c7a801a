import { readdirSync, rmSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

let counter = 0;

// A rename is an entry of the folder: until the folder itself is synced, a power cut may
// bring the old file back. Windows cannot open a folder to sync it (and needs no such sync).
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes JSON to a temporary file beside `file`, syncs it, renames it over `file` and syncs
 * the folder, so a crash or a power cut at any moment leaves either the old or the new
 * content, never a torn file, and once it resolves the new content is on the disk.
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
  await syncFolder(dirname(file));
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes temporary files that `writeJsonAtomic` left beside `file` when a process was killed
 * mid-write (`<file>.<pid>.<n>.tmp` of processes that no longer run), so crashes do not
 * accumulate them.
 *
 * @example
 * removeStaleTempFiles('/tmp/data.json');
 */
export function removeStaleTempFiles(file: string): void {
  const prefix = `${basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(\d+)\.\d+\.tmp$/.exec(name.slice(prefix.length));
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || processAlive(pid)) continue;
    rmSync(join(dirname(file), name), { force: true });
  }
}

/**
 * Serializes writes of a changing value to one file. `save()` resolves once a write that
 * started after the call has finished, so every change made before `save()` is on disk;
 * calls that arrive while a write runs share the next write. `onWrite`, when given, is called
 * as each write takes its snapshot, and the function it returns once that write has ended
 * (`true`: on disk), before `save()` resolves: what the snapshot held is known to be written.
 *
 * @example
 * const queue = createWriteQueue(file, () => store.snapshot());
 * store.insert(row);
 * await queue.save();
 */
export function createWriteQueue(
  file: string,
  snapshot: () => unknown,
  onWrite: () => (written: boolean) => void = () => () => {},
): { save(): Promise<void>; flush(): Promise<void> } {
  let tail: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  return {
    save() {
      if (queued) return queued;
      const next = tail.then(async () => {
        queued = null;
        const ended = onWrite();
        try {
          await writeJsonAtomic(file, snapshot());
        } catch (err) {
          ended(false);
          throw err;
        }
        ended(true);
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
