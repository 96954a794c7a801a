/**
 * The server's `like`/`ilike` at its worst: 200-character patterns shaped to make a matcher
 * work hardest, over a 10 KB value, through the same predicate a list request runs per row.
 * Run by run.ts in a child process.
 */
import { FILTER_OPERATORS } from '@bridgekit/server';
import { childMain } from './lib/runChild';
import { median, now, round } from './lib/stats';

/** Options of the like benchmark. */
export interface LikeMatchOptions {
  quick?: boolean;
}

/** What the like benchmark reports. */
export interface LikeMatchResult {
  patternLength: number;
  textLength: number;
  /** Median ms per row-match, by pattern shape. */
  msPerMatch: Record<string, number>;
  /** The slowest shape's figure. */
  worstMs: number;
}

const TEXT = 'a'.repeat(10 * 1024);
const LENGTH = 200;
const pad = (head: string, tail: string) =>
  head.repeat((LENGTH - tail.length) / head.length) + tail;

/** Shapes that cost a backtracking or two-cursor matcher the most; none of them matches. */
const SHAPES: Record<string, { operator: 'like' | 'ilike'; pattern: string }> = {
  "hostile pattern: '%_' × 14 + tail": { operator: 'like', pattern: `${'%_'.repeat(14)}!` },
  "'%' + 'a' × 198 + 'b'": { operator: 'like', pattern: `%${'a'.repeat(LENGTH - 2)}b` },
  "ilike '%' + 'a' × 198 + 'b'": { operator: 'ilike', pattern: `%${'a'.repeat(LENGTH - 2)}b` },
  "'%_' × 99 + '%b'": { operator: 'like', pattern: pad('%_', '%b') },
  "'%a' × 99 + '%b'": { operator: 'like', pattern: pad('%a', '%b') },
  "'_' × 198 + '%b'": { operator: 'like', pattern: pad('_', '%b') },
};

function msPerMatch(test: (value: unknown) => boolean, samples: number, sampleMs: number): number {
  const figures: number[] = [];
  if (test(TEXT)) throw new Error('a benchmark shape matched: it must not');
  for (let s = 0; s < samples; s++) {
    let runs = 0;
    const t0 = now();
    let elapsed = 0;
    while (elapsed < sampleMs) {
      test(TEXT);
      runs++;
      elapsed = now() - t0;
    }
    figures.push(elapsed / runs);
  }
  return median(figures);
}

/**
 * Runs the benchmark.
 *
 * @example
 * const { worstMs } = await measureLikeMatch({ quick: true });
 */
export async function measureLikeMatch(options: LikeMatchOptions): Promise<LikeMatchResult> {
  const samples = options.quick ? 5 : 15;
  const sampleMs = options.quick ? 50 : 200;
  const result: Record<string, number> = {};
  for (const [name, { operator, pattern }] of Object.entries(SHAPES)) {
    const test = FILTER_OPERATORS[operator]!('name', { type: 'string' }, pattern);
    result[name] = round(msPerMatch(test, samples, sampleMs), 3);
  }
  return {
    patternLength: LENGTH,
    textLength: TEXT.length,
    msPerMatch: result,
    worstMs: Math.max(...Object.values(result)),
  };
}

if (process.send !== undefined) childMain(measureLikeMatch);
