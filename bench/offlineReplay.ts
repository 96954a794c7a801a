/**
 * The offline write queue replaying 1 000 writes against the reference server (in this
 * process, on a loopback port), with preconditions on (the queue's record versions): half are
 * creates, half are edits (`PATCH`, four to each of 125 tasks read first, so each carries
 * `If-Match`: the version read, then the one the user's previous edit gave). The writes are made
 * while the platform says offline (each kept in storage at once), then the platform comes back
 * online and the queue sends them, in order, one at a time, each with its `Idempotency-Key`. A
 * loopback proxy in front of the server drops the answer of every 100th write after the server
 * applied it, so those go again with the same key. The figures: the time to queue, the time to
 * replay and its writes per second, whether every create was applied exactly once and in order,
 * whether every task ends with its last edit, and that no edit conflicted with the user's own.
 * Run by run.ts in a child process.
 */
import { createServer as createHttpServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthService, createClient, MemoryStorage } from '@bridgekit/core';
import { type Connectivity, offlineQueue } from '@bridgekit/core/offline';
import { createServer } from '@bridgekit/server';
import { childMain } from './lib/runChild';
import { now, round } from './lib/stats';

/** Options of the offline replay benchmark. */
export interface OfflineReplayOptions {
  quick?: boolean;
}

/** What the offline replay benchmark reports. */
export interface OfflineReplayResult {
  writes: number;
  /** Answers the proxy dropped after the server applied the write. */
  droppedAnswers: number;
  /** ms to queue every write while offline (each one kept in storage). */
  queueMs: number;
  /** ms from back online until the queue was empty. */
  replayMs: number;
  writesPerSecond: number;
  /** Requests the server received during the replay (writes plus the repeats of lost answers). */
  requests: number;
  /** Replayed requests that carried `If-Match` (the edits, and their repeats). */
  withIfMatch: number;
  /** Writes that ended in `conflicts` or `failed` (none: the edits were all the user's own). */
  notApplied: number;
  /** Every create is on the server exactly once. */
  exactlyOnce: boolean;
  /** The server applied the creates in the order they were made, and every task ends with its last edit. */
  inOrder: boolean;
}

const WRITES = 1000;
const DROP_EVERY = 100;
/** Edits per task read: each carries the version the previous one gave. */
const EDITS_PER_TASK = 4;

/** A proxy that forwards everything, and loses the answer of every `DROP_EVERY`th new write. */
async function startLossyProxy(apiUrl: string) {
  const api = new URL(apiUrl);
  let writes = 0;
  let dropped = 0;
  let requests = 0;
  let withIfMatch = 0;
  const seen = new Set<string>();
  const server = createHttpServer((req, res) => {
    requests++;
    if (req.headers['if-match'] !== undefined) withIfMatch++;
    const key = req.headers['idempotency-key'];
    const first = typeof key === 'string' && !seen.has(key);
    if (first) seen.add(key);
    const drop = first && ++writes % DROP_EVERY === 0;
    const upstream = forward(
      {
        host: api.hostname,
        port: api.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (part: Buffer) => parts.push(part));
        answer.on('end', () => {
          if (drop) {
            dropped++;
            req.socket.destroy();
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(parts));
        });
      },
    );
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${api.pathname}`,
    counts: () => ({ dropped, requests, withIfMatch }),
    resetRequests: () => {
      requests = 0;
      withIfMatch = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The platform's connectivity, switched by the benchmark. */
function connectivitySwitch() {
  let online = false;
  const listeners = new Set<(online: boolean) => void>();
  const connectivity: Connectivity = {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const set = (next: boolean) => {
    online = next;
    for (const listener of listeners) listener(next);
  };
  return { connectivity, set };
}

/**
 * Runs the benchmark.
 *
 * @example
 * const { replayMs, exactlyOnce } = await measureOfflineReplay({ quick: true });
 */
export async function measureOfflineReplay(
  options: OfflineReplayOptions,
): Promise<OfflineReplayResult> {
  const writes = options.quick ? 200 : WRITES;
  const server = createServer({ seed: 'demo', loginThrottle: false });
  const { url } = await server.listen(0, '127.0.0.1');
  const proxy = await startLossyProxy(url);
  try {
    const client = createClient(proxy.url, { storage: new MemoryStorage() });
    const auth = createAuthService(client);
    await auth.login({ email: 'editor@example.com', password: 'editor123' });
    const net = connectivitySwitch();
    const queue = offlineQueue({ retryDelay: 1 })({ client, auth, connectivity: net.connectivity });
    const stop = queue.start();
    const run = `replay-${Date.now()}`;
    const creates = Array.from(
      { length: writes / 2 },
      (_, i) => `${run}-${String(i).padStart(4, '0')}`,
    );
    // The tasks to edit, read first: the queue's record versions keep their ETags.
    const edited = Array.from({ length: writes / 2 / EDITS_PER_TASK }, (_, i) => String(i + 1));
    for (const id of edited) {
      const read = await client.get(`/tasks/${id}`);
      if (!read.headers?.get('etag')) throw new Error(`GET /tasks/${id} gave no ETag`);
    }
    const lastTitle = (id: string) => `${run}-edit-${id}-${EDITS_PER_TASK - 1}`;

    const queuing = now();
    for (let i = 0; i < writes / 2; i++) {
      const created = await client.post('/tasks', { title: creates[i], status: 'todo' });
      const id = edited[i % edited.length]!;
      const edit = Math.floor(i / edited.length);
      const patched = await client.patch(`/tasks/${id}`, { title: `${run}-edit-${id}-${edit}` });
      for (const res of [created, patched]) {
        if (res.code !== 'QUEUED') throw new Error(`a write was not queued: ${res.error}`);
      }
    }
    const queueMs = now() - queuing;

    proxy.resetRequests();
    const done = new Promise<void>((resolve) => {
      const unsubscribe = queue.subscribe(({ pending }) => {
        if (pending.length > 0) return;
        unsubscribe();
        resolve();
      });
    });
    const replaying = now();
    net.set(true);
    await done;
    const replayMs = now() - replaying;
    const { conflicts, failed } = queue.getState();
    stop();

    const rows = (server.snapshot().entities.tasks?.rows ?? []) as Array<{
      id: unknown;
      title: string;
    }>;
    const ours = rows.filter((row) => row.title.startsWith(run) && !row.title.includes('-edit-'));
    const counts = new Map<string, number>();
    for (const row of ours) counts.set(row.title, (counts.get(row.title) ?? 0) + 1);
    const exactlyOnce =
      creates.every((name) => counts.get(name) === 1) && ours.length === creates.length;
    const applied = ours.map((row) => row.title);
    const lastEdits = edited.every(
      (id) => rows.find((row) => String(row.id) === id)?.title === lastTitle(id),
    );
    const inOrder = applied.every((title, i) => title === creates[i]) && lastEdits;
    const { dropped, requests, withIfMatch } = proxy.counts();
    return {
      writes,
      droppedAnswers: dropped,
      queueMs: round(queueMs, 1),
      replayMs: round(replayMs, 1),
      writesPerSecond: round((writes / replayMs) * 1000, 1),
      requests,
      withIfMatch,
      notApplied: conflicts.length + failed.length,
      exactlyOnce,
      inOrder,
    };
  } finally {
    await proxy.close();
    await server.close();
  }
}

if (process.send !== undefined) childMain(measureOfflineReplay);
