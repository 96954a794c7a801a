import type { BenchResults, BudgetOutcome } from '../budgets';
import { APP_BUNDLE, kb, type SizeEntry } from '../size';

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
      `- **Per-call overhead.** With an in-memory fetch, core costs ${(corePipe - rawPipe).toFixed(1)} µs per call over \`new Response()\` + \`json()\` (ofetch ${(p.ofetch!.medianUs - rawPipe).toFixed(1)} µs, ky ${(p.ky!.medianUs - rawPipe).toFixed(1)} µs, in the same run; these figures move by several µs from run to run on this shared machine: between 5 and 9 µs for core in the runs of 2026-11-23). A CPU profile (\`node --cpu-prof\`, 200 000 in-memory calls, 2026-11-23) puts most of the time in undici's \`Response\` and stream machinery (\`makeTransferable\` 16 %, GC 8 %), \`createAbortSignal\` 8 % (the signal of the mandatory 30 s time-out: \`AbortController\` + timer measured 3.0 µs against 9.1 µs for \`AbortSignal.timeout\`, so the hand-written one stays), and \`toApiResponse\` 10 % (it calls \`JSON.parse\` itself, which \`res.json()\` does inside undici: moved, not added). Core's own frames (\`#request\`, \`sendWithRetries\`, \`headerMap\`, \`sendFollowingRedirects\`) are 1–2 % each. Preparation is synchronous unless the session must be read from a callback or storage, and the no-middleware path reuses one transport context per client (2026-11-24: two async layers and an allocation fewer per call; about 0.5–0.9 µs in CPU-time runs, inside this machine's run-to-run noise). The time-out's signal was most of the rest (2026-11-24, CPU time per call, 20-product JSON body: about 2 µs over \`new Response()\` + \`json()\` with \`timeout: 0\`, 6.5 µs with the default 30 s time-out): Node 20 builds an \`AbortSignal\` when \`controller.signal\` is first read, about 3 µs alone. The attempts that start in one task now share their time-out signal (up to 8, as \`fetch\` adds a listener per request); Node's timers started in one task fire together anyway, so each attempt times out as it did. Measured after it: about 3 µs per call in CPU time, for 0.15 KB gzipped on \`createClient\`. Wall-clock runs on this shared machine stay noisy (a quick run under a load of 8 printed 29.9 µs with raw fetch itself moving between 26 and 50 µs). On the network path the ratio against fetch given core's own init moves between 1.05× and 1.19× from run to run; the time-out stays (every call has one, 30 s by default), so what is left to cut is core's JavaScript, a few µs of a 150–400 µs call.`,
    );
  }
  const s = results.size;
  if (s && (failed.has('size.createClient') || failed.has('size.core') || failed.has('size.app'))) {
    const cc = '@bridgekit/core (createClient only)';
    out.push(
      `- **Core size.** \`import { createClient }\` is ${gz(s.bridgekit, cc)} (browser build, no redirect code); largest inputs: ${topInputs(s.bridgekit, cc, 8)}. The query builder (\`QueryBuilder\`, \`builderChecks\`, \`queryValue\`, \`serializer\`: about 6.5 KB minified, 1.9 KB gzipped: 2026-11-24, \`createClient\` measured 7.95 KB with \`client.query()\` stubbed out) comes with the spec's \`client.query()\` method; it is the smallest feature that would have to go to approach 7.5 KB (a \`query(client, endpoint)\` function instead of the method). A size pass on 2026-11-24 that cut no feature (one shared object test, the builder's header checks in the client's words, one entry-adding path in the builder, one name function in the serializer) took \`createClient\` from 9.93 to 9.72 KB: gzip already folds the repeated code, so what is left is mostly distinct logic and messages. A second pass the same day removed each top-level statement of the minified output in turn and measured the gzip change, then shrank the distinct logic it found (one check and message for a missing or non-http(s) \`baseUrl\`, the userinfo read by one pattern, the builder's value checks without a \`switch\`, a \`Map\` for sort fields, the builder's headers in the client's header map, the serializer's numbers and search text through its one value encoder, the services' argument errors in the shared \`mustBe\` sentence, one \`isRecord\`): \`createClient\` 9.73 -> 9.51 KB, the full entry 14.11 -> 13.77 KB. Rewrites of repeated code (one loop for \`params()\`/\`headers()\`, one sign-in/sign-out function, a \`Set\` of tags as a pattern) gained nothing or grew the gzipped figure. What each file still costs when removed alone (gzip, \`createClient\`, 2026-11-24): response 0.79, configCheck 0.72, QueryBuilder 0.69, client 0.68, pipeline 0.53, builderChecks 0.51, signal 0.51, url 0.49, prepareRequest 0.48, sendRequest 0.48, originGuard 0.35, headers 0.32 KB; in the full entry the auth service 1.15 KB and the entity service about 1.0 KB. A dialect's transport parts then left the kernel for a middleware of the dialect's (2026-11-24): the kernel lost the error mapping and the session scheme, gained value-based session tracking (a session header a middleware moved or copied never leaves the base origin) and a refusal of dialects written for the old contract (0.06 KB, so that their \`session\`/\`errors\` are not silently ignored): \`createClient\` +0.09 KB. Cookie sessions left the kernel for an opt-in module (\`session: cookieSession()\` from \`@bridgekit/core/auth\`, about 0.06 KB on the app bundle); what the kernel keeps of them is the generic \`config.session\` seam. A size pass on the kernel's files (client, pipeline, prepareRequest, transport, originGuard, sendRequest, response and the rest of the request path) with no feature cut and no behaviour change (2026-11-24, measured statement by statement): the pipeline's stages became an enum, which the bundler writes in as numbers instead of keeping seven shared constants (-0.04 KB), and \`toApiResponse\`, the call state, the params and the network-failure message each lost a few bytes: \`createClient\` 9.62 -> 9.55 KB, the full entry 13.87 -> 13.81 KB, the app bundle 22.90 -> 22.85 KB; folding repeated checks into factories or shared helpers there grew the gzipped figure. The full entry is ${gz(s.bridgekit, '@bridgekit/core (full)')}: the dialect seam (services and auth follow the dialect) and the security checks made it grow from 11.78 KB; largest inputs: ${topInputs(s.bridgekit, '@bridgekit/core (full)')}. The app bundle adds SWR (${gz(s.others, 'swr')}) and the hooks to it. For scale, ky is ${gz(s.others, 'ky')} and ofetch ${gz(s.others, 'ofetch')}, with no sessions, envelopes, query builder, dialects or services. Nothing was removed to pass a budget.`,
    );
  }
  if (s && (failed.has('size.hooks') || failed.has('size.app'))) {
    out.push(
      `- **Hooks and app bundle.** The auth lifecycle is an opt-in module (\`lifecycle: authLifecycle()\` on a provider instance; the Next.js provider adds it because its session cookie follows refreshes), and cross-tab sync is a module of the lifecycle (\`crossTab: crossTabSync()\`): an app that imports neither ships no refresh, account-flow, cross-tab or timer code; the app bundle fell from 25.45 KB to about 23.4 KB (measured 2026-11-24), and each module's added cost is its own row (${gz(s.bridgekit, `${APP_BUNDLE} + authLifecycle module`)} with the lifecycle, ${gz(s.bridgekit, `${APP_BUNDLE} + authLifecycle + crossTabSync modules`)} with cross-tab sync too). The hooks' own code is ${gz(s.bridgekit, '@bridgekit/react/hooks: provider + the 7 hooks of the spec, own code')}: the provider (instances, storage prefixes, lazy auth services), the mutation store binding shared by the three writing hooks, the guard, the query builder's checks, the retry policy (no retry of a 4xx but 408/429, \`Retry-After\` on 429/503) and \`useAuth\`'s one wrapper that gives each account action of the lifecycle module this hook's status. A size pass with no feature cut (2026-11-24) took it from 4.56 to 4.30 KB; what is left is the spec's API names and checks spread over the provider, the guard, the mutation hook and the search builder (about 0.3-0.5 KB gzipped each), and about 0.3 KB of \`import\` statements of \`react\`, \`swr\` and \`@bridgekit/core\` that this row keeps once per source file (they are external here; an app's bundler resolves them). What is left between the app bundle and 18 KB is mostly core (\`createClient\` and the services) and SWR (about 7 KB). Nothing was removed to pass a budget.`,
    );
  }
  if (s && failed.has('size.dialects')) {
    out.push(
      "- **Dialect size.** Each dialect measured alone includes the toolkit all built-ins share: `restProvider` (a dialect from parts), `dialectQuery`, `listPage` (honest list meta), `pair`/`encodeValue` with the query encoder, `flattenErrors` (feathers, djangoRest, laravel) and the transport middleware (`dialectTransport`'s session header and scheme, envelopes off, error mapping, which left the kernel so it knows nothing of backends): about 0.75 KB gzipped together, the transport 0.24 KB of it. A size pass (2026-11-24, measured by removing each top-level statement of the minified output in turn) took 0.07-0.20 KB off each: the built-ins build their transport without the type checks of its parts (their parts are literals; `restProvider` and `dialectTransport` still check a user's: -0.06 KB each), the error mapping spreads the mapped fields over the failure (-0.03 KB each), strapi collects its field errors without `flattenErrors` (-0.08 KB) and tests its pattern's ends directly (-0.03 KB): djangoRest 2.29 -> 2.22, feathers 2.32 -> 2.21, laravel 2.28 -> 2.19, jsonServer 2.26 -> 2.18, strapi 2.37 -> 2.17, postgrest 2.24 -> 2.16 KB, all six together 7.44 -> 7.33 KB. Where the rest is (strapi, gzip bytes each part adds): its query grammar with the up-front `check` refusals 0.38 KB, the auth part (login paths and bodies, account flows) 0.26 KB, its filter pairs 0.16 KB, error mapping 0.11 KB, list facts 0.07 KB. The refusals are the limits of each backend's parser (Feathers' and Strapi's `qs` arrayLimit, Laravel's TrimStrings, DRF's lookups, PostgREST's URL grammar) and make an inexpressible query a clear error instead of a silently wrong one; gzip folds repeated code, so rewrites that only deduplicate it (a loop for the account flows a backend lacks) grew the figure. Reaching 1.2 KB alone would mean dropping those refusals or moving the auth part to the auth service.",
    );
  }
  out.push('');
  return out;
}
