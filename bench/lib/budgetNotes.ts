import type { BenchResults, BudgetOutcome } from '../budgets';
import { kb, type SizeEntry } from '../size';

function gz(entries: SizeEntry[], name: string): string {
  const entry = entries.find((e) => e.name === name);
  return entry ? `${kb(entry.gzBytes).toFixed(2)} KB` : 'n/a';
}

function topInputs(entries: SizeEntry[], name: string, count = 6): string {
  const entry = entries.find((e) => e.name === name);
  if (!entry) return 'n/a';
  return entry.top
    .slice(0, count)
    .map((t) => `\`${t.file.replace(/^.*\/src\//, '')}\` ${(t.bytes / 1000).toFixed(1)} KB`)
    .join(', ');
}

/**
 * Explains each failed budget from the figures of the same run: where the cost is and what
 * meeting the budget would take. Returns markdown lines (none when every budget holds).
 *
 * @example
 * lines.push(...budgetNotes(results, budgets));
 */
export function budgetNotes(results: BenchResults, budgets: BudgetOutcome[]): string[] {
  const failed = new Set(budgets.filter((b) => !b.pass).map((b) => b.id));
  if (failed.size === 0) return [];
  const out: string[] = ['## Budgets not met: where the cost is', ''];
  const o = results.overhead;
  if (o && (failed.has('overhead.sequential.ratio') || failed.has('overhead.concurrent.ratio'))) {
    const p = o.pipeline.figures;
    const rawPipe = p['fetch + json()']!.medianUs;
    const corePipe = p['@bridgekit/core']!.medianUs;
    let breakdown = '';
    if (o.breakdown) {
      const b = o.breakdown.figures;
      const shipped = b['@bridgekit/core']!.ratio;
      const noTimeout = b['@bridgekit/core, timeout: 0']!.ratio;
      breakdown = ` On the network path (breakdown table), raw fetch handed core's exact init is already ${b["fetch + json() with core's init"]!.ratio.toFixed(3)}× raw fetch, core with \`timeout: 0\` is ${noTimeout.toFixed(3)}×, and core as shipped ${shipped.toFixed(3)}×: the default time-out's signal accounts for about ${Math.round((shipped - noTimeout) * 100)} points of the ratio, everything else core does (its own JavaScript, the \`Accept\` header, manual redirects) for about ${Math.round((noTimeout - 1) * 100)}.`;
    }
    out.push(
      `- **Per-call overhead.** With an in-memory fetch, core's own pipeline costs ${(corePipe - rawPipe).toFixed(1)} µs per call more than \`new Response()\` + \`json()\` (${corePipe} vs ${rawPipe} µs; ofetch ${p.ofetch!.medianUs} µs, ky ${p.ky!.medianUs} µs).${breakdown} A CPU profile (\`node --cpu-prof\`, 20 000 calls) puts core's own self time in \`toApiResponse\` (it calls \`JSON.parse\` itself, which raw \`res.json()\` does inside undici, so that part is moved, not added), then \`#attempt\`, \`#request\`, \`attemptSignal\` and \`sendFollowingRedirects\`; the rest of the gap is in undici, which wires an abort listener and a finalization registry for every request that carries a \`signal\`. That signal exists because of the default 30 s time-out (DESIGN §2), so the largest single part of the gap is a design decision: fetch only takes a signal up front, so any time-out costs one per request; meeting 1.05× would need no default time-out (as fetch and ofetch do; DESIGN §2 says 30 000 ms, so that is the lead's call, not changed here). Trimming the per-call allocations (re-validating already validated default headers on every call, two \`isRetryableRequest\` calls, the config/init/result objects, five nested \`async\` frames) is worth a few µs on top. Core stays faster than ky and axios per call in the same run.`,
    );
  }
  const s = results.size;
  if (s && failed.has('size.core')) {
    out.push(
      `- **Core size.** The full entry is ${gz(s.bridgekit, '@bridgekit/core (full)')}; largest inputs: ${topInputs(s.bridgekit, '@bridgekit/core (full)')}. Moving the hook services (BridgeApiService, auth service, BridgeApiError) to their own subpath would leave ${gz(s.bridgekit, '@bridgekit/core without the services (client, storage, builder, operators)')}; \`createClient\` alone is ${gz(s.bridgekit, '@bridgekit/core (createClient only)')} because \`client.query()\` pulls in the query builder. For scale, ky is ${gz(s.others, 'ky')} and ofetch ${gz(s.others, 'ofetch')} with fewer features (no sessions, envelope or meta normalization, query builder, manual redirect handling). Reaching 4.0 KB for the full entry would take all of: services and the query builder in separate entries (the builder injected or loaded by \`query()\`), shorter error messages (the argument-naming \`TypeError\`/\`RangeError\` texts are a large part of \`client.ts\`), and dropping the manual-redirect code in browser builds (browsers cannot use it). Nothing was removed to pass the budget.`,
    );
  }
  if (s && failed.has('size.hooks')) {
    const name = '@bridgekit/react/hooks: provider + the 7 hooks of the spec, own code';
    out.push(
      `- **Hooks size.** The provider and the seven hooks of the spec (what an app that uses them ships, \`@bridgekit/core\`, React and SWR aside) come to ${gz(s.bridgekit, name)}; largest inputs: ${topInputs(s.bridgekit, name, 8)}. \`useBridgeMutation\` carries optimistic updates with rollback and cache invalidation; \`useAuthGuard\` and \`useSearchQueryBuilder\` validate their arguments with messages that name them. The whole entry (${gz(s.bridgekit, '@bridgekit/react/hooks (whole entry), own code')}) also holds the hooks the components and the other packages build on (\`useBridgeInfiniteQuery\`, \`useBridgeView\`, \`useBridgeFormSubmit\`); an app that does not import them does not ship them (\`sideEffects: false\`).`,
    );
  }
  out.push('');
  return out;
}
