import { describe, expect, it } from 'vitest';
import { parseCookieHeader, readCookie } from '../src/cookie/parseCookieHeader';
import { serializeCookie } from '../src/cookie/serializeCookie';
import { resolveSessionCookieOptions } from '../src/cookie/sessionCookieOptions';

describe('parseCookieHeader', () => {
  it('parses several cookies and decodes values', () => {
    expect(parseCookieHeader('session_id=abc%20d; theme=dark;lang=fr')).toEqual({
      session_id: 'abc d',
      theme: 'dark',
      lang: 'fr',
    });
  });

  it('keeps the first occurrence of a name', () => {
    expect(parseCookieHeader('session_id=first; session_id=second').session_id).toBe('first');
  });

  it('tolerates malformed pairs, quotes and bad escapes', () => {
    expect(parseCookieHeader('garbage; =x; a="quoted"; b=%E0%A4%A; c=1=2')).toEqual({
      a: 'quoted',
      b: '%E0%A4%A',
      c: '1=2',
    });
  });

  it('returns an empty map for a missing header', () => {
    expect(parseCookieHeader(undefined)).toEqual({});
    expect(parseCookieHeader(null)).toEqual({});
    expect(parseCookieHeader('')).toEqual({});
  });
});

describe('readCookie', () => {
  it('reads one cookie by name', () => {
    expect(readCookie('a=1; session_id=xyz', 'session_id')).toBe('xyz');
  });

  it('returns null when the cookie is missing or empty', () => {
    expect(readCookie('a=1', 'session_id')).toBeNull();
    expect(readCookie('session_id=', 'session_id')).toBeNull();
    expect(readCookie(null, 'session_id')).toBeNull();
  });
});

describe('resolveSessionCookieOptions', () => {
  it('defaults to session_id, path=/, SameSite=Lax and Secure only on https', () => {
    expect(resolveSessionCookieOptions(undefined, false)).toEqual({
      name: 'session_id',
      path: '/',
      sameSite: 'lax',
      secure: false,
    });
    expect(resolveSessionCookieOptions({}, true).secure).toBe(true);
  });

  it('honours explicit options and forces Secure with SameSite=None', () => {
    expect(
      resolveSessionCookieOptions(
        { name: 'sid', path: '/app', secure: true, maxAge: 60, domain: 'a.test' },
        false,
      ),
    ).toEqual({
      name: 'sid',
      path: '/app',
      sameSite: 'lax',
      secure: true,
      maxAge: 60,
      domain: 'a.test',
    });
    expect(resolveSessionCookieOptions({ sameSite: 'none', secure: false }, false).secure).toBe(
      true,
    );
  });
});

describe('serializeCookie', () => {
  it('writes name, encoded value and attributes', () => {
    expect(
      serializeCookie('session_id', 'a b;c', { path: '/', sameSite: 'lax', secure: true }),
    ).toBe('session_id=a%20b%3Bc; Path=/; SameSite=Lax; Secure');
  });

  it('writes Max-Age with Expires, and Max-Age=0 deletes', () => {
    const text = serializeCookie('sid', '', {
      path: '/',
      sameSite: 'strict',
      secure: false,
      maxAge: 0,
    });
    expect(text).toMatch(/^sid=; Path=\/; Max-Age=0; Expires=[^;]+ GMT; SameSite=Strict$/);
  });

  it('round-trips through parseCookieHeader', () => {
    const value = 'sess/ü=;,"';
    const text = serializeCookie('session_id', value, {
      path: '/',
      sameSite: 'lax',
      secure: false,
    });
    expect(readCookie(text.split('; ')[0], 'session_id')).toBe(value);
  });

  it('rejects bad names and attributes with errors naming the argument', () => {
    expect(() =>
      serializeCookie('bad name', 'x', { path: '/', sameSite: 'lax', secure: false }),
    ).toThrow(/name/);
    expect(() =>
      serializeCookie('a', 'x', { path: '/;evil', sameSite: 'lax', secure: false }),
    ).toThrow(TypeError);
    expect(() =>
      serializeCookie('a', 'x', { path: '/', sameSite: 'lax', secure: false, maxAge: Number.NaN }),
    ).toThrow(RangeError);
  });
});
