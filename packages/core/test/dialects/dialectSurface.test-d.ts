import { describe, expectTypeOf, it } from 'vitest';
import {
  type BridgeApiService,
  type BridgeQueryKey,
  bridgeQueryKey,
  type ApiResponse,
  type Client,
  type Dialect,
  type DialectOperations,
  type DialectQuery,
  type OperationClient,
  type OperationRequest,
  type QueryEntry,
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
  it('the operations part: one call per service operation, answering an ApiResponse', () => {
    expectTypeOf<Dialect['operations']>().toEqualTypeOf<DialectOperations | undefined>();
    expectTypeOf<OperationRequest>().toEqualTypeOf<{
      client: OperationClient;
      endpoint: string;
      id?: string;
      entries: QueryEntry[];
      body?: unknown;
    }>();
    // The service hands its own client to the operations: a Client is an OperationClient.
    expectTypeOf<Client>().toMatchTypeOf<OperationClient>();
    expectTypeOf<NonNullable<DialectOperations['list']>>().returns.toEqualTypeOf<
      Promise<ApiResponse>
    >();
    const rpc: Dialect = {
      name: 'rpc',
      operations: { get: ({ client, id }) => client.post('/rpc', { id }) },
    };
    // @ts-expect-error an operation the services do not have
    const wrong: Dialect = { name: 'rpc', operations: { getMany: async () => ({}) } };
    expectTypeOf(rpc).toMatchTypeOf<Dialect>();
    expectTypeOf(wrong).toMatchTypeOf<Dialect>();
  });
  it("feathers() takes its parser's arrayLimit", () => {
    expectTypeOf<FeathersOptions['arrayLimit']>().toEqualTypeOf<number | undefined>();
    feathers({ arrayLimit: 50 });
    // @ts-expect-error a number
    feathers({ arrayLimit: '50' });
  });
  it('feathers() sends null only when told the app reads it (nulls)', () => {
    expectTypeOf<FeathersOptions['nulls']>().toEqualTypeOf<boolean | undefined>();
    feathers({ nulls: true });
    // @ts-expect-error a boolean, not the wire text
    feathers({ nulls: '' });
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
