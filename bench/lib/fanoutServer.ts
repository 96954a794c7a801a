/**
 * The reference server in a process of its own, for the change-feed fan-out benchmark: its
 * memory is then the server's alone. Forked by liveFanout.ts with `--expose-gc`; says
 * `{ url }` over IPC once it listens, answers `'memory'` with its memory after a collection,
 * and on `'stop'` closes and exits.
 */
import { createServer } from '@bridgekit/server';

/** The server's memory, in bytes, after a full collection. */
export interface ServerMemory {
  heapUsed: number;
  rss: number;
  /** Buffers and other memory outside the JS heap (socket buffers included). */
  external: number;
}

const { subscribers } = JSON.parse(process.env.FANOUT_OPTIONS ?? '{}') as { subscribers: number };
const server = createServer({
  seed: 'demo',
  loginThrottle: false,
  // Every subscriber is one user's feed; the heartbeat stays out of the measured window.
  changeFeed: { maxFeedsPerUser: subscribers, heartbeatMs: 600_000 },
});
const { url } = await server.listen(0, '127.0.0.1');
process.send!({ url });
process.on('message', async (message) => {
  if (message === 'memory') {
    globalThis.gc?.();
    const { heapUsed, rss, external } = process.memoryUsage();
    process.send!({ heapUsed, rss, external } satisfies ServerMemory);
  } else if (message === 'stop') {
    await server.close();
    process.exit(0);
  }
});
