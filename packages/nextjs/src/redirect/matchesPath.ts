/** A path prefix (`'/account'` matches `/account` and `/account/…`) or a regular expression. */
export type PathPattern = string | RegExp;

/**
 * Whether `pathname` falls under one of `patterns`. A string matches itself and everything
 * below it (`'/account'` matches `/account/settings`, not `/accounts`); a `RegExp` is tested
 * against the whole pathname.
 *
 * @example
 * matchesPath('/account/settings', ['/account']) // true
 * matchesPath('/accounts', ['/account']) // false
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
    const prefix = pattern.length > 1 && pattern.endsWith('/') ? pattern.slice(0, -1) : pattern;
    if (prefix === '/' || pathname === prefix || pathname.startsWith(`${prefix}/`)) return true;
  }
  return false;
}
