/**
 * Every budget of the benchmarks, in one place. `npm run bench -- --check` fails when one is
 * exceeded. Each budget reads the raw results and says what it measured and whether it holds.
 */
import type { HooksResult } from './hooks';
import type { LikeMatchResult } from './likeMatch';
import type { MemoryResult } from './memory';
import type { OverheadResult } from './overhead';
import type { QueryStringResult } from './queryString';
import type { SizeResult } from './size';

/** The raw figures of one run (also written to bench/results/latest.json). */
export interface BenchResults {
  overhead?: OverheadResult;
  queryString?: QueryStringResult;
  size?: SizeResult;
  hooks?: HooksResult;
  memory?: MemoryResult;
  likeMatch?: LikeMatchResult;
}

/** The outcome of one budget. */
export interface BudgetOutcome {
  id: string;
  budget: string;
  measured: string;
  pass: boolean;
  /** The regression guard of a target not met yet (see `Budget.guard`). */
  guard?: string;
  guardPass?: boolean;
}

/**
 * A budget is the target an issue set. Where a target is not met yet and waits on a decision
 * (issue 9's note says which and why), a looser `guard` at about today's figure keeps CI
 * failing on any regression in the meantime: `--check` fails on a missed target without a
 * guard, and on a broken guard. The report still shows the target as failed.
 */
interface Budget {
  id: string;
  budget: string;
  /** `undefined` when the benchmark it reads did not run. */
  check(results: BenchResults): { measured: string; pass: boolean } | undefined;
  guard?: { text: string; pass(results: BenchResults): boolean };
}

/** Whether a budget outcome makes `--check` fail. */
export function failsCheck(outcome: BudgetOutcome): boolean {
  return !outcome.pass && outcome.guardPass !== true;
}

const CORE = '@bridgekit/core';
const RAW = 'fetch + json()';
export const MAX_CORE_RATIO = 1.05;
export const CORE_FULL_MAX_GZ = 4000;
export const HOOKS_MAX_GZ = 4000;
export const QUERY_MAX_SLOWDOWN = 3;
export const MAX_HEAP_GROWTH_MB = 5;
export const LIKE_MAX_MS = 5;
// Regression guards for the targets not met yet (measured 2026-11-22: ratio 1.09–1.23× on a
// loaded 2-core machine, core 11.72 KB, provider + spec hooks 4.12 KB). Ratios get room for shared-CI noise.
export const GUARD_CORE_RATIO = 1.3;
export const GUARD_RIVAL_FACTOR = 1.1;
export const GUARD_CORE_FULL_GZ = 12_500;
export const GUARD_HOOKS_GZ = 4_500;

function overheadBudgets(mode: 'sequential' | 'concurrent'): Budget[] {
  return [
    {
      id: `overhead.${mode}.ratio`,
      budget: `${mode}: ${CORE} ≤ ${MAX_CORE_RATIO}× raw fetch (median of per-round ratios)`,
      check: ({ overhead }) => {
        if (!overhead) return undefined;
        const ratio = overhead[mode][CORE]!.ratio;
        return { measured: `${ratio.toFixed(3)}×`, pass: ratio <= MAX_CORE_RATIO };
      },
      guard: {
        text: `≤ ${GUARD_CORE_RATIO}×`,
        pass: ({ overhead }) => overhead![mode][CORE]!.ratio <= GUARD_CORE_RATIO,
      },
    },
    {
      id: `overhead.${mode}.rivals`,
      budget: `${mode}: ${CORE} faster per call than ky and axios (median µs)`,
      check: ({ overhead }) => {
        if (!overhead) return undefined;
        const f = overhead[mode];
        const core = f[CORE]!.medianUs;
        return {
          measured: `${core} µs vs ky ${f.ky!.medianUs} µs, axios ${f.axios!.medianUs} µs`,
          pass: core < f.ky!.medianUs && core < f.axios!.medianUs,
        };
      },
      guard: {
        text: `≤ ${GUARD_RIVAL_FACTOR}× the faster of ky and axios`,
        pass: ({ overhead }) => {
          const f = overhead![mode];
          const rival = Math.min(f.ky!.medianUs, f.axios!.medianUs);
          return f[CORE]!.medianUs <= rival * GUARD_RIVAL_FACTOR;
        },
      },
    },
  ];
}

function sizeOf(size: SizeResult, name: string): number {
  const entry = size.bridgekit.find((e) => e.name === name);
  if (!entry) throw new Error(`size entry missing: ${name}`);
  return entry.gzBytes;
}

