/**
 * Every budget of the benchmarks, in one place. `npm run bench -- --check` fails when one is
 * exceeded. Each budget reads the raw results and says what it measured and whether it holds.
 */
import type { HooksResult } from './hooks';
import type { LikeMatchResult } from './likeMatch';
import type { MemoryResult } from './memory';
import type { OfflineReplayResult } from './offlineReplay';
import { CORE_NO_TIMEOUT, INIT, type OverheadResult } from './overhead';
import type { QueryStringResult } from './queryString';
import {
  APP_BUNDLE,
  APP_BUNDLE_OFFLINE,
  DIALECT_FACTORIES,
  dialectEntryName,
  type SizeResult,
} from './size';

/** The raw figures of one run (also written to bench/results/latest.json). */
export interface BenchResults {
  overhead?: OverheadResult;
  queryString?: QueryStringResult;
  size?: SizeResult;
  hooks?: HooksResult;
  memory?: MemoryResult;
  likeMatch?: LikeMatchResult;
  offlineReplay?: OfflineReplayResult;
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
  /** Reported only: timing never fails `--check`. */
  timing?: boolean;
}

/**
 * A budget is a target for a size or a speed. Where a target is not met yet and waits on a
 * decision (BENCHMARKS.md says which and why), a looser `guard` at about today's figure keeps CI
 * failing on any regression in the meantime: `--check` fails on a missed target without a
 * guard, and on a broken guard. The report still shows the target as failed.
 */
interface Budget {
  id: string;
  budget: string;
  /** `undefined` when the benchmark it reads did not run. */
  check(results: BenchResults): { measured: string; pass: boolean } | undefined;
  guard?: { text: string; pass(results: BenchResults): boolean };
  /** A timing figure: reported, never a `--check` failure (see `timing`). */
  timing?: boolean;
}

/** Whether a budget outcome makes `--check` fail. */
export function failsCheck(outcome: BudgetOutcome): boolean {
  return !outcome.pass && outcome.guardPass !== true && outcome.timing !== true;
}

