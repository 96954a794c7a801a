// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
import type { Client } from '@bridgekit/core';
import {
  nextSort,
  sortParams,
  type UseBridgeTableStateResult,
  useBridgeTableState,
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

describe('nextSort and sortParams', () => {
  it('cycle asc → desc → none on one key; another key starts ascending', () => {
    const asc = nextSort(null, 'price');
    expect(asc).toEqual({ key: 'price', dir: 'asc' });
    const desc = nextSort(asc, 'price');
    expect(desc).toEqual({ key: 'price', dir: 'desc' });
    expect(nextSort(desc, 'price')).toBeNull();
    expect(nextSort(desc, 'name')).toEqual({ key: 'name', dir: 'asc' });
  });

  it('turn a sort into list params, nothing when unsorted', () => {
    expect(sortParams({ key: 'price', dir: 'desc' })).toEqual({
      orderBy: 'price',
      orderDir: 'desc',
    });
    expect(sortParams(null)).toEqual({});
    expect(sortParams(undefined)).toEqual({});
  });
});

describe('useBridgeTableState', () => {
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

  function renderTable(options: { endpoint?: string; pageSize?: number } = {}) {
    let table: UseBridgeTableStateResult<Product> | undefined;
    let setPageSize: ((size: number) => void) | undefined;
    function Table() {
      const [pageSize, setSize] = useState(options.pageSize ?? 5);
      setPageSize = setSize;
      table = useBridgeTableState<Product>({ endpoint: options.endpoint ?? '/products', pageSize });
      return (
        <p>
          {table.isLoading
            ? 'loading'
            : `page ${table.currentPage} of ${table.totalPages ?? '?'}: ${table.rows.map((p) => p.id).join(',')}`}
        </p>
      );
    }
    renderWithProvider({ client }, <Table />);
    return { table: () => table!, setPageSize: (size: number) => setPageSize!(size) };
  }

  it('pages, computes totalPages from the total and knows previous/next', async () => {
    const { table } = renderTable();
    await screen.findByText('page 1 of 60: 1,2,3,4,5');
    expect(table()).toMatchObject({ page: 1, hasPrevious: false, hasNext: true, sort: null });
    act(() => table().setPage(60));
    await screen.findByText(/^page 60 of 60: /);
    expect(table()).toMatchObject({ page: 60, hasPrevious: true, hasNext: false });
    expect(server.requests).toContain('GET /api/products?page=60&limit=5');
    expect(() => table().setPage(0)).toThrow(RangeError);
  });

  it('cycles the sort and goes back to page 1 on each change', async () => {
    const { table } = renderTable();
    await screen.findByText(/^page 1 of 60/);
    act(() => table().setPage(3));
    await screen.findByText(/^page 3 of 60/);
    act(() => table().toggleSort('price'));
    await screen.findByText(/^page 1 of 60/);
    expect(table().sort).toEqual({ key: 'price', dir: 'asc' });
    act(() => table().toggleSort('price'));
    expect(table().sort).toEqual({ key: 'price', dir: 'desc' });
    act(() => table().toggleSort('price'));
    expect(table().sort).toBeNull();
    act(() => table().setSort({ key: 'name', dir: 'desc' }));
    expect(table().sort).toEqual({ key: 'name', dir: 'desc' });
    await screen.findByText(/^page 1 of 60/);
    expect(server.requests).toContain('GET /api/products?page=1&limit=5&sort=price:asc');
    expect(server.requests).toContain('GET /api/products?page=1&limit=5&sort=price:desc');
    expect(server.requests).toContain('GET /api/products?page=1&limit=5&sort=name:desc');
  });

  it('keeps every change of one event: sort, then page (the example of docs/guide/react.md)', async () => {
    const { table } = renderTable();
    await screen.findByText(/^page 1 of 60/);
    act(() => {
      table().toggleSort('price');
      table().setPage(table().page + 1);
    });
    await screen.findByText(/^page 2 of 60/);
    expect(table()).toMatchObject({ page: 2, sort: { key: 'price', dir: 'asc' } });
    expect(server.requests).toContain('GET /api/products?page=2&limit=5&sort=price:asc');
    act(() => {
      table().toggleSort('name');
      table().toggleSort('name');
    });
    expect(table()).toMatchObject({ page: 1, sort: { key: 'name', dir: 'desc' } });
  });

  it('another page size is another list: back to page 1, unsorted', async () => {
    const { table, setPageSize } = renderTable();
    await screen.findByText(/^page 1 of 60/);
    act(() => table().toggleSort('price'));
    act(() => table().setPage(2));
    await screen.findByText(/^page 2 of 60/);
    act(() => setPageSize(10));
    await screen.findByText('page 1 of 30: 1,2,3,4,5,6,7,8,9,10');
    expect(table()).toMatchObject({ page: 1, sort: null });
  });

  it('counts 0 pages for an empty list, as the core does', async () => {
    let table: UseBridgeTableStateResult<Product> | undefined;
    function Table() {
      table = useBridgeTableState<Product>({
        endpoint: '/products',
        pageSize: 5,
        query: { q: 'no product is called this' },
      });
      return <p>{table.isLoading ? 'loading' : `${table.rows.length} rows`}</p>;
    }
    renderWithProvider({ client }, <Table />);
    await screen.findByText('0 rows');
    expect(table).toMatchObject({ totalPages: 0, currentPage: 1, hasNext: false });
  });

  it('has no totalPages when the page has no total (never guessed from the rows)', async () => {
    // A page as a backend without totals gives it: SWR's fallback stands in for the answer,
    // since the reference server always counts.
    const page = {
      data: [{ id: '1' }, { id: '2' }] as Product[],
      meta: { page: 1, limit: 2, hasMore: true },
    };
    let table: UseBridgeTableStateResult<Product> | undefined;
    function Table() {
      table = useBridgeTableState<Product>({
        endpoint: '/products',
        pageSize: 2,
        swrConfig: { enabled: false, fallbackData: page },
      });
      return <p>{table.rows.map((p) => p.id).join(',')}</p>;
    }
    renderWithProvider({ client }, <Table />);
    await screen.findByText('1,2');
    expect('totalPages' in table!).toBe(false);
    expect(table).toMatchObject({ currentPage: 1, hasPrevious: false, hasNext: true });
    expect(server.count('GET', '/products')).toBe(0);
  });
});
