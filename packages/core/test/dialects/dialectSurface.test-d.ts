import { describe, expectTypeOf, it } from 'vitest';
import {
  type BridgeApiService,
  type BridgeQueryKey,
  bridgeQueryKey,
  type ApiResponse,
  type Client,
  type BridgeRequest,
  type Dialect,
  type DialectErrorContext,
  type DialectOperations,
  type Middleware,
  type MiddlewareCall,
  type DialectQuery,
  type OperationClient,
  type OperationRequest,
  type QueryEntry,
} from '@bridgekit/core';
import {
  type DialectTransportParts,
  dialectTransport,
  type FeathersOptions,
  feathers,
  restProvider,
  strapi,
} from '@bridgekit/core/dialects';

describe('the dialect surface', () => {
  it('the transport part is a middleware; session and errors live in dialectTransport', () => {
    expectTypeOf<Dialect['transport']>().toEqualTypeOf<Middleware | undefined>();
    expectTypeOf(dialectTransport).parameter(0).toEqualTypeOf<DialectTransportParts>();
    expectTypeOf(dialectTransport).returns.toEqualTypeOf<Middleware>();
    expectTypeOf<DialectTransportParts['envelope']>().toEqualTypeOf<false | undefined>();
    expectTypeOf<DialectErrorContext>().toEqualTypeOf<{ status: number; headers: Headers }>();
    expectTypeOf<BridgeRequest['envelope']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<MiddlewareCall['sessionHeader']>().toEqualTypeOf<string | undefined>();
    // @ts-expect-error the session part moved into the transport
    const old: Dialect = { name: 'old', session: { header: 'Authorization' } };
    expectTypeOf(old).toMatchTypeOf<Dialect>();
    // restProvider still takes them declaratively, and sets the types' envelope marker.
    const made = restProvider({
      name: 'p',
      session: { header: 'Authorization', scheme: 'Bearer' },
    });
    expectTypeOf(made.envelope).toEqualTypeOf<false>();
  });
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
      headers?: Record<string, string>;
      signal?: AbortSignal;
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
