// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
import type { Client } from '@bridgekit/core';
import {
  isBridgeQueryKey,
  type UseAuthResult,
  type UseBridgeInfiniteResult,
  type UseBridgeMutationResult,
  useAuth,
  useBridgeApi,
  useBridgeInfiniteQuery,
  useBridgeMutation,
} from '@bridgekit/react/hooks';
import { act, screen, waitFor } from '@testing-library/react';
import { type ScopedMutator, useSWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
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

async function setup() {
  server = await startServer();
  client = makeClient(server.url);
  await signIn(client, 'editor');
}
afterEach(async () => {
  await server.close();
});

// Newest first, so a created product is the first row of page 1.
const NEWEST_FIRST = { limit: 2, orderBy: 'createdAt', orderDir: 'desc' } as const;

type Create = UseBridgeMutationResult<Product, 'create'>['mutate'];

/** A products list (two pages loaded) beside a products `create` and a tasks `create`. */
function renderList(options: { invalidateCache?: boolean } = {}) {
  const hooks: {
    list?: UseBridgeInfiniteResult<Product>;
    createProduct?: Create;
    createTask?: UseBridgeMutationResult<{ id: string }, 'create'>['mutate'];
    auth?: UseAuthResult;
    swrMutate?: ScopedMutator;
  } = {};
  function Screen() {
    const products = useBridgeApi<Product>({ endpoint: '/products' });
    const tasks = useBridgeApi<{ id: string }>({ endpoint: '/tasks' });
    hooks.list = useBridgeInfiniteQuery(products, NEWEST_FIRST);
    hooks.createProduct = useBridgeMutation(products, 'create', options).mutate;
    hooks.createTask = useBridgeMutation(tasks, 'create').mutate;
    hooks.auth = useAuth();
    hooks.swrMutate = useSWRConfig().mutate;
    const { items, meta } = hooks.list;
    return (
      <p>
        {items.length} rows of {meta?.total ?? '-'}; first {items[0]?.name ?? '-'}
      </p>
    );
  }
  renderWithProvider({ client }, <Screen />);
  return hooks;
}

async function loadTwoPages(hooks: ReturnType<typeof renderList>) {
  await screen.findByText(/^2 rows of 300/);
  act(() => hooks.list!.loadMore());
  await screen.findByText(/^4 rows of 300/);
}

const pageRequests = () =>
  server.requests.filter((r) => r.startsWith('GET /api/products?')).map((r) => r.slice(4));

describe('useBridgeInfiniteQuery', () => {
  it('a useBridgeMutation create reloads every loaded page, without refresh()', async () => {
    await setup();
    const hooks = renderList();
    await loadTwoPages(hooks);
    const before = pageRequests().length;
    await act(async () => {
      const result = await hooks.createProduct!({ data: { name: 'Desk lamp', price: 30 } });
      expect(result.success).toBe(true);
    });
    // mutate resolves after the revalidation: the list is fresh already.
    expect(screen.getByText('4 rows of 301; first Desk lamp')).toBeTruthy();
    expect(hooks.list!.isRefreshing).toBe(false);
    const reloaded = pageRequests().slice(before);
    expect(reloaded).toHaveLength(2);
    expect(reloaded.some((r) => r.includes('page=1'))).toBe(true);
    expect(reloaded.some((r) => r.includes('page=2'))).toBe(true);
  });

  it('leaves the list alone for invalidateCache: false and for another endpoint', async () => {
    await setup();
    const hooks = renderList({ invalidateCache: false });
    await loadTwoPages(hooks);
    const before = pageRequests().length;
    await act(async () => {
      await hooks.createProduct!({ data: { name: 'Quiet lamp', price: 30 } });
      await hooks.createTask!({ data: { title: 'Unrelated', status: 'todo' } as never });
    });
    expect(server.count('POST', '/products')).toBe(1);
    expect(server.count('POST', '/tasks')).toBe(1);
    expect(pageRequests()).toHaveLength(before);
    expect(screen.getByText(/^4 rows of 300/)).toBeTruthy();
  });

  it('logout drops the loaded pages without reloading them', async () => {
    await setup();
    const hooks = renderList();
    await loadTwoPages(hooks);
    const before = pageRequests().length;
    await act(() => hooks.auth!.logout());
    await waitFor(() => expect(hooks.list!.items).toEqual([]));
    expect(pageRequests()).toHaveLength(before);
  });

  it("is one SWR key: SWR's own mutate(filter) reloads every loaded page", async () => {
    await setup();
    const hooks = renderList();
    await loadTwoPages(hooks);
    // Two pages, one request each: loading page 2 did not ask for page 1 again.
    expect(pageRequests().filter((r) => r.includes('page=1'))).toHaveLength(1);
    expect(pageRequests().filter((r) => r.includes('page=2'))).toHaveLength(1);
    const before = pageRequests().length;
    await act(async () => {
      await hooks.swrMutate!((key) => isBridgeQueryKey(key, 'default', '/products'));
    });
    const reloaded = pageRequests().slice(before);
    expect(reloaded.map((r) => /page=(\d)/.exec(r)?.[1]).sort()).toEqual(['1', '2']);
    expect(screen.getByText(/^4 rows of 300/)).toBeTruthy();
  });
});
