/**
 * Every dialect factory, the two dialect builders and `createBridgeApiService` refuse an option
 * they do not know (a typo, an option of another library) with a `TypeError` naming it, as
 * `createClient` does: it would otherwise be silently ignored.
 */
import { describe, expect, it } from 'vitest';
import { createBridgeApiService, createClient } from '@bridgekit/core';
import {
  dialectTransport,
  djangoRest,
  feathers,
  jsonServer,
  laravel,
  postgrest,
  restProvider,
  strapi,
} from '@bridgekit/core/dialects';

const api = createClient('http://127.0.0.1:9/api');

const cases: Array<[string, () => unknown, RegExp]> = [
  [
    'jsonServer',
    () => jsonServer({ verison: 0 } as never),
    /^options\.verison is not an option of jsonServer$/,
  ],
  [
    'feathers',
    () => feathers({ pagesize: 20 } as never),
    /^options\.pagesize is not an option of feathers$/,
  ],
  [
    'djangoRest',
    () => djangoRest({ trailingSlash: false, page_size: 20 } as never),
    /^options\.page_size is not an option of djangoRest$/,
  ],
  [
    'postgrest',
    () => postgrest({ schema: 'api' } as never),
    /^options\.schema is not an option of postgrest$/,
  ],
  [
    'strapi',
    () => strapi({ searchFields: ['name'] } as never),
    /^options\.searchFields is not an option of strapi$/,
  ],
  [
    'laravel',
    () => laravel({ filter: { name: 'partial' } } as never),
    /^options\.filter is not an option of laravel$/,
  ],
  [
    'restProvider',
    () => restProvider({ name: 'acme', sesion: { header: 'Authorization' } } as never),
    /^parts\.sesion is not an option of restProvider$/,
  ],
  [
    'dialectTransport',
    () => dialectTransport({ error: () => undefined } as never),
    /^parts\.error is not an option of dialectTransport$/,
  ],
  [
    'createBridgeApiService',
    () => createBridgeApiService(api, { endpoint: '/products', updateMetod: 'PUT' } as never),
    /^config\.updateMetod is not an option of createBridgeApiService$/,
  ],
];

describe('an unknown option is a TypeError naming it', () => {
  it.each(cases)('%s', (_name, make, message) => {
    expect(make).toThrow(TypeError);
    expect(make).toThrow(message);
  });

  it('a dialect factory given something other than an options object throws a TypeError', () => {
    for (const factory of [jsonServer, feathers, djangoRest, postgrest, strapi, laravel]) {
      expect(() => factory(null as never)).toThrow(TypeError);
      expect(() => factory('v1' as never)).toThrow(TypeError);
    }
  });

  it('every documented option is still taken', () => {
    expect(() => jsonServer({ version: 0 })).not.toThrow();
    expect(() => feathers({ like: true, pageSize: 20, arrayLimit: 50, nulls: true })).not.toThrow();
    expect(() =>
      djangoRest({ trailingSlash: false, pagination: 'limitOffset', pageSizeParam: 'size' }),
    ).not.toThrow();
    expect(() =>
      postgrest({ id: 'uuid', search: { column: 'tsv' }, gotrue: 'https://h/auth/v1' }),
    ).not.toThrow();
    expect(() => strapi({ search: ['name'] })).not.toThrow();
    expect(() => laravel({ filters: { name: 'partial' }, search: 'q' })).not.toThrow();
    expect(() =>
      dialectTransport({
        envelope: false,
        session: { header: 'Authorization' },
        errors: () => undefined,
      }),
    ).not.toThrow();
    expect(() =>
      createBridgeApiService(api, {
        endpoint: '/products',
        customEndpoints: { get: '/products/:id' },
        updateMethod: 'PUT',
        dialect: strapi(),
      }),
    ).not.toThrow();
  });
});
