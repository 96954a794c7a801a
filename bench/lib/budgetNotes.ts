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
  const timingMissed = [...failed].some((id) => id.startsWith('overhead.'));
  if (o && timingMissed) {
    const p = o.pipeline.figures;
    const rawPipe = p['fetch + json()']!.medianUs;
    const corePipe = p['@bridgekit/core']!.medianUs;
    out.push(
      `- **Per-call overhead.** With an in-memory fetch, core costs ${(corePipe - rawPipe).toFixed(1)} µs per call over \`new Response()\` + \`json()\` (ofetch ${(p.ofetch!.medianUs - rawPipe).toFixed(1)} µs, ky ${(p.ky!.medianUs - rawPipe).toFixed(1)} µs, in the same run; these figures move by several µs from run to run on this shared machine: between 5 and 9 µs for core in the runs of 2026-11-23). A CPU profile (\`node --cpu-prof\`, 200 000 in-memory calls, 2026-11-23) puts most of the time in undici's \`Response\` and stream machinery (\`makeTransferable\` 16 %, GC 8 %), \`createAbortSignal\` 8 % (the signal of the mandatory 30 s time-out: \`AbortController\` + timer measured 3.0 µs against 9.1 µs for \`AbortSignal.timeout\`, so the hand-written one stays), and \`toApiResponse\` 10 % (it calls \`JSON.parse\` itself, which \`res.json()\` does inside undici: moved, not added). Core's own frames (\`#request\`, \`sendWithRetries\`, \`headerMap\`, \`sendFollowingRedirects\`) are 1–2 % each. A synchronous fast path for \`prepareRequest\` was tried and measured no better, so it was not kept. On the network path the ratio against fetch given core's own init moves between 1.05× and 1.19× from run to run; the time-out stays (every call has one, 30 s by default), so what is left to cut is core's JavaScript, a few µs of a 150–400 µs call.`,
    );
  }
  const s = results.size;
  if (s && (failed.has('size.createClient') || failed.has('size.core') || failed.has('size.app'))) {
    const cc = '@bridgekit/core (createClient only)';
    out.push(
      `- **Core size.** \`import { createClient }\` is ${gz(s.bridgekit, cc)} (browser build, no redirect code); largest inputs: ${topInputs(s.bridgekit, cc, 8)}. The query builder (\`QueryBuilder\`, \`builderChecks\`, \`queryValue\`, \`serializer\`: about 7 KB minified, 2.3 KB gzipped) comes with the spec's \`client.query()\` method; it is the smallest feature that would have to go to approach 6.5 KB (a \`query(client, endpoint)\` function instead of the method), and even without it \`createClient\` would be about 6.8 KB. The full entry is ${gz(s.bridgekit, '@bridgekit/core (full)')}: the dialect seam (services and auth follow the dialect) and the security checks made it grow from 11.78 KB; largest inputs: ${topInputs(s.bridgekit, '@bridgekit/core (full)')}. The app bundle adds SWR (${gz(s.others, 'swr')}) and the hooks to it. For scale, ky is ${gz(s.others, 'ky')} and ofetch ${gz(s.others, 'ofetch')}, with no sessions, envelopes, query builder, dialects or services. Nothing was removed to pass a budget.`,
    );
  }
  if (s && (failed.has('size.hooks') || failed.has('size.app'))) {
    out.push(
      `- **Hooks and app bundle.** The auth lifecycle is an opt-in module now (\`lifecycle: authLifecycle()\` on a provider instance; the Next.js provider adds it because its session cookie follows refreshes): an app that does not import it ships no refresh, account-flow, cross-tab or timer code, and the app bundle fell from 25.45 KB to about 23.5 KB (measured 2026-11-24). The hooks' own code is ${gz(s.bridgekit, '@bridgekit/react/hooks: provider + the 7 hooks of the spec, own code')}: the mutation store binding shared by the three writing hooks, the retry policy (no retry of a 4xx but 408/429, \`Retry-After\` on 429/503) and the account-action wrappers, which \`useAuth()\` still carries so that its type shows them. What is left between the app bundle and 18 KB is mostly core (\`createClient\` and the services) and SWR (about 7 KB). Nothing was removed to pass a budget.`,
    );
  }
  if (s && failed.has('size.dialects')) {
    out.push(
      "- **Dialect size.** Each dialect measured alone includes the helpers all dialects share (`dialects/shared.ts`, about 0.8 KB gzipped: encoding, `Content-Range`/`Link` parsing, honest list meta); the cost a dialect adds to an app that already has core is 1.0–1.24 KB (measured 2026-11-23). Reaching 1.2 KB alone would mean dropping the up-front `check` messages that make an inexpressible query a clear error instead of a silently wrong one, or moving the auth part (login paths and bodies, account flows: about a fifth of strapi()) out of the dialect to the auth service. The limits each backend's parser has (Feathers' and Strapi's `qs` arrayLimit, Laravel's TrimStrings) and the options that name where search goes added about 0.1 KB to feathers() and laravel() (1.63 and 1.75 KB, strapi() 1.84 KB, measured 2026-11-24).",
    );
  }
  out.push('');
  return out;
}
