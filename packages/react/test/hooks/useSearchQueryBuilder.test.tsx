// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
import {
  type SearchQueryBuilder,
  type UseBridgeListResult,
  useBridgeApi,
  useBridgeQuery,
  useSearchQueryBuilder,
} from '@bridgekit/react/hooks';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeClient, type Product, renderWithProvider, signIn, startServer } from './helpers';

describe('useSearchQueryBuilder', () => {
  it('starts from the initial query and runs every action', () => {
    const { result } = renderHook(() => useSearchQueryBuilder({ limit: 20 }));
    const actions = { ...result.current };
    expect(result.current.query).toEqual({ limit: 20 });
    expect(result.current.searchParams).toEqual({ limit: 20, q: '' });
    act(() => result.current.setQuery('lamp'));
    act(() => result.current.addFilter('price', 'gte', 10));
    act(() => result.current.addFilter('category', 'eq', 'Books'));
    act(() => result.current.setOrderBy('price'));
    act(() => result.current.setPage(3));
    act(() => result.current.setLimit(50));
    expect(result.current.query).toEqual({
      q: 'lamp',
      limit: 50,
      page: 3,
      orderBy: 'price',
      orderDir: 'asc',
      filters: {
        price: { operator: 'gte', value: 10 },
        category: { operator: 'eq', value: 'Books' },
      },
    });
    act(() => result.current.setOrderBy('name', 'desc'));
    expect(result.current.query).toMatchObject({ orderBy: 'name', orderDir: 'desc' });
    act(() => result.current.removeFilter('price'));
    expect(result.current.query.filters).toEqual({ category: { operator: 'eq', value: 'Books' } });
    act(() => result.current.clearFilters());
    expect(result.current.query.filters).toEqual({});
    act(() => result.current.reset());
    expect(result.current.query).toEqual({ limit: 20 });
    // Actions are stable across renders.
    for (const name of [
      'addFilter',
      'removeFilter',
      'clearFilters',
      'setQuery',
      'setPage',
      'setLimit',
      'setOrderBy',
      'reset',
    ] as const) {
      expect(result.current[name]).toBe(actions[name]);
    }
  });

  it('changing the text or the filters returns to page 1', () => {
    const { result } = renderHook(() => useSearchQueryBuilder());
    act(() => result.current.setPage(4));
    act(() => result.current.setQuery('x'));
    expect(result.current.query.page).toBe(1);
    for (const change of [
      (b: SearchQueryBuilder) => b.addFilter('stock', 'lt', 5),
      (b: SearchQueryBuilder) => b.removeFilter('stock'),
      (b: SearchQueryBuilder) => b.clearFilters(),
    ]) {
      act(() => result.current.setPage(4));
      act(() => change(result.current));
      expect(result.current.query.page).toBe(1);
    }
    act(() => result.current.setPage(4));
    act(() => result.current.setLimit(5));
    expect(result.current.query.page).toBe(4);
  });

  it('a new sort goes back to page 1, and setOrderBy(null) clears the sort', () => {
    const { result } = renderHook(() => useSearchQueryBuilder({ limit: 20 }));
    act(() => result.current.setOrderBy('price', 'desc'));
    act(() => result.current.setPage(4));
    act(() => result.current.setOrderBy('price', 'asc'));
    expect(result.current.query).toEqual({
      limit: 20,
      page: 1,
      orderBy: 'price',
      orderDir: 'asc',
    });
    act(() => result.current.setPage(3));
    act(() => result.current.setOrderBy(null));
    expect(result.current.query).toEqual({ limit: 20, page: 1 });
    expect(result.current.searchParams).toEqual({ limit: 20, page: 1, q: '' });
    // Without a page set, none is added.
    const { result: fresh } = renderHook(() => useSearchQueryBuilder());
    act(() => fresh.current.setOrderBy('name'));
    expect(fresh.current.query).toEqual({ orderBy: 'name', orderDir: 'asc' });
  });

  it('rejects bad input with TypeError/RangeError naming the argument', () => {
    const { result } = renderHook(() => useSearchQueryBuilder());
    expect(() => result.current.setPage(0)).toThrow(/page/);
    expect(() => result.current.setLimit(2.5)).toThrow(RangeError);
    expect(() => result.current.addFilter('', 'eq', 1)).toThrow(/field/);
    expect(() => result.current.addFilter('a', 'between' as never, 1)).toThrow(/operator/);
    expect(() => result.current.setOrderBy('a', 'up' as never)).toThrow(/direction/);
    expect(() => result.current.setOrderBy('' as never)).toThrow(/field/);
  });

  it('drives a search against the server: q, filters, sort and page', async () => {
    const server = await startServer();
    try {
      const client = makeClient(server.url);
      await signIn(client, 'viewer');
      let builder: SearchQueryBuilder | undefined;
      let result: UseBridgeListResult<Product> | undefined;
      function Search() {
        const products = useBridgeApi<Product>({ endpoint: '/products' });
        builder = useSearchQueryBuilder({ limit: 5 });
        result = useBridgeQuery(products, 'search', builder.searchParams);
        return null;
      }
      renderWithProvider({ client }, <Search />);
      await waitFor(() => expect(result?.meta?.total).toBe(300));
      act(() => {
        builder!.addFilter('price', 'gte', 100);
        builder!.addFilter('category', 'eq', 'Books');
        builder!.addFilter('stock', 'lt', 150);
        builder!.setOrderBy('price', 'desc');
      });
      await waitFor(() => expect(result?.meta?.total).toBeLessThan(300));
      const total = result!.meta!.total;
      expect(result!.data.length).toBe(5);
      for (const row of result!.data) {
        expect(row.price).toBeGreaterThanOrEqual(100);
        expect(row.category).toBe('Books');
        expect(row.stock).toBeLessThan(150);
      }
      const prices = result!.data.map((p) => p.price);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      expect(server.requests.at(-1)).toBe(
        'GET /api/products/search?q=&limit=5&sort=price:desc&price[gte]=100&category=Books&stock[lt]=150',
      );
      act(() => builder!.setPage(2));
      await waitFor(() => expect(result?.meta?.page).toBe(2));
      expect(result!.meta!.total).toBe(total);
      act(() => builder!.setQuery('mug'));
      await waitFor(() => expect(result?.meta?.page).toBe(1));
      for (const row of result!.data) expect(row.name.toLowerCase()).toContain('mug');
    } finally {
      await server.close();
    }
  });
});
