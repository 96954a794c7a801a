import { describe, expect, it } from 'vitest';
import { buildLoginRedirect } from '../src/redirect/buildLoginRedirect';
import { matchesPath } from '../src/redirect/matchesPath';
import { safeNextPath } from '../src/redirect/safeNextPath';

describe('buildLoginRedirect', () => {
  it('keeps the original path and query in next', () => {
    const url = buildLoginRedirect('http://127.0.0.1:3000/account?tab=2&x=a%20b', '/login');
    expect(url.href).toBe('http://127.0.0.1:3000/login?next=%2Faccount%3Ftab%3D2%26x%3Da%2520b');
    expect(url.searchParams.get('next')).toBe('/account?tab=2&x=a%20b');
  });

  it('uses the default login path and a custom parameter name', () => {
    expect(buildLoginRedirect('http://h.test/account').href).toBe(
      'http://h.test/login?next=%2Faccount',
    );
    expect(buildLoginRedirect('http://h.test/a', '/signin', 'returnTo').search).toBe(
      '?returnTo=%2Fa',
    );
  });

  it('does not nest next when the login page itself is guarded', () => {
    expect(buildLoginRedirect('http://h.test/login?next=%2Fa', '/login').href).toBe(
      'http://h.test/login',
    );
  });

  it('rejects a login path that is not a local path', () => {
    expect(() => buildLoginRedirect('http://h.test/a', 'https://evil.test/login')).toThrow(
      /loginPath/,
    );
    expect(() => buildLoginRedirect('http://h.test/a', '//evil.test')).toThrow(TypeError);
  });
});

describe('safeNextPath', () => {
  it('accepts local paths', () => {
    expect(safeNextPath('/account?tab=2')).toBe('/account?tab=2');
  });

  it('falls back for other origins, protocol-relative and odd paths', () => {
    for (const bad of [
      'https://evil.test',
      '//evil.test',
      '/\\evil.test',
      'account',
      '/\t/evil.test',
      null,
    ]) {
      expect(safeNextPath(bad, '/home')).toBe('/home');
    }
  });
});

describe('matchesPath', () => {
  it('matches a prefix and what is below it, not siblings', () => {
    expect(matchesPath('/account', ['/account'])).toBe(true);
    expect(matchesPath('/account/settings', ['/account/'])).toBe(true);
    expect(matchesPath('/accounts', ['/account'])).toBe(false);
    expect(matchesPath('/', ['/account', '/products'])).toBe(false);
  });

  it('tests regular expressions against the pathname', () => {
    expect(matchesPath('/products/new', [/^\/products(\/|$)/])).toBe(true);
    expect(matchesPath('/product', [/^\/products(\/|$)/g])).toBe(false);
  });

  it('throws on a pattern that is neither a path nor a RegExp', () => {
    expect(() => matchesPath('/a', ['a'])).toThrow(TypeError);
  });
});