const CORE = '@bridgekit/core';
const RAW = 'fetch + json()';
// The targets (BENCHMARKS.md lists each with today's figure).
export const MAX_INIT_RATIO = 1.01;
export const MAX_PIPELINE_US = 6;
// Size budgets as they stand now; the goals after them are printed beside them.
export const CREATE_CLIENT_MAX_GZ = 7500;
export const CORE_FULL_MAX_GZ = 11_000;
export const HOOKS_MAX_GZ = 4000;
export const APP_BUNDLE_MAX_GZ = 18_000;
const GOALS: Record<string, number> = {
  'size.createClient': 6500,
  'size.core': 10_000,
  'size.app': 15_000,
};
export const DIALECT_MAX_GZ = 1200;
// Guard until the dialects meet their target (measured 2026-11-24 after the shared toolkit:
// strapi 1.97 KB, djangoRest 1.93 KB, laravel 1.89 KB, jsonServer 1.87 KB, postgrest 1.85 KB,
// feathers 1.77 KB; each alone now carries restProvider, dialectQuery, listPage and
// flattenErrors, about 0.1-0.2 KB more than its hand-written parts, while all six together
// fell from 6.89 to 6.86 KB). Raised from 1.85 KB for that toolkit: see budgetNotes. Raised
// from 2.00 to 2.35 KB the same day when a dialect's transport parts (envelope, errors,
// session header) left the kernel for a middleware each dialect carries (dialectTransport,
// about 0.7 KB minified): strapi 1.97 -> 2.33, feathers 1.94 -> 2.28, djangoRest 1.93 -> 2.26,
// laravel 1.89 -> 2.24, jsonServer 1.87 -> 2.22, postgrest 1.85 -> 2.20 KB. To 2.40 KB when the
// session part learned to replace a default header of its name but yield to the request's own
// (a Supabase anon key until sign-in): strapi 2.37 KB. Lowered to 2.25 KB after the dialect
// size pass of 2026-11-24 (the built-ins skip the checks of their literal transport parts, the
// error mapping is shorter, strapi lost its use of flattenErrors): djangoRest 2.29 -> 2.22,
// feathers 2.32 -> 2.21, laravel 2.28 -> 2.19, jsonServer 2.26 -> 2.18, strapi 2.37 -> 2.17,
// postgrest 2.24 -> 2.16 KB; all six together 7.44 -> 7.33 KB. Raised to 2.35 KB the same day
// when dialectTransport moved the session with the kernel's header functions (getHeader,
// deleteHeader, putHeader, headerMap) instead of its own copies: each dialect alone +0.11 KB,
// while an app with createClient and a dialect, where those functions already ship, is
// 0.05 KB smaller (createClient + strapi 11.32 -> 11.27 KB).
export const GUARD_DIALECT_GZ = 2_350;
export const QUERY_MAX_SLOWDOWN = 3;
export const MAX_HEAP_GROWTH_MB = 5;
export const LIKE_MAX_MS = 5;
// Regression guards for sizes not at target yet: deterministic, so CI holds them at about
// today's figures and fails on any growth past them. Measured 2026-11-24 after the middleware
// pipeline with the origin guard last (pipeline, transport, originGuard: about +0.45 KB
// minified over the client hooks they replace), per-instance storage keys, the mutation store
// in core and the hooks' retry policy (Retry-After), with the auth lifecycle now opt-in:
// createClient 9.88 KB, core 14.21 KB, hooks 4.63 KB, app 23.48 KB (25.45 KB before). Moved
// the same day: cookie sessions and cross-tab sync became opt-in modules, the auth service is
// created when a hook first needs it, the kernel lost repeated code, and the attempts of one
// task share their time-out signal (+0.15 KB; the in-memory call went from about 6.5 to 3 µs
// over fetch): see the figures in BENCHMARKS.md. Then a size pass with no feature cut (shared
// checks and wording, one isRecord, a smaller builder and serializer): createClient 9.72 KB,
// core 14.11 KB. The hooks' cache and registry keys now carry an entity's own dialect (two
// entities on one endpoint with different backends never share): hooks 4.55 -> 4.56 KB; app
// bundle 23.29 KB. A size pass on the hooks with no feature cut (useAuth takes the account
// actions the lifecycle module gives, one choice check, a smaller provider, guard and retry
// policy): hooks 4.56 -> 4.30 KB, app bundle 23.29 -> 23.08 KB. A second size pass on core
// with no feature cut (each top-level statement of the minified output removed in turn to find
// what costs; then one base-URL check, smaller builder and serializer paths, the services'
// errors in the shared sentence): createClient 9.73 -> 9.51 KB, core 14.11 -> 13.77 KB, app
// bundle 23.07 -> 22.79 KB. Then the dialect's transport parts became a middleware (the kernel
// lost the errors mapping and the session scheme, and tracks the session by its value so a
// moved or copied session header never leaves the base origin), and createClient refuses a
// dialect written for the old contract (session/errors at the top level, envelope: false
// without a transport: 0.06 KB of it) and a transport that is not a function (0.02 KB):
// createClient +0.09 KB, core +0.09 KB, app bundle +0.08 KB: createClient 9.62 KB, core 13.87 KB,
// app bundle 22.90 KB. A size pass on the kernel's files with no feature cut and no behaviour
// change (2026-11-24: the pipeline's stages an enum the bundler writes in as numbers, smaller
// response, call-state, params and network-failure paths): createClient 9.62 -> 9.55 KB, core
// 13.87 -> 13.81 KB, app bundle 22.90 -> 22.85 KB.
export const GUARD_CREATE_CLIENT_GZ = 9_550;
export const GUARD_CORE_FULL_GZ = 13_850;
export const GUARD_HOOKS_GZ = 4_300;
export const GUARD_APP_BUNDLE_GZ = 22_850;

