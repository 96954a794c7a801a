// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
import { createClient, MemoryStorage } from '@bridgekit/core';
import { feathers } from '@bridgekit/core/dialects';
import { type SearchQuery, useSearchQueryBuilder } from '@bridgekit/react/hooks';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgeTable } from '../../src/components/BridgeTable';
import type { ColumnDef } from '../../src/components/ColumnDef';
import {
  demoWithoutProducts,
  makeClient,
  queriesTo,
  renderWithClient,
  signIn,
  startServer,
  type TestServer,
} from './helpers';

interface Product {
  id: string;
  name: string;
  price: number;
  category: string;
  stock: number;
  active: boolean;
  createdAt: string;
}

const columns: ColumnDef<Product>[] = [
  { key: 'name', header: 'Name' },
  { key: 'price', header: 'Price', render: (price) => `$${price.toFixed(2)}` },
  {
    key: 'active',
    header: 'Active',
    render: (active, row) => `${active ? 'yes' : 'no'}:${row.id}`,
    sortable: false,
  },
];

let server: TestServer;
let client: ReturnType<typeof makeClient>;

// The table only reads: one server for the file, a fresh client and session per test.
beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  client = makeClient(server.apiUrl);
  await signIn(client, 'viewer');
});

afterEach(() => {
  cleanup();
});

/** The page the server itself returns, to compare the table against. */
async function serverPage(params: Record<string, unknown>) {
  const res = await client.get<Product[]>('/products', { params });
  if (!res.success || !res.data) throw new Error(res.error);
  return { rows: res.data, total: res.meta?.total ?? 0 };
}

// Plain selectors: role queries over a hundred rows are slow in jsdom.
const bodyRows = () => Array.from(document.querySelectorAll<HTMLTableRowElement>('tbody tr'));
const rowNames = () => bodyRows().map((row) => row.cells[0]?.textContent);
/** The names in the rows of data, without a state row (an error above them). */
const dataRowNames = () =>
  Array.from(
    document.querySelectorAll<HTMLTableRowElement>('tbody tr.bk-table__row'),
    (row) => row.cells[0]?.textContent,
  );

