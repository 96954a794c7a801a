import { describe, expectTypeOf, it } from 'vitest';
import {
  type BridgeApiService,
  type BridgeQueryKey,
  bridgeQueryKey,
  type Dialect,
  type DialectQuery,
} from '@bridgekit/core';
import { type FeathersOptions, feathers, strapi } from '@bridgekit/core/dialects';

describe('the dialect surface', () => {
  it("a dialect's id and its query part's path are optional", () => {
    expectTypeOf<Dialect['id']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<DialectQuery['path']>().toEqualTypeOf<
      ((endpoint: string) => string) | undefined
    >();
    expectTypeOf(strapi({ search: ['name'] })).toMatchTypeOf<Dialect>();
  });
  it("feathers() takes its parser's arrayLimit", () => {
    expectTypeOf<FeathersOptions['arrayLimit']>().toEqualTypeOf<number | undefined>();
    feathers({ arrayLimit: 50 });
    // @ts-expect-error a number
    feathers({ arrayLimit: '50' });
  });
  it("a service names its entity's own dialect", () => {
    expectTypeOf<BridgeApiService<unknown>['dialect']>().toEqualTypeOf<Dialect | undefined>();
  });
  it("a query key may end with the entity dialect's id", () => {
    expectTypeOf(bridgeQueryKey('i', '/p', 'list', {}, strapi())).toEqualTypeOf<BridgeQueryKey>();
    expectTypeOf<['bridgekit', 'i', '/p', 'list', {}, 'x']>().toMatchTypeOf<BridgeQueryKey>();
    // @ts-expect-error a dialect (its id and name), not a text
    bridgeQueryKey('i', '/p', 'list', {}, 'strapi');
  });
});
