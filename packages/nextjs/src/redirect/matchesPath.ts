import { pathToRegexp } from 'path-to-regexp';

/**
 * A path in the syntax of Next's `matcher` (path-to-regexp: `'/account'`, `'/products/:id'`,
 * `'/docs/:path*'`), matching itself and everything below it, or a regular expression tested
 * against the whole pathname.
 *
 * @example
 * const patterns: PathPattern[] = ['/account', '/products/:id', /^\/admin(\/|$)/];
 */
export type PathPattern = string | RegExp;

const compiled = new Map<string, RegExp>();

function toRegExp(pattern: string): RegExp {
  let regexp = compiled.get(pattern);
  if (regexp) return regexp;
  // A trailing slash names the same place: '/account/' guards '/account' too.
  const path = pattern.length > 1 && pattern.endsWith('/') ? pattern.slice(0, -1) : pattern;
  try {
    // `end: false` matches what lies below the path too, at a segment boundary only.
    regexp = pathToRegexp(path, [], { end: false, sensitive: true });
  } catch (error) {
    throw new TypeError(
      `matchesPath: pattern ${JSON.stringify(pattern)} is not a valid path: ${(error as Error).message}`,
    );
  }
  compiled.set(pattern, regexp);
  return regexp;
}

/**
 * Whether `pathname` falls under one of `patterns`. A string is a path in the syntax of
 * Next's `matcher` and matches itself and everything below it (`'/account'` matches
 * `/account/settings`, not `/accounts`; `'/products/:id'` matches `/products/7` and
 * `/products/7/edit`); a `RegExp` is tested against the whole pathname. Matching is
 * case-sensitive.
 *
 * @example
 * matchesPath('/account/settings', ['/account']) // true
 * matchesPath('/accounts', ['/account']) // false
 * matchesPath('/products/7', ['/products/:id']) // true
 */
export function matchesPath(pathname: string, patterns: readonly PathPattern[]): boolean {
  for (const pattern of patterns) {
    if (pattern instanceof RegExp) {
      pattern.lastIndex = 0;
      if (pattern.test(pathname)) return true;
      continue;
    }
    if (typeof pattern !== 'string' || !pattern.startsWith('/')) {
      throw new TypeError(
        `matchesPath: patterns must be paths starting with "/" or RegExps, got ${String(pattern)}`,
      );
    }
    if (toRegExp(pattern).test(pathname)) return true;
  }
  return false;
}
