// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
import { type Client, isBridgeApiError } from '@bridgekit/core';
import { type UseBridgeListResult, useBridgeApi, useBridgeQuery } from '@bridgekit/react/hooks';
import { act, screen, waitFor } from '@testing-library/react';
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
  await signIn(client, 'viewer');
});
afterEach(async () => {
  await server.close();
});

describe('useBridgeQuery', () => {
  it("'list' returns T[] and PaginationMeta, [] and null before the first answer", async () => {
    const seen: Array<UseBridgeListResult<Product>> = [];
    function List() {
      const products = useBridgeApi<Product>({ endpoint: '/products' });
      const result = useBridgeQuery(products, 'list', {
        page: 2,
        limit: 5,
        orderBy: 'price',
        orderDir: 'desc',
      });
      seen.push({
        data: result.data,
        meta: result.meta,
        isLoading: result.isLoading,
        error: result.error,
      } as never);
      return <p>{result.isLoading ? 'loading' : `${result.data.length} rows`}</p>;
    }
    renderWithProvider({ client }, <List />);
    await screen.findByText('5 rows');
    expect(seen[0]).toMatchObject({ data: [], meta: null, isLoading: true, error: null });
    const last = seen.at(-1)!;
    expect(last.meta).toEqual({ page: 2, limit: 5, total: 300, hasMore: true });
    const prices = last.data.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(server.requests).toContain('GET /api/products?page=2&limit=5&sort=price:desc');
  });

  it("'get' returns the record or null, meta null; 'search' sends q and filters", async () => {
    let get: { data: Product | null; meta: null } | undefined;
    let search: UseBridgeListResult<Product> | undefined;
    function Views() {
      const products = useBridgeApi<Product>({ endpoint: '/products' });
      get = useBridgeQuery(products, 'get', { id: '7' });
      search = useBridgeQuery(products, 'search', {
        q: 'mug',
        limit: 100,
        filters: { price: { operator: 'gte', value: 100 } },
      });
      return null;
    }
    renderWithProvider({ client }, <Views />);
    expect(get?.data).toBeNull();
    await waitFor(() => expect(get?.data?.id).toBe('7'));
    expect(get?.meta).toBeNull();
    await waitFor(() => expect(search?.meta).not.toBeNull());
    expect(search!.data.length).toBeGreaterThan(0);
    for (const row of search!.data) {
      expect(row.name.toLowerCase()).toContain('mug');
      expect(row.price).toBeGreaterThanOrEqual(100);
    }
    expect(server.requests).toContain('GET /api/products/search?q=mug&limit=100&price[gte]=100');
  });

  it('deduplicates identical queries: N components, one request on the server', async () => {
    function Row({ n }: { n: number }) {
      const products = useBridgeApi<Product>({ endpoint: '/products' });
      const { data } = useBridgeQuery(products, 'list', { page: 1, limit: 10 });
      return <li>{data.length ? `row ${n}: ${data.length}` : `row ${n}: -`}</li>;
    }
    const N = 25;
    renderWithProvider(
      { client },
      <ul>
        {Array.from({ length: N }, (_, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list.
          <Row key={n} n={n} />
        ))}
      </ul>,
    );
    await waitFor(() => expect(screen.getAllByText(/: 10$/)).toHaveLength(N));
    expect(server.count('GET', '/products')).toBe(1);
  });

  it('renders each consumer at most twice for one list fetch', async () => {
    const renders = [0, 0, 0];
    function Consumer({ n }: { n: number }) {
      renders[n]!++;
      const products = useBridgeApi<Product>({ endpoint: '/products' });
      const { data, meta, isLoading, error } = useBridgeQuery(products, 'list', { limit: 3 });
      return (
        <p>{isLoading ? 'loading' : `${n}:${data.length}/${meta?.total}${error ? '!' : ''}`}</p>
      );
    }
    renderWithProvider(
      { client },
      <>
        <Consumer n={0} />
        <Consumer n={1} />
        <Consumer n={2} />
      </>,
    );
    await screen.findByText('2:3/300');
    // Let any trailing update land before counting.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(renders.every((count) => count <= 2)).toBe(true);
    expect(renders).toEqual([2, 2, 2]);
  });

  it('exposes a failure as an Error (BridgeApiError) and refetch() loads again', async () => {
    let result: UseBridgeListResult<Product> | undefined;
    function List() {
      const tasks = useBridgeApi<Product>({ endpoint: '/nowhere' });
      result = useBridgeQuery(tasks, 'list', {}, { shouldRetryOnError: false });
      return null;
    }
    renderWithProvider({ client }, <List />);
    await waitFor(() => expect(result?.error).not.toBeNull());
    expect(result!.error).toBeInstanceOf(Error);
    expect(isBridgeApiError(result!.error) && result!.error.status).toBe(404);
    expect(result!.data).toEqual([]);
    const before = server.count('GET', '/nowhere');
    await act(() => result!.refetch());
    expect(server.count('GET', '/nowhere')).toBe(before + 1);
  });

  it('waits while params is null (conditional fetching)', async () => {
    let result: { isLoading: boolean; data: Product | null } | undefined;
    let choose: (id: string) => void = () => {};
    function Detail() {
      const [id, setId] = useState<string | null>(null);
      choose = setId;
      const products = useBridgeApi<Product>({ endpoint: '/products' });
      result = useBridgeQuery(products, 'get', id ? { id } : null);
      return <p>{result.data?.id ?? 'none'}</p>;
    }
    renderWithProvider({ client }, <Detail />);
    await act(() => new Promise((r) => setTimeout(r, 30)));
    expect(result).toMatchObject({ isLoading: false, data: null });
    expect(server.count('GET', '/products/3')).toBe(0);
    act(() => choose('3'));
    await screen.findByText('3');
    expect(server.count('GET', '/products/3')).toBe(1);
  });

  it('passes the SWR configuration through (fallbackData shows at once)', async () => {
    const fallback = {
      data: [{ id: 'x', name: 'From server render' } as Product],
      meta: { page: 1, limit: 1, total: 1, hasMore: false },
    };
    function List() {
      const products = useBridgeApi<Product>({ endpoint: '/products' });
      const { data } = useBridgeQuery(
        products,
        'list',
        { limit: 1 },
        { fallbackData: fallback, revalidateOnMount: false },
      );
      return <p>{data[0]?.name}</p>;
    }
    renderWithProvider({ client }, <List />);
    expect(screen.getByText('From server render')).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 30)));
    expect(server.count('GET', '/products')).toBe(0);
  });
});
