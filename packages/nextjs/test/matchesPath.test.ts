// Path patterns in the syntax of Next's `matcher` (path-to-regexp), beyond the plain prefixes
// of redirect.test.ts.
import { describe, expect, it } from 'vitest';
import { matchesPath } from '../src/redirect/matchesPath';

describe('matchesPath with matcher syntax', () => {
  it('matches named segments and what lies below them', () => {
    expect(matchesPath('/products/7', ['/products/:id'])).toBe(true);
    expect(matchesPath('/products/7/edit', ['/products/:id'])).toBe(true);
    expect(matchesPath('/products', ['/products/:id'])).toBe(false);
  });

  it('matches the :path* wildcard of a Next matcher, and not a sibling', () => {
    expect(matchesPath('/account', ['/account/:path*'])).toBe(true);
    expect(matchesPath('/account/a/b', ['/account/:path*'])).toBe(true);
    expect(matchesPath('/accounts', ['/account/:path*'])).toBe(false);
  });

  it('is case-sensitive and stops at segment boundaries', () => {
    expect(matchesPath('/Account', ['/account'])).toBe(false);
    expect(matchesPath('/account.json', ['/account'])).toBe(false);
    expect(matchesPath('/anything/at/all', ['/'])).toBe(true);
  });

  it('throws a TypeError naming the pattern when it is not a valid path', () => {
    expect(() => matchesPath('/a', ['/a/(unclosed'])).toThrow(TypeError);
    expect(() => matchesPath('/a', ['/a/(unclosed'])).toThrow(/pattern "\/a\/\(unclosed"/);
  });
});
