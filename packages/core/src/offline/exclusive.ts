/**
 * One task at a time per name, across the tabs of an origin where the browser has the Web
 * Locks API (a lock is let go when its tab closes or crashes), else within this JavaScript
 * realm (React Native, Node, two instances of one page).
 */

interface LockManager {
  request<T>(name: string, task: () => Promise<T>): Promise<T>;
}

// The tail of each name's chain, for runtimes without Web Locks.
const chains = new Map<string, Promise<unknown>>();

/**
 * Runs `task` once no other task holds `name`; resolves or rejects as `task` does.
 *
 * @example
 * await exclusive('bridgekit:offline:https://api.example.com', () => replayNext());
 */
export function exclusive<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (typeof locks?.request === 'function') return locks.request(name, task);
  const run = (chains.get(name) ?? Promise.resolve()).then(task, task);
  const tail = run.catch(() => {});
  chains.set(name, tail);
  void tail.then(() => {
    if (chains.get(name) === tail) chains.delete(name);
  });
  return run;
}
