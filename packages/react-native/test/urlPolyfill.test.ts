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

describe("React Native's own URL (Libraries/Blob/URL)", () => {
  let saved: typeof URL;
  beforeAll(() => {
    saved = globalThis.URL;
    // biome-ignore lint/suspicious/noReactNativeDeepImports: the polyfill React Native installs as URL.
    globalThis.URL = require('react-native/Libraries/Blob/URL').URL;
  });
  afterAll(() => {
    globalThis.URL = saved;
  });

  test.each([
    ['https://api.example.com/api/', 'https://api.example.com/api'],
    ['http://10.0.2.2:4000/api', 'http://10.0.2.2:4000/api'],
    ['https://api.example.com', 'https://api.example.com'],
    // The polyfill matches a lower-case scheme only; the URL parser lower-cases it anyway.
    ['HTTPS://api.example.com/v1', 'https://api.example.com/v1'],
  ])('takes %s as %s', (baseUrl, href) => {
    expect(createClient(baseUrl).getBaseUrl()).toBe(href);
  });

  test.each([
    ['https://user:pw@api.example.com/api', /credentials/],
    ['https://api.example.com/api?x=1', /query/],
    ['https://api.example.com/api#top', /query string or fragment/],
  ])('refuses %s', (baseUrl, message) => {
    expect(() => createClient(baseUrl)).toThrow(message);
  });
});
