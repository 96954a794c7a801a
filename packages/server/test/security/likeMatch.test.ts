/**
 * The LIKE matcher against a reference (the regular expression the server used to build,
 * safe here because the fuzzed patterns are short), and the hostile pattern (`%_` fourteen times
 * and a tail that does not match).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { likeMatcher } from '../../src/likeMatch';

function reference(pattern: string, caseInsensitive: boolean): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === '\\' && i + 1 < pattern.length) {
      source += (pattern[++i] as string).replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    } else if (ch === '%') source += '.*';
    else if (ch === '_') source += '.';
    else source += ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, caseInsensitive ? 'si' : 's');
}

describe('likeMatcher', () => {
  it.each([
    ['Desk%', 'Desk Lamp', false, true],
    ['desk%', 'Desk Lamp', false, false],
    ['desk%', 'Desk Lamp', true, true],
    ['%LAMP_', 'desk lamp1', true, true],
    ['a_c', 'abc', false, true],
    ['a_c', 'ac', false, false],
    ['%', '', false, true],
    ['', '', false, true],
    ['', 'x', false, false],
    ['_', '', false, false],
    ['a\\%', 'a%', false, true],
    ['a\\%', 'ab', false, false],
    ['a\\_', 'a_', false, true],
    ['a\\', 'a\\', false, true],
    ['%a%b%', 'xxaxxbxx', false, true],
    ['%a%b', 'xxaxxbxx', false, false],
    ['.*', 'anything', false, false],
    ['x%%%y', 'xy', false, true],
    ['%é%', 'CAFÉ', true, true],
    ['_'.repeat(40), 'y'.repeat(40), false, true],
    [`${'_'.repeat(40)}%`, 'y'.repeat(39), false, false],
  ] as const)('%j over %j (ilike %s) is %s', (pattern, text, ci, expected) => {
    expect(likeMatcher(pattern, ci)(text)).toBe(expected);
  });

  it('agrees with the reference on random patterns and texts', () => {
    const alphabet = fc.constantFrom('a', 'b', 'A', '%', '_', '\\', '.', '*', 'é', 'É');
    const pattern = fc.array(alphabet, { maxLength: 12 }).map((a) => a.join(''));
    const text = fc.array(alphabet, { maxLength: 16 }).map((a) => a.join(''));
    fc.assert(
      fc.property(pattern, text, fc.boolean(), (p, t, ci) => {
        expect(likeMatcher(p, ci)(t)).toBe(reference(p, ci).test(t));
      }),
      { numRuns: 3000, seed: 15 },
    );
  });

  it('answers long patterns over long texts (more than 32 tokens, several words of state)', () => {
    const long = 'a'.repeat(10_240);
    expect(likeMatcher(`%${'a'.repeat(198)}b`, false)(long)).toBe(false);
    expect(likeMatcher(`%${'a'.repeat(198)}`, false)(long)).toBe(true);
    expect(likeMatcher(`${'%_'.repeat(100)}%`, false)(long)).toBe(true);
    expect(likeMatcher(`${'%_'.repeat(14)}!`, false)(long)).toBe(false);
    expect(likeMatcher(`${'%a'.repeat(70)}%`, true)(`${'xA'.repeat(70)}`)).toBe(true);
    expect(likeMatcher(`${'%a'.repeat(71)}%`, true)(`${'xA'.repeat(70)}`)).toBe(false);
  });

  it('refuses a pattern that is not a string', () => {
    expect(() => likeMatcher(1 as unknown as string, false)).toThrow(TypeError);
  });
});
