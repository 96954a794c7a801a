const LITERAL = 0;
const ONE = 1;
const ANY = 2;

/**
 * A compiled LIKE pattern: `kinds[k]` is a literal, `_` (one code unit) or `%` (any run),
 * `codes[k]` the literal's UTF-16 code unit.
 */
interface LikePattern {
  kinds: Uint8Array;
  codes: Uint16Array;
  length: number;
}

// Folding code unit by code unit keeps positions aligned, so `_` still means one unit; a unit
// whose lower case is longer than one unit (U+0130) stays as it is.
function fold(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    const low = ch.toLowerCase();
    out += low.length === 1 ? low : ch;
  }
  return out;
}

function compile(pattern: string): LikePattern {
  const kinds = new Uint8Array(pattern.length);
  const codes = new Uint16Array(pattern.length);
  let length = 0;
  for (let i = 0; i < pattern.length; i++) {
    let code = pattern.charCodeAt(i);
    let kind = code === 0x25 ? ANY : code === 0x5f ? ONE : LITERAL;
    // `\%`, `\_` and `\\` are literal; a trailing backslash is a literal backslash.
    if (code === 0x5c && i + 1 < pattern.length) {
      code = pattern.charCodeAt(++i);
      kind = LITERAL;
    }
    // A run of `%` matches what one `%` matches; collapsing keeps the matcher's restarts few.
    if (kind === ANY && length > 0 && kinds[length - 1] === ANY) continue;
    kinds[length] = kind;
    codes[length] = code;
    length++;
  }
  return { kinds, codes, length };
}

/** The pattern as a bit-parallel NFA: bit k of a state set means "k tokens matched". */
interface LikeAutomaton {
  words: number;
  /** Bit k set where token k is `_` (advances on any code unit). */
  one: Uint32Array;
  /** Bit k set where token k is `%` (stays on any code unit; also passes on without one). */
  any: Uint32Array;
  /** Per ASCII code unit (the common case, looked up by index): bit k set where token k is it. */
  ascii: Array<Uint32Array | undefined>;
  /** The same for the other code units. */
  other: Map<number, Uint32Array>;
  /** Index of the accepting state (the number of tokens). */
  accept: number;
}

const ASCII = 128;

function automaton(p: LikePattern): LikeAutomaton {
  const words = (p.length >>> 5) + 1;
  const one = new Uint32Array(words);
  const any = new Uint32Array(words);
  const ascii: Array<Uint32Array | undefined> = new Array(ASCII).fill(undefined);
  const other = new Map<number, Uint32Array>();
  for (let k = 0; k < p.length; k++) {
    const bit = 1 << (k & 31);
    const w = k >>> 5;
    if (p.kinds[k] === ONE) one[w] = (one[w] as number) | bit;
    else if (p.kinds[k] === ANY) any[w] = (any[w] as number) | bit;
    else {
      const code = p.codes[k] as number;
      let mask = code < ASCII ? ascii[code] : other.get(code);
      if (!mask) {
        mask = new Uint32Array(words);
        if (code < ASCII) ascii[code] = mask;
        else other.set(code, mask);
      }
      mask[w] = (mask[w] as number) | bit;
    }
  }
  return { words, one, any, ascii, other, accept: p.length };
}

/**
 * Runs the pattern's NFA over `text` with all live states in one bit set (shift-and): each
 * code unit costs one pass over ⌈tokens / 32⌉ words, so the whole match is
 * O(text × tokens / 32) with no backtracking whatever the pattern.
 */
function matches(a: LikeAutomaton, text: string): boolean {
  const { words, one, any, ascii, other, accept } = a;
  let set = new Uint32Array(words);
  let next = new Uint32Array(words);
  // A `%` state also stands for the state after it (`%` may match nothing). Tokens after a
  // `%` are never `%` (runs are collapsed), so one step of this closure is enough.
  set[0] = 1 | ((1 & (any[0] as number)) << 1);
  const acceptWord = accept >>> 5;
  const acceptBit = 1 << (accept & 31);
  // With a trailing `%`, reaching it means the rest of the text matches whatever it is.
  const lastIsAny = accept > 0 && ((any[(accept - 1) >>> 5] as number) >>> ((accept - 1) & 31)) & 1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const lit = code < ASCII ? ascii[code] : other.get(code);
    let carry = 0;
    let closureCarry = 0;
    let alive = 0;
    for (let w = 0; w < words; w++) {
      const s = set[w] as number;
      const stars = any[w] as number;
      const advancing = s & ((one[w] as number) | (lit ? (lit[w] as number) : 0));
      let n = (advancing << 1) | carry | (s & stars);
      carry = advancing >>> 31;
      const reachedStars = n & stars;
      n |= (reachedStars << 1) | closureCarry;
      closureCarry = reachedStars >>> 31;
      next[w] = n;
      alive |= n;
    }
    if (alive === 0) return false;
    const done = set;
    set = next;
    next = done;
    if (lastIsAny && (set[acceptWord] as number) & acceptBit) return true;
  }
  return ((set[acceptWord] as number) & acceptBit) !== 0;
}

/**
 * Compiles a SQL LIKE pattern (`%` any run, `_` one UTF-16 code unit, `\%` `\_` `\\` literal)
 * into a predicate that runs in O(text × pattern / 32) time at worst: no regular expression is
 * built from the pattern and nothing backtracks, so no pattern can stall the server.
 * `caseInsensitive` gives ILIKE.
 *
 * @example
 * const test = likeMatcher('Desk%', false);
 * test('Desk Lamp'); // true
 * likeMatcher('%LAMP_', true)('desk lamp1'); // true
 */
export function likeMatcher(pattern: string, caseInsensitive: boolean): (text: string) => boolean {
  if (typeof pattern !== 'string') throw new TypeError('pattern must be a string');
  const compiled = automaton(compile(caseInsensitive ? fold(pattern) : pattern));
  return caseInsensitive
    ? (text) => matches(compiled, fold(text))
    : (text) => matches(compiled, text);
}