describe('BridgeTable', () => {
  it('renders the first page with headers, rendered cells and "Page x of y"', async () => {
    const expected = await serverPage({ page: 1, limit: 5 });
    renderWithClient(client, <BridgeTable endpoint="/products" columns={columns} pageSize={5} />);

    const table = screen.getByRole('table');
    expect(table.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(rowNames()).toEqual(expected.rows.map((p) => p.name)));
    expect(table.getAttribute('aria-busy')).toBe('false');

    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Price', 'Active']);
    const first = expected.rows[0]!;
    const cells = within(bodyRows()[0]!)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells).toEqual([
      first.name,
      `$${first.price.toFixed(2)}`,
      `${first.active ? 'yes' : 'no'}:${first.id}`,
    ]);
    expect(screen.getByText(`Page 1 of ${Math.ceil(expected.total / 5)}`)).toBeTruthy();
    expect(queriesTo(client, '/products').at(-1)?.get('limit')).toBe('5');
  });

  it('uses a page size of 10 by default', async () => {
    renderWithClient(client, <BridgeTable endpoint="/products" columns={columns} />);
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(queriesTo(client, '/products').at(-1)?.get('limit')).toBe('10');
  });

  it('moves to the next and previous page', async () => {
    const user = userEvent.setup();
    const [page1, page2] = [
      await serverPage({ page: 1, limit: 5 }),
      await serverPage({ page: 2, limit: 5 }),
    ];
    const pages = Math.ceil(page1.total / 5);
    renderWithClient(client, <BridgeTable endpoint="/products" columns={columns} pageSize={5} />);
    await waitFor(() => expect(rowNames()).toEqual(page1.rows.map((p) => p.name)));

    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    expect(next.disabled).toBe(false);

    await user.click(next);
    await waitFor(() => expect(rowNames()).toEqual(page2.rows.map((p) => p.name)));
    expect(screen.getByText(`Page 2 of ${pages}`)).toBeTruthy();
    expect(previous.disabled).toBe(false);
    expect(queriesTo(client, '/products').at(-1)?.get('page')).toBe('2');

    await user.click(previous);
    await waitFor(() => expect(rowNames()).toEqual(page1.rows.map((p) => p.name)));
    expect(screen.getByText(`Page 1 of ${pages}`)).toBeTruthy();
  });

  it('disables Next on the last page', async () => {
    const user = userEvent.setup();
    const { total } = await serverPage({ page: 1, limit: 100 });
    const pages = Math.ceil(total / 100);
    expect(pages).toBeGreaterThan(1);
    renderWithClient(client, <BridgeTable endpoint="/products" columns={columns} pageSize={100} />);
    const next = (await screen.findByRole('button', { name: 'Next' })) as HTMLButtonElement;
    for (let page = 2; page <= pages; page++) {
      await waitFor(() => expect(next.disabled).toBe(false));
      await user.click(next);
      await screen.findByText(`Page ${page} of ${pages}`);
    }
    expect(bodyRows()).toHaveLength(total - (pages - 1) * 100);
    expect(next.disabled).toBe(true);
  });

  it('sorts through header buttons: server query, rows and aria-sort', async () => {
    const user = userEvent.setup();
    renderWithClient(client, <BridgeTable endpoint="/products" columns={columns} pageSize={5} />);
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    const priceHeader = screen.getByRole('columnheader', { name: /Price/ });
    expect(priceHeader.hasAttribute('aria-sort')).toBe(false);
    // Not sortable: plain text, no button.
    expect(
      within(screen.getByRole('columnheader', { name: 'Active' })).queryByRole('button'),
    ).toBeNull();

    await user.click(within(priceHeader).getByRole('button'));
    const asc = await serverPage({ page: 1, limit: 5, sort: 'price:asc' });
    await waitFor(() => expect(rowNames()).toEqual(asc.rows.map((p) => p.name)));
    expect(priceHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(queriesTo(client, '/products').at(-2)?.get('sort')).toBe('price:asc');
    const prices = asc.rows.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    await user.click(within(priceHeader).getByRole('button'));
    const desc = await serverPage({ page: 1, limit: 5, sort: 'price:desc' });
    await waitFor(() => expect(rowNames()).toEqual(desc.rows.map((p) => p.name)));
    expect(priceHeader.getAttribute('aria-sort')).toBe('descending');
    expect(queriesTo(client, '/products').some((q) => q.get('sort') === 'price:desc')).toBe(true);

    await user.click(within(priceHeader).getByRole('button'));
    await waitFor(() => expect(priceHeader.hasAttribute('aria-sort')).toBe(false));
  });

  it('sorts on a click anywhere in the header cell, and on Enter or Space on its button', async () => {
    const user = userEvent.setup();
    renderWithClient(client, <BridgeTable endpoint="/products" columns={columns} pageSize={5} />);
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    const priceHeader = screen.getByRole('columnheader', { name: /Price/ });

    // The cell itself, outside its label.
    await user.click(priceHeader);
    await waitFor(() => expect(priceHeader.getAttribute('aria-sort')).toBe('ascending'));
    expect(priceHeader.className).toContain('bk-table__header--sortable');
    const asc = await serverPage({ page: 1, limit: 5, sort: 'price:asc' });
    await waitFor(() => expect(rowNames()).toEqual(asc.rows.map((p) => p.name)));

    // Tab reaches the header's button; Enter and Space go on through the cycle, once each.
    const button = within(priceHeader).getByRole('button');
    while (document.activeElement !== button) await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(priceHeader.getAttribute('aria-sort')).toBe('descending'));
    await user.keyboard(' ');
    await waitFor(() => expect(priceHeader.hasAttribute('aria-sort')).toBe(false));

    // A cell that is not sortable does nothing.
    const active = screen.getByRole('columnheader', { name: 'Active' });
    expect(active.className).not.toContain('bk-table__header--sortable');
    await user.click(active);
    expect(screen.getAllByRole('columnheader').some((th) => th.hasAttribute('aria-sort'))).toBe(
      false,
    );
  });

  it('returns to page 1 when the sort changes', async () => {
    const user = userEvent.setup();
    renderWithClient(client, <BridgeTable endpoint="/products" columns={columns} pageSize={5} />);
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText(/^Page 2 of/);
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await screen.findByText(/^Page 1 of/);
    const last = queriesTo(client, '/products').filter((q) => q.get('sort') === 'name:asc');
    expect(last.map((q) => q.get('page'))).toContain('1');
  });

  it('calls onRowClick with the row on click, Enter and Space', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    const { rows } = await serverPage({ page: 1, limit: 3 });
    renderWithClient(
      client,
      <BridgeTable endpoint="/products" columns={columns} pageSize={3} onRowClick={onRowClick} />,
    );
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const [first, second] = bodyRows();
    expect(first!.tabIndex).toBe(0);
    expect(first!.className).toContain('bk-table__row--clickable');

    await user.click(within(first!).getAllByRole('cell')[0]!);
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(onRowClick).toHaveBeenLastCalledWith(rows[0]);

    second!.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledTimes(2);
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);
    await user.keyboard(' ');
    expect(onRowClick).toHaveBeenCalledTimes(3);
    await user.keyboard('a');
    expect(onRowClick).toHaveBeenCalledTimes(3);
  });

  it('leaves keys pressed on a control inside the row to that control', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    const onEdit = vi.fn();
    const withButton: ColumnDef<Product>[] = [
      {
        key: 'id',
        header: 'Edit',
        sortable: false,
        render: (id) => (
          <button
            type="button"
            onClick={(e) => {
              e.stopPropagation();
              onEdit(id);
            }}
          >
            Edit {id}
          </button>
        ),
      },
    ];
    renderWithClient(
      client,
      <BridgeTable
        endpoint="/products"
        columns={withButton}
        pageSize={1}
        onRowClick={onRowClick}
      />,
    );
    const button = await screen.findByRole('button', { name: /^Edit / });
    button.focus();
    await user.keyboard('{Enter}');
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('rows are not focusable without onRowClick', async () => {
    renderWithClient(client, <BridgeTable endpoint="/products" columns={columns} pageSize={3} />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(bodyRows()[0]!.hasAttribute('tabindex')).toBe(false);
  });

  it('shows the error state with the server message and retries', async () => {
    const user = userEvent.setup();
    client.clearSession(); // the server answers 401
    renderWithClient(client, <BridgeTable endpoint="/products" columns={columns} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/\S/);
    expect(alert.closest('tr')?.className).toContain('bk-table__state--error');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false');

    await signIn(client, 'viewer');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
  });

  it('accepts a custom error renderer', async () => {
    renderWithClient(
      client,
      <BridgeTable
        endpoint="/no-such-collection"
        columns={columns}
        errorComponent={(error) => `Failed: ${error.name}`}
      />,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Failed: BridgeApiError');
  });

  it('shows the empty state', async () => {
    const empty = await startServer({ seed: demoWithoutProducts() });
    try {
      const emptyClient = makeClient(empty.apiUrl);
      await signIn(emptyClient, 'viewer');
      renderWithClient(
        emptyClient,
        <BridgeTable endpoint="/products" columns={columns} emptyComponent="Nothing here" />,
      );
      const cell = await screen.findByText('Nothing here');
      expect(cell.closest('tr')?.className).toContain('bk-table__state--empty');
      expect(cell.getAttribute('colspan')).toBe('3');
      // An empty list has 0 pages: no "Page 1 of 0".
      expect(screen.queryByText(/^Page \d+ of/)).toBeNull();
    } finally {
      cleanup();
      await empty.close();
    }
  });

  it('applies className and classNames next to the stable class names', async () => {
    const { container } = renderWithClient(
      client,
      <BridgeTable
        endpoint="/products"
        columns={columns}
        pageSize={2}
        className="mine"
        classNames={{ table: 't', row: 'r', cell: 'c', header: 'h', next: 'n', pageInfo: 'p' }}
      />,
    );
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(container.firstElementChild?.className).toBe('bk-table mine');
    expect(screen.getByRole('table').className).toBe('bk-table__table t');
    expect(bodyRows()[0]!.className).toBe('bk-table__row r');
    expect(container.querySelector('.bk-table__cell')?.className).toBe('bk-table__cell c');
    expect(container.querySelector('.bk-table__header')?.className).toBe(
      'bk-table__header bk-table__header--sortable h',
    );
    expect(screen.getByRole('button', { name: 'Next' }).className).toBe('bk-table__next n');
    expect(container.querySelector('.bk-table__page-info')?.className).toBe(
      'bk-table__page-info p',
    );
  });

  it('throws for a bad pageSize', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      renderWithClient(client, <BridgeTable endpoint="/products" columns={columns} pageSize={0} />),
    ).toThrow(RangeError);
    vi.restoreAllMocks();
  });
});

