/**
 * Query string: the builder's `toQueryString()` for a 10-filter chain against
 * `URLSearchParams` and `qs.stringify` producing the same entries. Run by run.ts in a child
 * process.
 */
import { between, createClient, gt, inOp, isNull, notIn } from '@bridgekit/core';
import qs from 'qs';
import { childMain } from './lib/runChild';
import { median, now, round } from './lib/stats';

/** Options of the query-string benchmark. */
export interface QueryStringOptions {
  quick?: boolean;
}

/** ops/s of one contender. */
export interface QueryStringFigure {
  opsPerSec: number;
  /** What it produced (identical entries; the encoding of `[`/`]` and `,` differs). */
  output: string;
}

/** What the query-string benchmark reports. */
export interface QueryStringResult {
  samples: number;
  sampleMs: number;
  results: Record<string, QueryStringFigure>;
}

const client = createClient('http://127.0.0.1:1/api');

/** The 10-filter chain, built from scratch (what an app does per request). */
function buildChain() {
  return client
    .query('/products')
    .where('status', 'active')
    .where('price', 'gte', 10)
    .where('price', 'lte', 500)
    .where('category', inOp(['lamps', 'desks', 'chairs']))
    .where('name', 'like', 'Desk%')
    .where('stock', gt(0))
    .where('rating', between(3, 5))
    .where('deletedAt', isNull())
    .where('createdAt', 'gte', '2024-01-01')
    .where('tags', notIn(['sale', 'old']));
}

// The same ten entries for the other two, already in each one's input shape.
const ENTRIES: Array<[string, string]> = [
  ['status', 'active'],
  ['price[gte]', '10'],
  ['price[lte]', '500'],
  ['category[in]', 'lamps,desks,chairs'],
  ['name[like]', 'Desk%'],
  ['stock[gt]', '0'],
  ['rating[between]', '3,5'],
  ['deletedAt[null]', 'true'],
  ['createdAt[gte]', '2024-01-01'],
  ['tags[nin]', 'sale,old'],
];
const QS_OBJECT = {
  status: 'active',
  price: { gte: 10, lte: 500 },
  category: { in: 'lamps,desks,chairs' },
  name: { like: 'Desk%' },
  stock: { gt: 0 },
  rating: { between: '3,5' },
  deletedAt: { null: true },
  createdAt: { gte: '2024-01-01' },
  tags: { nin: 'sale,old' },
};
const QS_OPTIONS = { encodeValuesOnly: true } as const;

function opsPerSec(fn: () => string, samples: number, sampleMs: number): number {
  let sink = 0;
  const rates: number[] = [];
  // Warm-up, then timed samples of at least sampleMs each.
  for (let i = 0; i < 20_000; i++) sink += fn().length;
  for (let s = 0; s < samples; s++) {
    let ops = 0;
    const t0 = now();
    let elapsed = 0;
    while (elapsed < sampleMs) {
      for (let i = 0; i < 500; i++) sink += fn().length;
      ops += 500;
      elapsed = now() - t0;
    }
    rates.push((ops / elapsed) * 1000);
  }
  if (sink === 0) throw new Error('unreachable: keeps the results alive');
  return median(rates);
}

/**
 * Runs the benchmark; contenders alternate sample by sample via separate calls.
 *
 * @example
 * const { results } = await measureQueryString({ quick: true });
 */
export async function measureQueryString(options: QueryStringOptions): Promise<QueryStringResult> {
  const quick = options.quick === true;
  const samples = quick ? 5 : 15;
  const sampleMs = quick ? 100 : 300;
  const built = buildChain();
  const contenders: Record<string, () => string> = {
    'QueryBuilder: build chain + toQueryString()': () => buildChain().toQueryString(),
    'QueryBuilder: toQueryString() of a built chain': () => built.toQueryString(),
    'URLSearchParams(entries).toString()': () => new URLSearchParams(ENTRIES).toString(),
    'qs.stringify(object, { encodeValuesOnly })': () => qs.stringify(QS_OBJECT, QS_OPTIONS),
  };
  const rates: Record<string, number[]> = Object.fromEntries(
    Object.keys(contenders).map((name) => [name, []]),
  );
  // Interleave: one sample of each contender per pass, so machine noise hits all alike.
  for (let pass = 0; pass < samples; pass++) {
    for (const [name, fn] of Object.entries(contenders)) {
      rates[name]!.push(opsPerSec(fn, 1, sampleMs));
    }
  }
  const results: Record<string, QueryStringFigure> = {};
  for (const [name, fn] of Object.entries(contenders)) {
    results[name] = { opsPerSec: round(median(rates[name]!), 0), output: fn() };
  }
  return { samples, sampleMs, results };
}

if (process.send !== undefined) childMain(measureQueryString);