/**
 * Timing budgets are reported, never a CI failure: on a shared 2-core machine a ratio swings
 * by 30 % with no code change (one run read 1.414× where a quiet run reads 1.02×).
 */
const timing = (budget: Omit<Budget, 'timing'>): Budget => ({ ...budget, timing: true });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function overheadBudgets(mode: 'sequential' | 'concurrent'): Budget[] {
  return [
    timing({
      id: `overhead.${mode}.init`,
      budget: `${mode}: ${CORE} ≤ ${MAX_INIT_RATIO}× fetch given core's own init (median of per-round ratios)`,
      check: ({ overhead }) => {
        const f = overhead?.[mode];
        if (!f?.[INIT]) return undefined;
        const core = f[CORE]!.roundsUs;
        const init = f[INIT].roundsUs;
        const ratio = median(core.map((us, i) => us / init[i]!));
        return { measured: `${ratio.toFixed(3)}×`, pass: ratio <= MAX_INIT_RATIO };
      },
    }),
    timing({
      id: `overhead.${mode}.noTimeout`,
      budget: `${mode}: ${CORE_NO_TIMEOUT} ÷ raw fetch ≤ ofetch's ratio in the same run`,
      check: ({ overhead }) => {
        const f = overhead?.[mode];
        if (!f?.[CORE_NO_TIMEOUT]) return undefined;
        const ratio = f[CORE_NO_TIMEOUT].ratio;
        return {
          measured: `${ratio.toFixed(3)}× vs ofetch ${f.ofetch!.ratio.toFixed(3)}×`,
          pass: ratio <= f.ofetch!.ratio,
        };
      },
    }),
    timing({
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
    }),
  ];
}

