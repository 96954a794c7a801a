/**
 * Memory: sequential calls through one client against the loopback JSON server; heap after
 * forced GC at 10 % of the calls and at the end. Run by run.ts in a child process started
 * with `--expose-gc`.
 */
import { createClient } from '@bridgekit/core';
import { childMain } from './lib/runChild';
import { startJsonServer } from './lib/startJsonServer';
import { round } from './lib/stats';

/** Options of the memory benchmark. */
export interface MemoryOptions {
  quick?: boolean;
}

/** What the memory benchmark reports. */
export interface MemoryResult {
  calls: number;
  checkpoint: number;
  /** MB of heap used after GC: after warm-up, at the checkpoint and at the end. */
  heapMb: { start: number; atCheckpoint: number; atEnd: number };
  growthMb: number;
  failures: number;
  seconds: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

async function heapAfterGc(): Promise<number> {
  // Several passes with turns of the event loop in between, so finalizers and weak
  // callbacks (sockets, timers) have run before the reading.
  for (let i = 0; i < 4; i++) {
    gc!();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed / 2 ** 20;
}

/**
 * Runs the benchmark: 100 000 calls (10 000 with `quick`), heap measured at 10 % and 100 %.
 *
 * @example
 * const { growthMb } = await measureMemory({ quick: true });
 */
export async function measureMemory(options: MemoryOptions): Promise<MemoryResult> {
  if (gc === undefined) throw new Error('memory.ts needs node --expose-gc');
  const calls = options.quick ? 10_000 : 100_000;
  const checkpoint = calls / 10;
  const server = await startJsonServer();
  try {
    const client = createClient(`${server.url}/api`);
    let failures = 0;
    const call = async () => {
      const res = await client.get('/products', { params: { page: 1 } });
      if (!res.success) failures++;
    };
    for (let i = 0; i < 500; i++) await call();
    const start = await heapAfterGc();
    const t0 = performance.now();
    for (let i = 0; i < checkpoint; i++) await call();
    const atCheckpoint = await heapAfterGc();
    for (let i = checkpoint; i < calls; i++) {
      await call();
      if (i % 10_000 === 0) process.stderr.write(`  memory ${i}/${calls}\r`);
    }
    const atEnd = await heapAfterGc();
    process.stderr.write('\n');
    return {
      calls,
      checkpoint,
      heapMb: { start: round(start), atCheckpoint: round(atCheckpoint), atEnd: round(atEnd) },
      growthMb: round(atEnd - atCheckpoint),
      failures,
      seconds: round((performance.now() - t0) / 1000, 1),
    };
  } finally {
    await server.close();
  }
}

if (process.send !== undefined) childMain(measureMemory);