describe('BridgeTable with a query', () => {
  /** The page the server gives for a search, to compare the table against. */
  async function searchPage(params: Record<string, unknown>) {
    const res = await client.get<Product[]>('/products/search', { params });
    if (!res.success || !res.data) throw new Error(res.error);
    return { rows: res.data, total: res.meta?.total ?? 0 };
  }

  it('lists through search with q and the filters, back to page 1 when the query changes', async () => {
    const user = userEvent.setup();
    let setQuery: (query: SearchQuery) => void = () => {};
    function Search() {
      const [query, set] = useState<SearchQuery>({ q: 'mug' });
      setQuery = set;
      return <BridgeTable endpoint="/products" columns={columns} pageSize={5} query={query} />;
    }
    const [page1, page2] = [
      await searchPage({ q: 'mug', page: 1, limit: 5 }),
      await searchPage({ q: 'mug', page: 2, limit: 5 }),
    ];
    expect(page1.total).toBeGreaterThan(5);
    renderWithClient(client, <Search />);
    await waitFor(() => expect(rowNames()).toEqual(page1.rows.map((p) => p.name)));
    for (const name of rowNames()) expect(name?.toLowerCase()).toContain('mug');
    await screen.findByText(`Page 1 of ${Math.ceil(page1.total / 5)}`);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rowNames()).toEqual(page2.rows.map((p) => p.name)));

    act(() => setQuery({ q: 'mug', filters: { price: { operator: 'gte', value: 100 } } }));
    const filtered = await searchPage({ q: 'mug', page: 1, limit: 5, 'price[gte]': 100 });
    await waitFor(() => expect(rowNames()).toEqual(filtered.rows.map((p) => p.name)));
    await screen.findByText(`Page 1 of ${Math.ceil(filtered.total / 5)}`);
    const last = queriesTo(client, '/products/search').at(-1)!;
    expect(Object.fromEntries(last)).toEqual({
      q: 'mug',
      page: '1',
      limit: '5',
      'price[gte]': '100',
    });
  });

  it("follows the builder's page and sort, and hands the user's changes to it", async () => {
    const user = userEvent.setup();
    let search: ReturnType<typeof useSearchQueryBuilder> | undefined;
    function Search() {
      // As a query read back from the URL: page 3, by price descending.
      search = useSearchQueryBuilder({ page: 3, limit: 5, orderBy: 'price', orderDir: 'desc' });
      return (
        <BridgeTable
          endpoint="/products"
          columns={columns}
          query={search.query}
          onPageChange={search.setPage}
          onSortChange={search.setOrderBy}
        />
      );
    }
    const third = await searchPage({ q: '', page: 3, limit: 5, sort: 'price:desc' });
    renderWithClient(client, <Search />);
    await waitFor(() => expect(rowNames()).toEqual(third.rows.map((p) => p.name)));
    const price = screen.getByRole('columnheader', { name: /Price/ });
    expect(price.getAttribute('aria-sort')).toBe('descending');
    await screen.findByText(/^Page 3 of/);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(search!.query.page).toBe(4);
    await screen.findByText(/^Page 4 of/);

    // A third click on the sorted header removes the sort: descending -> none.
    await user.click(within(price).getByRole('button'));
    expect(search!.query).toEqual({ page: 1, limit: 5 });
    await waitFor(() => expect(price.hasAttribute('aria-sort')).toBe(false));
    await screen.findByText(/^Page 1 of/);
    await user.click(
      within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'),
    );
    expect(search!.query).toMatchObject({ page: 1, orderBy: 'name', orderDir: 'asc' });

    // The builder moves the table too.
    act(() => search!.setPage(2));
    await screen.findByText(/^Page 2 of/);
    expect(queriesTo(client, '/products/search').at(-1)?.get('sort')).toBe('name:asc');
  });

  it('shows the refusal of a dialect that cannot search, naming it', async () => {
    const feathersClient = createClient(server.apiUrl, {
      storage: new MemoryStorage(),
      dialect: feathers(),
    });
    renderWithClient(
      feathersClient,
      <BridgeTable endpoint="/products" columns={columns} query={{ q: 'lamp' }} />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/feathers.*cannot express full-text search/i);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('BridgeTable while a page changes', () => {
  it('shows a failed page change with its message and a Retry that works, the rows kept', async () => {
    const user = userEvent.setup();
    const { rows: page1 } = await serverPage({ page: 1, limit: 5 });
    const { rows: page2 } = await serverPage({ page: 2, limit: 5 });
    renderWithClient(client, <BridgeTable endpoint="/products" columns={columns} pageSize={5} />);
    await waitFor(() => expect(rowNames()).toEqual(page1.map((p) => p.name)));

    server.expireSessions(); // page 2 gets a 401
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/\S/);
    expect(alert.closest('tr')?.className).toContain('bk-table__state--error');
    // The previous page is still there, and says which page it is.
    expect(dataRowNames()).toEqual(page1.map((p) => p.name));
    expect(screen.getByText(/^Page 1 of/)).toBeTruthy();

    await signIn(client, 'viewer');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(dataRowNames()).toEqual(page2.map((p) => p.name)));
    expect(screen.queryByRole('alert')).toBeNull();
    await screen.findByText(/^Page 2 of/);
  });

  it('says the next page is loading while the previous one stays', async () => {
    const user = userEvent.setup();
    const slow = await startServer({ latencyMs: 300 });
    try {
      const slowClient = makeClient(slow.apiUrl);
      await signIn(slowClient, 'viewer');
      renderWithClient(
        slowClient,
        <BridgeTable endpoint="/products" columns={columns} pageSize={5} />,
      );
      await screen.findByText(/^Page 1 of/);
      const shown = rowNames();
      await user.click(screen.getByRole('button', { name: 'Next' }));
      const status = await screen.findByText('Loading page 2…');
      expect(status.closest('.bk-table__page-info')).not.toBeNull();
      expect(rowNames()).toEqual(shown);
      expect(document.querySelector('.bk-table')?.className).toContain('bk-table--loading');
      await screen.findByText(/^Page 2 of/);
      expect(document.querySelector('.bk-table')?.className).not.toContain('bk-table--loading');
    } finally {
      cleanup();
      await slow.close();
    }
  });
});