function sizeOf(size: SizeResult, name: string): number {
  const entry = size.bridgekit.find((e) => e.name === name);
  if (!entry) throw new Error(`size entry missing: ${name}`);
  return entry.gzBytes;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} KB`;

/** A size budget: deterministic, so a guard (if any) fails CI on growth. */
function sizeBudget(id: string, entry: string, label: string, max: number, guard?: number): Budget {
  return {
    id,
    budget: `${label} ≤ ${kb(max)} min+gz${GOALS[id] ? ` (goal ${kb(GOALS[id])})` : ''}`,
    check: ({ size }) => {
      if (!size) return undefined;
      const gz = sizeOf(size, entry);
      return { measured: kb(gz), pass: gz <= max };
    },
    ...(guard !== undefined && {
      guard: {
        text: `≤ ${kb(guard)}`,
        pass: ({ size }: BenchResults) => sizeOf(size!, entry) <= guard,
      },
    }),
  };
}

const HOOKS_ENTRY = '@bridgekit/react/hooks: provider + the 7 hooks of the spec, own code';

/** Every budget, in the order they are printed. */
export const BUDGETS: Budget[] = [
  ...overheadBudgets('sequential'),
  ...overheadBudgets('concurrent'),
  timing({
    id: 'overhead.pipeline',
    budget: `in-memory pipeline: ${CORE}'s µs over new Response() + json() ≤ ${MAX_PIPELINE_US} µs`,
    check: ({ overhead }) => {
      const f = overhead?.pipeline.figures;
      if (!f) return undefined;
      const extra = f[CORE]!.medianUs - f[RAW]!.medianUs;
      const ofetch = f.ofetch!.medianUs - f[RAW]!.medianUs;
      return {
        measured: `${extra.toFixed(1)} µs (ofetch ${ofetch.toFixed(1)} µs)`,
        pass: extra <= MAX_PIPELINE_US,
      };
    },
  }),
  timing({
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
  }),
  sizeBudget(
    'size.createClient',
    '@bridgekit/core (createClient only)',
    '`import { createClient }` (browser build)',
    CREATE_CLIENT_MAX_GZ,
    GUARD_CREATE_CLIENT_GZ,
  ),
  sizeBudget(
    'size.core',
    '@bridgekit/core (full)',
    `${CORE} full entry (dialects excluded)`,
    CORE_FULL_MAX_GZ,
    GUARD_CORE_FULL_GZ,
  ),
  // Met until useAuth gained the account actions and the retry policy: a guard at today's figure.
  sizeBudget(
    'size.hooks',
    HOOKS_ENTRY,
    '@bridgekit/react/hooks: provider + the 7 spec hooks (own code)',
    HOOKS_MAX_GZ,
    GUARD_HOOKS_GZ,
  ),
  sizeBudget('size.app', APP_BUNDLE, APP_BUNDLE, APP_BUNDLE_MAX_GZ, GUARD_APP_BUNDLE_GZ),
  {
    id: 'size.dialects',
    budget: `each built-in dialect (one factory from @bridgekit/core/dialects) ≤ ${DIALECT_MAX_GZ / 1000} KB min+gz`,
    check: ({ size }) => {
      if (!size) return undefined;
      const sizes = DIALECT_FACTORIES.map((f) => [f, sizeOf(size, dialectEntryName(f))] as const);
      return {
        measured: sizes.map(([f, gz]) => `${f} ${(gz / 1000).toFixed(2)} KB`).join(', '),
        pass: sizes.every(([, gz]) => gz <= DIALECT_MAX_GZ),
      };
    },
    guard: {
      text: `≤ ${GUARD_DIALECT_GZ / 1000} KB each`,
      pass: ({ size }) =>
        DIALECT_FACTORIES.every((f) => sizeOf(size!, dialectEntryName(f)) <= GUARD_DIALECT_GZ),
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
    // The offline modules are opt-in: an app that does not import them has none of their code.
    id: 'size.offline',
    budget:
      'offline modules (persistCache + offlineQueue) added to the app bundle: reported; none of their code in the app bundle without them',
    check: ({ size }) => {
      if (!size) return undefined;
      const without = size.bridgekit.find((e) => e.name === APP_BUNDLE);
      const added = sizeOf(size, APP_BUNDLE_OFFLINE) - sizeOf(size, APP_BUNDLE);
      return {
        measured: `+${(added / 1000).toFixed(2)} KB; ${without?.offlineBytes} B of their code without them`,
        pass: without?.offlineBytes === 0,
      };
    },
  },
  {
    // Deterministic: the count of applications per write, not the time (reported).
    id: 'offline.replay',
    budget:
      'offline replay of 1 000 queued writes against the reference server (answers lost on the way included): every write applied exactly once, in order; time reported',
    check: ({ offlineReplay: r }) =>
      r && {
        measured: `${r.writes} writes in ${(r.replayMs / 1000).toFixed(2)} s (${r.writesPerSecond} writes/s, ${r.droppedAnswers} answers lost and replayed): ${r.exactlyOnce ? 'each applied once' : 'NOT each applied once'}, ${r.inOrder ? 'in order' : 'NOT in order'}`,
        pass: r.exactlyOnce && r.inOrder,
      },
  },
  // A timing figure like the others: the ReDoS defence itself is proven by the server's
  // tests (linear matcher, a second request served during the hostile one).
  timing({
    id: 'server.like',
    budget: `server like worst case ≤ ${LIKE_MAX_MS} ms per row (200-character pattern, 10 KB value)`,
    check: ({ likeMatch }) =>
      likeMatch && {
        measured: `${likeMatch.worstMs} ms`,
        pass: likeMatch.worstMs <= LIKE_MAX_MS,
      },
  }),
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
    out.push({
      id: budget.id,
      budget: budget.budget,
      ...outcome,
      ...guard,
      ...(budget.timing && { timing: true }),
    });
  }
  return out;
}

export { RAW as RAW_FETCH_NAME, CORE as CORE_NAME };
