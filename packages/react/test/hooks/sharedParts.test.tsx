// The parts every platform shares: createBridgeView and the operator names.
import { OPERATOR_NAMES } from '@bridgekit/core';
import { createBridgeView, FILTER_OPERATORS, useSearchQueryBuilder } from '@bridgekit/react/hooks';
import { renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeClient, renderWithProvider, signIn, startServer, type TestServer } from './helpers';

describe('createBridgeView', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer({ latencyMs: 100 });
  });
  afterEach(async () => {
    await server.close();
  });

  it("shows the platform's loading view by default, then the decision of useBridgeView", async () => {
    const client = makeClient(server.url);
    await signIn(client, 'viewer');
    const View = createBridgeView(<p>spinner</p>);
    renderWithProvider(
      { client },
      <>
        <View allowedTypes="admin" validateOnMount fallback={<p>admins only</p>}>
          <p>secret</p>
        </View>
        <View validateOnMount loadingComponent={<p>custom loading</p>}>
          <p>for anyone signed in</p>
        </View>
      </>,
    );
    expect(screen.getByText('spinner')).toBeTruthy();
    expect(screen.getByText('custom loading')).toBeTruthy();
    await screen.findByText('admins only');
    await screen.findByText('for anyone signed in');
    expect(screen.queryByText('secret')).toBeNull();
  });
});

describe('FILTER_OPERATORS', () => {
  it("is core's OPERATOR_NAMES without the two-value and affix operators, in core's order", () => {
    expect(FILTER_OPERATORS).toEqual(
      OPERATOR_NAMES.filter(
        (name) => !['startsWith', 'endsWith', 'between', 'notBetween'].includes(name),
      ),
    );
    expect(FILTER_OPERATORS).toEqual([
      'eq',
      'ne',
      'gt',
      'gte',
      'lt',
      'lte',
      'like',
      'ilike',
      'in',
      'nin',
      'null',
      'nnull',
    ]);
  });

  it('is what addFilter accepts', () => {
    const { result } = renderHook(() => useSearchQueryBuilder());
    expect(() => result.current.addFilter('price', 'between' as never, [1, 2])).toThrow(
      /operator must be one of eq, ne, gt, gte, lt, lte, like, ilike, in, nin, null, nnull/,
    );
  });
});
