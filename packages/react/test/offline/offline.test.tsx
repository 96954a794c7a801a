/**
 * The offline modules bound by `BridgeProvider`, in jsdom against the reference server behind
 * a loopback proxy: the persisted cache restores before the hooks fetch, writes through the
 * hooks and `BridgeForm` are queued and replayed, everything closes on unmount. The browser's
 * online state is the one thing set by hand (`navigator.onLine` and its events).
 */
import { bridgeQueryKey, MemoryStorage, type StorageAdapter } from '@bridgekit/core';
import { offlineQueue, persistCache } from '@bridgekit/core/offline';
import {
  BridgeForm,
  BridgeProvider,
  type MutationResult,
  OfflineIndicator,
  type UseBridgeCrudResult,
  useBridgeClient,
  useBridgeCrud,
  useOfflineQueue,
} from '@bridgekit/react';
import type { Client } from '@bridgekit/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { unstable_serialize } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { device } from '../../../core/test/offline/offlineFixture';
import { offlineWorldPerTest, type Product } from './referenceApi';

const world = offlineWorldPerTest();
const { setOnline } = world;

/** A device's storage with the editor signed in (the provider restores the session and user). */
async function signedInStorage(): Promise<StorageAdapter> {
  const storage = new MemoryStorage();
  await device(world.api.url, storage).signIn('editor');
  await new Promise((resolve) => setTimeout(resolve, 10));
  return storage;
}

const PAGE = { page: 1, limit: 3, orderBy: 'id', orderDir: 'asc' as const };
const productRequests = () => world.api.requests.filter((r) => r.path.startsWith('/api/products'));

let crud: UseBridgeCrudResult<Product> | undefined;
function Products() {
  crud = useBridgeCrud<Product>({ endpoint: '/products' }, PAGE);
  if (crud.isLoading) return <p>Loading</p>;
  return (
    <ul>
      {crud.data.map((p) => (
        <li key={p.id}>
          {p.name}: {p.stock}
        </li>
      ))}
    </ul>
  );
}

let waiting: string[] = [];
function Pending() {
  const { pending, failed } = useOfflineQueue();
  waiting = pending.map((write) => write.id);
  return (
    <p>
      pending {pending.length}, failed {failed.length}
    </p>
  );
}

let conflictsClient: Client | undefined;
function Conflicts() {
  conflictsClient = useBridgeClient();
  const { conflicts, resolve } = useOfflineQueue();
  return (
    <div>
      <p>conflicts {conflicts.length}</p>
      {conflicts.map((c) => (
        <button key={c.id} type="button" onClick={() => void resolve(c.id, 'mine')}>
          Keep mine over {(c.theirs as Product).price}
        </button>
      ))}
    </div>
  );
}

