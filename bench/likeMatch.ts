/**
 * The server's `like`/`ilike` at its worst: 200-character patterns shaped to make a matcher
 * work hardest, over a 10 KB value, through the same predicate a list request runs per row;
 * and the longest pattern the server accepts over a value of 1 MB (about the most a body may
 * carry). Run by run.ts in a child process.
 */
import { FILTER_OPERATORS, LIKE_PATTERN_MAX_LENGTH } from '@bridgekit/server';
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
  /** The slowest shape at the pattern limit over a 1 MB value, ms per row. */
  limitOverMegabyteMs: number;
  /** The server's pattern limit, in characters. */
  limitLength: number;
}

const TEXT = 'a'.repeat(10 * 1024);
const MEGABYTE_TEXT = 'a'.repeat(1024 * 1024);
const LENGTH = 200;
const pad = (head: string, tail: string, length: number) =>
  head.repeat(Math.floor((length - tail.length) / head.length)) + tail;

type Shapes = Record<string, { operator: 'like' | 'ilike'; pattern: string }>;

/** Shapes that cost a backtracking or two-cursor matcher the most; none of them matches. */
function shapes(length: number): Shapes {
  return {
    "hostile pattern: '%_' × 14 + tail": { operator: 'like', pattern: `${'%_'.repeat(14)}!` },
    [`'%' + 'a' × ${length - 2} + 'b'`]: {
      operator: 'like',
      pattern: `%${'a'.repeat(length - 2)}b`,
    },
    [`ilike '%' + 'a' × ${length - 2} + 'b'`]: {
      operator: 'ilike',
      pattern: `%${'a'.repeat(length - 2)}b`,
    },
    [`'%_' × ${(length - 2) / 2} + '%b'`]: { operator: 'like', pattern: pad('%_', '%b', length) },
    [`'%a' × ${(length - 2) / 2} + '%b'`]: { operator: 'like', pattern: pad('%a', '%b', length) },
    [`'_' × ${length - 2} + '%b'`]: { operator: 'like', pattern: pad('_', '%b', length) },
  };
}

function msPerMatch(
  test: (value: unknown) => boolean,
  text: string,
  samples: number,
  sampleMs: number,
): number {
  const figures: number[] = [];
  if (test(text)) throw new Error('a benchmark shape matched: it must not');
  for (let s = 0; s < samples; s++) {
    let runs = 0;
    const t0 = now();
    let elapsed = 0;
    while (elapsed < sampleMs) {
      test(text);
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
  const run = (set: Shapes, text: string): Record<string, number> => {
    const result: Record<string, number> = {};
    for (const [name, { operator, pattern }] of Object.entries(set)) {
      const test = FILTER_OPERATORS[operator]!('name', { type: 'string' }, pattern);
      result[name] = round(msPerMatch(test, text, samples, sampleMs), 3);
    }
    return result;
  };
  const result = run(shapes(LENGTH), TEXT);
  const atLimit = run(shapes(LIKE_PATTERN_MAX_LENGTH), MEGABYTE_TEXT);
  return {
    patternLength: LENGTH,
    textLength: TEXT.length,
    msPerMatch: result,
    worstMs: Math.max(...Object.values(result)),
    limitOverMegabyteMs: round(Math.max(...Object.values(atLimit)), 1),
    limitLength: LIKE_PATTERN_MAX_LENGTH,
  };
}

if (process.send !== undefined) childMain(measureLikeMatch);