/** Every budget, in the order they are printed. */
export const BUDGETS: Budget[] = [
  ...overheadBudgets('sequential'),
  ...overheadBudgets('concurrent'),
  {
    id: 'queryString.speed',
    budget: `toQueryString() of a built 10-filter chain no slower than ${QUERY_MAX_SLOWDOWN}× URLSearchParams`,
    check: ({ queryString }) => {
      if (!queryString) return undefined;
      const r = queryString.results;
      const builder = r['QueryBuilder: toQueryString() of a built chain']!.opsPerSec;
      const usp = r['URLSearchParams(entries).toString()']!.opsPerSec;
      const slowdown = usp / builder;
      return { measured: `${slowdown.toFixed(2)}× slower`, pass: slowdown <= QUERY_MAX_SLOWDOWN };
    },
  },
  {
    id: 'size.core',
    budget: `${CORE} full entry ≤ ${CORE_FULL_MAX_GZ / 1000} KB min+gz`,
    check: ({ size }) => {
      if (!size) return undefined;
      const gz = sizeOf(size, '@bridgekit/core (full)');
      return { measured: `${(gz / 1000).toFixed(2)} KB`, pass: gz <= CORE_FULL_MAX_GZ };
    },
    guard: {
      text: `≤ ${GUARD_CORE_FULL_GZ / 1000} KB`,
      pass: ({ size }) => sizeOf(size!, '@bridgekit/core (full)') <= GUARD_CORE_FULL_GZ,
    },
  },
  {
    id: 'size.hooks',
    budget: `@bridgekit/react/hooks: provider + the 7 spec hooks (own code) ≤ ${HOOKS_MAX_GZ / 1000} KB min+gz`,
    check: ({ size }) => {
      if (!size) return undefined;
      const gz = sizeOf(
        size,
        '@bridgekit/react/hooks: provider + the 7 hooks of the spec, own code',
      );
      return { measured: `${(gz / 1000).toFixed(2)} KB`, pass: gz <= HOOKS_MAX_GZ };
    },
    guard: {
      text: `≤ ${GUARD_HOOKS_GZ / 1000} KB`,
      pass: ({ size }) =>
        sizeOf(size!, '@bridgekit/react/hooks: provider + the 7 hooks of the spec, own code') <=
        GUARD_HOOKS_GZ,
    },
  },
  {
    id: 'hooks.dedup',
    budget: 'N components on one list → 1 request at the server',
    check: ({ hooks }) =>
      hooks && {
        measured: `${hooks.consumers} components → ${hooks.mountRequests} request(s)`,
        pass: hooks.mountRequests === 1,
      },
  },
  {
    id: 'hooks.renders',
    budget: 'renders per consumer for one fetch ≤ 2',
    check: ({ hooks }) =>
      hooks && {
        measured: `max ${hooks.rendersPerConsumerMax}, mean ${hooks.rendersPerConsumerMean}`,
        pass: hooks.rendersPerConsumerMax <= 2,
      },
  },
  {
    id: 'hooks.revalidation',
    budget: 'one create → one revalidation per affected key, none elsewhere',
    check: ({ hooks }) => {
      if (!hooks) return undefined;
      const m = hooks.mutation;
      return {
        measured: `${m.affectedKeys} keys → ${m.revalidations} GET(s), ${m.posts} POST, ${m.otherEndpointRequests} other`,
        pass: m.posts === 1 && m.revalidations === m.affectedKeys && m.otherEndpointRequests === 0,
      };
    },
  },
  {
    id: 'memory.growth',
    budget: `heap growth between 10 % and 100 % of the calls < ${MAX_HEAP_GROWTH_MB} MB`,
    check: ({ memory }) =>
      memory && {
        measured: `${memory.growthMb} MB over ${memory.calls - memory.checkpoint} calls (${memory.failures} failed)`,
        pass: memory.growthMb < MAX_HEAP_GROWTH_MB && memory.failures === 0,
      },
  },
  {
    id: 'server.like',
    budget: `server like worst case ≤ ${LIKE_MAX_MS} ms per row (200-character pattern, 10 KB value)`,
    check: ({ likeMatch }) =>
      likeMatch && {
        measured: `${likeMatch.worstMs} ms`,
        pass: likeMatch.worstMs <= LIKE_MAX_MS,
      },
  },
];

/**
 * Evaluates every budget whose benchmark ran.
 *
 * @example
 * const failed = checkBudgets(results).filter((b) => !b.pass);
 */
export function checkBudgets(results: BenchResults): BudgetOutcome[] {
  const out: BudgetOutcome[] = [];
  for (const budget of BUDGETS) {
    const outcome = budget.check(results);
    if (!outcome) continue;
    const guard = budget.guard && {
      guard: budget.guard.text,
      guardPass: budget.guard.pass(results),
    };
    out.push({ id: budget.id, budget: budget.budget, ...outcome, ...guard });
  }
  return out;
}

export { RAW as RAW_FETCH_NAME, CORE as CORE_NAME };