describe('<BridgeProvider persist={persistCache()}>', () => {
  it('shows the saved list at once after a reload with the network cut, and says isLoading until it is back', async () => {
    const storage = await signedInStorage();
    const config = { baseUrl: world.api.url, storage };
    const first = render(
      <BridgeProvider config={config} persist={persistCache()}>
        <Products />
      </BridgeProvider>,
    );
    const names = await screen.findAllByRole('listitem');
    const shown = names.map((li) => li.textContent);
    first.unmount(); // saves what changed at once
    await waitFor(async () => expect(await storage.getItem('bridgekit_cache')).toBeTruthy());

    // Reload with a storage that answers slowly: the hook waits for the restore, no request.
    world.api.mode = 'cut';
    world.api.requests.length = 0;
    let release!: () => void;
    const slow: StorageAdapter = {
      ...storage,
      getItem: async (key) => {
        if (key === 'bridgekit_cache') await new Promise<void>((resolve) => (release = resolve));
        return storage.getItem(key);
      },
      setItem: (key, value) => storage.setItem(key, value),
      removeItem: (key) => storage.removeItem(key),
    };
    render(
      <BridgeProvider config={{ baseUrl: world.api.url, storage: slow }} persist={persistCache()}>
        <Products />
      </BridgeProvider>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await waitFor(() => expect(release).toBeTypeOf('function'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(productRequests()).toEqual([]);
    act(() => release());
    const restored = await screen.findAllByRole('listitem');
    expect(restored.map((li) => li.textContent)).toEqual(shown);
    // Then it asks the server again (cut here: the saved rows stay).
    await waitFor(() => expect(productRequests().length).toBeGreaterThan(0));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(shown);
  });

  it("keeps a query the server prefetched (SWR's fallback) rather than restoring it", async () => {
    const storage = await signedInStorage();
    const first = render(
      <BridgeProvider config={{ baseUrl: world.api.url, storage }} persist={persistCache()}>
        <Products />
      </BridgeProvider>,
    );
    await screen.findAllByRole('listitem');
    first.unmount();
    await waitFor(async () => expect(await storage.getItem('bridgekit_cache')).toBeTruthy());
    world.api.mode = 'cut';
    const key = unstable_serialize(bridgeQueryKey('default', '/products', 'list', PAGE));
    const prefetched = {
      data: [{ id: '1', name: 'From the server', price: 1, stock: 1 }],
      meta: { page: 1, limit: 3, total: 1, totalPages: 1, hasMore: false },
    };
    render(
      <BridgeProvider
        config={{ baseUrl: world.api.url, storage }}
        persist={persistCache()}
        swr={{ fallback: { [key]: prefetched } }}
      >
        <Products />
      </BridgeProvider>,
    );
    expect(await screen.findByText('From the server: 1')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'From the server: 1',
    ]);
  });
});

describe('config={{ offline: offlineQueue() }}', () => {
  it('an update made offline resolves queued at once, keeps its optimistic value, and is applied once online', async () => {
    const storage = await signedInStorage();
    const onError = vi.fn();
    const onSuccess = vi.fn();
    render(
      <BridgeProvider config={{ baseUrl: world.api.url, storage, offline: offlineQueue() }}>
        <Products />
        <Pending />
        <OfflineIndicator />
      </BridgeProvider>,
    );
    await screen.findAllByRole('listitem');
    const first = crud!.data[0]!;
    setOnline(false);
    let result: MutationResult<Product> | undefined;
    await act(async () => {
      result = await crud!.update(
        first.id,
        { stock: 777 },
        { optimistic: true, onError, onSuccess },
      );
    });
    expect(result).toMatchObject({ success: false, queued: true, code: 'QUEUED' });
    expect(result?.error).toMatch(/will be sent when the connection is back/);
    expect(onError).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByText(`${first.name}: 777`)).toBeTruthy();
    expect(screen.getByText('pending 1, failed 0')).toBeTruthy();
    const [key] = waiting;
    expect(screen.getByRole('status').textContent).toBe(
      'You are offline: 1 change will be sent when the connection is back',
    );
    expect(world.api.requests.filter((r) => r.method === 'PATCH')).toEqual([]);

    setOnline(true);
    await screen.findByText('pending 0, failed 0');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    const patches = world.api.requests.filter((r) => r.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]?.headers['idempotency-key']).toBe(key);
    expect(world.api.rows('products').find((row) => String(row.id) === first.id)?.stock).toBe(777);
    // The replay revalidated the list: it shows the server's value.
    await screen.findByText(`${first.name}: 777`);
  });

  it('a BridgeForm submission that loses its answer is queued: onQueued, not onSuccess or onError', async () => {
    const storage = await signedInStorage();
    const onSuccess = vi.fn();
    const onError = vi.fn();
    const onQueued = vi.fn();
    render(
      <BridgeProvider config={{ baseUrl: world.api.url, storage, offline: offlineQueue() }}>
        <BridgeForm
          endpoint="/products"
          method="POST"
          onSuccess={onSuccess}
          onError={onError}
          onQueued={onQueued}
        >
          <input name="name" defaultValue="Form lamp" />
          <input name="price" type="number" defaultValue="4" />
          <button type="submit">Save</button>
        </BridgeForm>
        <Pending />
      </BridgeProvider>,
    );
    world.api.mode = 'drop-answer';
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalledTimes(1));
    expect(onQueued.mock.calls[0]?.[0]).toMatchObject({ code: 'QUEUED' });
    expect(onSuccess).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    expect(screen.getByText('pending 1, failed 0')).toBeTruthy();
    world.api.mode = 'pass';
    setOnline(true);
    await screen.findByText('pending 0, failed 0');
    expect(world.api.rows('products').filter((row) => row.name === 'Form lamp')).toHaveLength(1);
  });

  it('under StrictMode a queued write is replayed once, and unmounting closes every listener', async () => {
    const storage = await signedInStorage();
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const view = render(
      <StrictMode>
        <BridgeProvider
          config={{ baseUrl: world.api.url, storage, offline: offlineQueue() }}
          persist={persistCache()}
        >
          <Products />
          <Pending />
        </BridgeProvider>
      </StrictMode>,
    );
    await screen.findAllByRole('listitem');
    setOnline(false);
    await act(async () => {
      await crud!.create({ name: 'Strict lamp', price: 1 });
    });
    setOnline(true);
    await screen.findByText('pending 0, failed 0');
    expect(
      world.api.requests.filter((r) => r.method === 'POST' && r.path === '/api/products'),
    ).toHaveLength(1);
    view.unmount();
    const count = (spy: typeof added, type: string) =>
      spy.mock.calls.filter(([name]) => name === type).length;
    for (const type of ['online', 'offline', 'pagehide']) {
      expect(count(removed, type)).toBe(count(added, type));
    }
  });

  it('a replay refused because someone else changed the record shows in conflicts and the indicator; resolve settles it', async () => {
    const storage = await signedInStorage();
    render(
      <BridgeProvider config={{ baseUrl: world.api.url, storage, offline: offlineQueue() }}>
        <Conflicts />
        <OfflineIndicator />
      </BridgeProvider>,
    );
    await act(async () => {
      await conflictsClient!.get('/products/2');
    });
    setOnline(false);
    await act(async () => {
      expect((await conflictsClient!.patch('/products/2', { price: 3 })).code).toBe('QUEUED');
    });
    const other = device(world.api.url);
    await other.signIn('admin');
    expect((await other.client.patch('/products/2', { price: 44 })).success).toBe(true);
    setOnline(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Keep mine over 44' }));
    expect(screen.getByRole('status').textContent).toBe("1 change conflicts with someone else's");
    await screen.findByText('conflicts 0');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(world.api.rows('products').find((row) => String(row.id) === '2')?.price).toBe(3);
  });

  it('useOfflineQueue() names the instance when it has no queue', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <BridgeProvider config={{ baseUrl: world.api.url }}>
          <Pending />
        </BridgeProvider>,
      ),
    ).toThrow('useOfflineQueue(): instance "default" has no offline queue');
    spy.mockRestore();
  });
});
