// React Native's `URL` polyfill (before 0.80) threw on `username` and `password`, and apps
// still install URL polyfills that leave them out: the client must not need them to check a
// base URL, and must still refuse credentials in one.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createClient } from '@bridgekit/core';

const RealURL = globalThis.URL;

class UrlWithoutCredentials extends RealURL {
  override get username(): string {
    throw new Error('URL.username is not implemented');
  }
  override get password(): string {
    throw new Error('URL.password is not implemented');
  }
}

beforeAll(() => {
  globalThis.URL = UrlWithoutCredentials as typeof URL;
});

afterAll(() => {
  globalThis.URL = RealURL;
});

describe('a URL polyfill without username / password', () => {
  test('the polyfill is in place in this file', () => {
    expect(() => new URL('https://h/').username).toThrow(/not implemented/);
  });

  test('an ordinary base URL is accepted', () => {
    expect(createClient('https://api.example.com/v1/').getBaseUrl()).toBe(
      'https://api.example.com/v1',
    );
    expect(createClient('http://127.0.0.1:8080/a@b').getBaseUrl()).toBe(
      'http://127.0.0.1:8080/a@b',
    );
  });

  test.each([
    'https://user:pw@api.example.com/v1',
    'https://user@api.example.com',
    'https://:pw@api.example.com',
  ])('credentials in %s are still refused', (baseUrl) => {
    expect(() => createClient(baseUrl)).toThrow(/credentials/);
  });
});
