// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
// Conditional fetching: null params and `enabled: false` wait, as in SWR.
import type { Client } from '@bridgekit/core';
import {
  type UseAuthResult,
  type UseBridgeCrudResult,
  useAuth,
  useBridgeApi,
  useBridgeCrud,
  useBridgeQuery,
} from '@bridgekit/react/hooks';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  makeClient,
  type Product,
  renderWithProvider,
  signIn,
  startServer,
  type TestServer,
} from './helpers';

let server: TestServer;
let client: Client;

beforeEach(async () => {
  server = await startServer();
  client = makeClient(server.url);
});
afterEach(async () => {
  await server.close();
});

describe('conditional fetching', () => {
  it('useBridgeCrud with null params sends no GET before sign-in, then loads (the example of docs/guide/react.md)', async () => {
    let auth: UseAuthResult | undefined;
    let crud: UseBridgeCrudResult<Product> | undefined;
    function Products() {
      auth = useAuth();
      crud = useBridgeCrud<Product>({ endpoint: '/products' }, auth.user ? { limit: 20 } : null);
      return <p>{auth.user ? `${crud.data.length} rows` : 'signed out'}</p>;
    }
    renderWithProvider({ client }, <Products />);
    await screen.findByText('signed out');
    expect(crud).toMatchObject({ data: [], meta: null, isLoading: false, error: null });
    expect(server.count('GET', '/products')).toBe(0);
    await act(async () => {
      await auth!.login({ email: 'viewer@example.com', password: 'viewer123' });
    });
    await screen.findByText('20 rows');
    // Every list request was made for the signed-in user (sign-in also revalidates queries).
    expect(server.requests.filter((r) => r.startsWith('GET /api/products'))).not.toHaveLength(0);
    expect(
      server.requests.filter(
        (r) => r.startsWith('GET /api/products') && r !== 'GET /api/products?limit=20',
      ),
    ).toEqual([]);
  });

  it('enabled: false waits and enabled: true fetches, for list and get', async () => {
    await signIn(client, 'viewer');
    let enable: ((on: boolean) => void) | undefined;
    function Screen() {
      const [enabled, setEnabled] = useState(false);
      enable = setEnabled;
      const products = useBridgeApi<Product>({ endpoint: '/products' });
      const list = useBridgeQuery(products, 'list', { limit: 3 }, { enabled });
      const one = useBridgeQuery(products, 'get', { id: '4' }, { enabled });
      return (
        <p>
          {list.isLoading || one.isLoading
            ? 'loading'
            : `${list.data.length} rows, ${one.data?.id ?? 'no record'}`}
        </p>
      );
    }
    renderWithProvider({ client }, <Screen />);
    await screen.findByText('0 rows, no record');
    expect(server.count('GET', '/products')).toBe(0);
    expect(server.count('GET', '/products/4')).toBe(0);
    act(() => enable!(true));
    await screen.findByText('3 rows, 4');
    expect(server.count('GET', '/products')).toBe(1);
    expect(server.count('GET', '/products/4')).toBe(1);
  });

  it('a waiting useBridgeCrud still creates', async () => {
    await signIn(client, 'editor');
    let crud: UseBridgeCrudResult<Product> | undefined;
    function Screen() {
      crud = useBridgeCrud<Product>({ endpoint: '/products' }, { limit: 5 }, undefined, {
        enabled: false,
      });
      return <p>{crud.data.length} rows</p>;
    }
    renderWithProvider({ client }, <Screen />);
    await screen.findByText('0 rows');
    let result: Awaited<ReturnType<UseBridgeCrudResult<Product>['create']>> | undefined;
    await act(async () => {
      result = await crud!.create({ name: 'Desk lamp', price: 30 });
    });
    expect(result).toMatchObject({ success: true, data: { name: 'Desk lamp' } });
    expect(server.count('POST', '/products')).toBe(1);
    expect(server.count('GET', '/products')).toBe(0);
  });
});
