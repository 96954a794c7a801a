/**
 * Soak: 100 000 client calls (10 000 with `--quick`) against the fault server with random
 * faults (resets, hangs, 5xx, 429/503, malformed JSON, redirects, caller aborts, ...).
 * Passes when every call resolved with a well-formed ApiResponse, nothing rejected unhandled,
 * and the heap after GC grew by less than 5 MB between the warm-up and the end.
 *
 *   npm run test:soak               # 100 000 calls
 *   npm run test:soak -- --quick    # 10 000 calls (CI)
 *   npm run test:soak -- --calls 50000 --json out.json
 *
 * Needs `global.gc`: without `--expose-gc` the script runs itself again with it.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type ApiResponse, createClient } from '../packages/core/src/index';
import { type FaultMode, startFaultServer } from '../packages/core/test/reliability/faultServer';

const gc = (globalThis as { gc?: () => void }).gc;
if (typeof gc !== 'function') {
  const self = fileURLToPath(import.meta.url);
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', self, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(run.status ?? 1);
}

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    calls: { type: 'string' },
    concurrency: { type: 'string', default: '32' },
    json: { type: 'string' },
  },
});
const CALLS = Number(values.calls ?? (values.quick ? 10_000 : 100_000));
const CONCURRENCY = Number(values.concurrency);
const BUDGET_BYTES = 5 * 1024 * 1024;
if (!Number.isInteger(CALLS) || CALLS < 100)
  throw new RangeError('--calls must be an integer >= 100');

/** Faults and their weights; `abort` is a caller abort on a normal request. */
const MIX: Array<[FaultMode | 'abort', number]> = [
  ['ok', 40],
  ['abort', 5],
  ['reset-before-headers', 6],
  ['reset-mid-body', 6],
  ['hang', 1],
  ['slow-body', 4],
  ['burst-5xx', 6],
  ['429-seconds', 4],
  ['503-date', 4],
  ['malformed-json', 5],
  ['huge-body', 2],
  ['redirect-cross-origin', 5],
  ['redirect-loop', 1],
  ['html-502', 5],
  ['html-404', 4],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [, w]) => sum + w, 0);
function pick(): FaultMode | 'abort' {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const [mode, weight] of MIX) {
    r -= weight;
    if (r < 0) return mode;
  }
  return 'ok';
}

const VERBS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function wellFormed(res: ApiResponse): boolean {
  if (typeof res !== 'object' || res === null) return false;
  if (typeof res.success !== 'boolean' || typeof res.status !== 'number') return false;
  if (res.success !== (res.status >= 200 && res.status < 300)) return false;
  if (!res.success && typeof res.error !== 'string') return false;
  if (res.status === 0 && !['NETWORK_ERROR', 'TIMEOUT', 'ABORTED'].includes(String(res.code))) {
    return false;
  }
  return true;
}

const heapAfterGc = () => {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
};

async function main(): Promise<number> {
  let unhandled = 0;
  process.on('unhandledRejection', () => {
    unhandled++;
  });
  const other = await startFaultServer('ok');
  const server = await startFaultServer('ok', {
    hangMs: 400,
    slowChunks: 3,
    slowChunkMs: 2,
    burst: 1,
    hugeBytes: 256 * 1024,
    retryAfterSeconds: 0,
    redirectTo: `${other.url}/landing`,
  });
  const errors = { count: 0 };
  const api = createClient(server.url, {
    sessionId: 'soak-session',
    retryAttempts: 1,
    retryDelay: 1,
    timeout: 250,
    onError: () => {
      errors.count++;
    },
  });

  const outcomes = new Map<string, number>();
  let malformed = 0;
  let leaked = 0;
  let done = 0;
  let next = 0;
  const warmup = Math.floor(CALLS / 10);
  let baseline = 0;
  const samples: Array<{ calls: number; heapMB: number }> = [];
  const started = performance.now();

  const one = async (i: number) => {
    const fault = pick();
    const controller = fault === 'abort' ? new AbortController() : undefined;
    if (controller) setTimeout(() => controller.abort(), Math.random() * 3);
    const endpoint = `/soak?fault=${fault === 'abort' ? 'slow-body' : fault}&call=${i}`;
    const verb = VERBS[i % VERBS.length]!;
    const options = { signal: controller?.signal, headers: { 'X-Call': String(i) } };
    const res =
      verb === 'get' || verb === 'delete'
        ? await api[verb](endpoint, options)
        : await api[verb](endpoint, { i }, options);
    if (!wellFormed(res)) malformed++;
    const key = res.status === 0 ? String(res.code) : String(res.status);
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  };

  // Warm-up, then the baseline heap, then the rest.
  const runUntil = async (limit: number) => {
    const workers: Promise<void>[] = [];
    const bounded = async () => {
      while (next < limit) {
        const i = next++;
        await one(i);
        done++;
        if (done % 1000 === 0) {
          // The fault servers record requests for tests; a soak must not keep them.
          for (const req of other.requests) {
            if (req.headers['x-session-id'] !== undefined) leaked++;
          }
          server.forget();
          other.forget();
          if (done >= warmup) samples.push({ calls: done, heapMB: mb(heapAfterGc()) });
        }
      }
    };
    for (let w = 0; w < CONCURRENCY; w++) workers.push(bounded());
    await Promise.all(workers);
  };
  await runUntil(warmup);
  server.forget();
  other.forget();
  baseline = heapAfterGc();
  await runUntil(CALLS);
  for (const req of other.requests) if (req.headers['x-session-id'] !== undefined) leaked++;
  server.forget();
  other.forget();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const end = heapAfterGc();
  const seconds = (performance.now() - started) / 1000;
  await Promise.all([server.close(), other.close()]);

  const growth = end - baseline;
  const result = {
    calls: done,
    seconds: Number(seconds.toFixed(1)),
    concurrency: CONCURRENCY,
    outcomes: Object.fromEntries([...outcomes].sort()),
    onErrorCalls: errors.count,
    malformed,
    unhandledRejections: unhandled,
    sessionLeaks: leaked,
    heapBaselineMB: mb(baseline),
    heapEndMB: mb(end),
    heapGrowthMB: mb(growth),
    heapBudgetMB: mb(BUDGET_BYTES),
    samples,
    passed:
      done === CALLS && malformed === 0 && unhandled === 0 && leaked === 0 && growth < BUDGET_BYTES,
  };
  console.log(
    `soak: ${done} calls in ${result.seconds} s (concurrency ${CONCURRENCY}); outcomes ${JSON.stringify(result.outcomes)}`,
  );
  console.log(
    `soak: heap after GC ${result.heapBaselineMB} MB after warm-up -> ${result.heapEndMB} MB at the end (growth ${result.heapGrowthMB} MB, budget < 5 MB)`,
  );
  console.log(
    `soak: malformed responses ${malformed}, unhandled rejections ${unhandled}, session sent to the other origin ${leaked}`,
  );
  console.log(`soak: ${result.passed ? 'PASSED' : 'FAILED'}`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`);
  return result.passed ? 0 : 1;
}

function mb(bytes: number): number {
  return Number((bytes / 1024 / 1024).toFixed(2));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
