/**
 * `npm run bench [-- --check] [--quick] [--only=a,b]`: runs the benchmarks, prints every
 * budget as pass/fail, writes bench/results/latest.json and BENCHMARKS.md (or, with --quick,
 * bench/results/quick.json only). With --check the exit code is 1 when a budget fails.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { type BenchResults, checkBudgets, failsCheck } from './budgets';
import type { HooksResult } from './hooks';
import type { LikeMatchResult } from './likeMatch';
import type { LiveFanoutResult } from './liveFanout';
import { machineInfo } from './lib/machine';
import { runChild } from './lib/runChild';
import { renderReport } from './lib/renderReport';
import type { MemoryResult } from './memory';
import type { OfflineReplayResult } from './offlineReplay';
import type { OverheadResult } from './overhead';
import type { QueryStringResult } from './queryString';
import { measureSize } from './size';
import { measureTypes } from './types';

const ALL = [
  'overhead',
  'querystring',
  'size',
  'hooks',
  'memory',
  'like',
  'types',
  'offline',
  'live',
] as const;
type BenchName = (typeof ALL)[number];

function parseArgs(argv: string[]) {
  let check = false;
  let quick = false;
  let only: BenchName[] = [...ALL];
  for (const arg of argv) {
    if (arg === '--check') check = true;
    else if (arg === '--quick') quick = true;
    else if (arg.startsWith('--only=')) {
      const names = arg.slice(7).split(',').filter(Boolean);
      for (const name of names) {
        if (!(ALL as readonly string[]).includes(name)) {
          throw new TypeError(`--only: unknown benchmark "${name}" (one of ${ALL.join(', ')})`);
        }
      }
      only = names as BenchName[];
    } else if (arg === '--help' || arg === '-h') {
      console.log(
        'usage: npm run bench -- [--check] [--quick] [--only=overhead,querystring,size,hooks,memory,like,types,offline,live]',
      );
      process.exit(0);
    } else {
      throw new TypeError(`unknown argument "${arg}" (try --help)`);
    }
  }
  return { check, quick, only };
}

async function main(): Promise<number> {
  const { check, quick, only } = parseArgs(process.argv.slice(2));
  const t0 = performance.now();
  const loadStart = os.loadavg()[0]!;
  const machine = machineInfo();
  console.log(
    `Bridgekit benchmarks${quick ? ' (quick)' : ''}: Node ${machine.node}, ${machine.cores} × ${machine.cpuModel}, load ${loadStart.toFixed(2)}`,
  );
  const results: BenchResults = {};
  const step = async <R>(name: BenchName, run: () => Promise<R>): Promise<R | undefined> => {
    if (!only.includes(name)) return undefined;
    const start = performance.now();
    console.log(`▶ ${name}`);
    const value = await run();
    console.log(`  done in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    return value;
  };
  const options = { quick };
  results.overhead = await step('overhead', () =>
    runChild<OverheadResult>('overhead.ts', { options }),
  );
  results.queryString = await step('querystring', () =>
    runChild<QueryStringResult>('queryString.ts', { options }),
  );
  results.size = await step('size', measureSize);
  results.hooks = await step('hooks', () => runChild<HooksResult>('hooks.tsx', { options }));
  results.memory = await step('memory', () =>
    runChild<MemoryResult>('memory.ts', { options, execArgv: ['--expose-gc'] }),
  );
  results.likeMatch = await step('like', () =>
    runChild<LikeMatchResult>('likeMatch.ts', { options }),
  );
  results.types = await step('types', () => measureTypes(options));
  results.offlineReplay = await step('offline', () =>
    runChild<OfflineReplayResult>('offlineReplay.ts', { options }),
  );
  results.liveFanout = await step('live', () =>
    runChild<LiveFanoutResult>('liveFanout.ts', { options }),
  );

  const budgets = checkBudgets(results);
  const seconds = (performance.now() - t0) / 1000;
  const load = { start: loadStart, end: os.loadavg()[0]! };
  console.log('\nBudgets:');
  for (const b of budgets) {
    let state = b.pass ? 'PASS' : 'FAIL';
    if (!b.pass && b.timing) state = 'OVER (timing: reported, not checked)';
    console.log(`  ${state}  ${b.budget}: ${b.measured}`);
  }

  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const json = { machine, load, quick, only, seconds, results, budgets };
  const jsonFile = `${dir}${quick ? 'quick' : 'latest'}.json`;
  writeFileSync(jsonFile, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nWrote ${jsonFile}`);
  // The committed report shows a full run of everything; quick or partial runs leave it.
  if (!quick && only.length === ALL.length) {
    const file = fileURLToPath(new URL('../BENCHMARKS.md', import.meta.url));
    writeFileSync(file, renderReport({ machine, load, quick, seconds, results, budgets }));
    console.log(`Wrote ${file}`);
  }
  const met = budgets.filter((b) => b.pass).length;
  const failing = budgets.filter(failsCheck);
  console.log(
    `${met}/${budgets.length} budgets met; ${failing.length} failing (timing figures are reported, not checked).`,
  );
  return check && failing.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
