/**
 * What the user sees of the writes that wait in the offline queue, in jsdom against the
 * reference server: a create kept offline shows its row at once in `BridgeTable` (and through
 * `usePendingWrites` in a list of one's own), marked pending, until the server's row replaces
 * it; an update shows its fields in the row and the record; a delete hides the row; a form
 * submitted into the queue resets. Online, a write made on a version someone else changed fails
 * with their record. The browser's online state is the one thing set by hand.
 */
import { isBridgeApiError, MemoryStorage, type StorageAdapter } from '@bridgekit/core';
import { offlineQueue } from '@bridgekit/core/offline';
import {
  BridgeForm,
  BridgeProvider,
  BridgeTable,
  type MutationResult,
  type PendingWrites,
  type QueuedError,
  type UseBridgeCrudResult,
  type UseBridgeMutationResult,
  useBridgeApi,
  useBridgeCrud,
  useBridgeMutation,
  useBridgeQuery,
  useOfflineQueue,
  usePendingWrites,
} from '@bridgekit/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { device } from '../../../core/test/offline/offlineFixture';
import { offlineWorldPerTest, type Product } from './referenceApi';
import { Record } from './views';

const world = offlineWorldPerTest();
const { setOnline } = world;

async function signedInStorage(): Promise<StorageAdapter> {
  const storage = new MemoryStorage();
  await device(world.api.url, storage).signIn('editor');
  return storage;
}

async function withQueue(children: ReactNode) {
  const storage = await signedInStorage();
  return render(
    <BridgeProvider config={{ baseUrl: world.api.url, storage, offline: offlineQueue() }}>
      {children}
      <Waiting />
    </BridgeProvider>,
  );
}

function Waiting() {
  const { pending } = useOfflineQueue();
  return <p>waiting {pending.length}</p>;
}

const onServer = (name: string) => world.api.rows('products').filter((row) => row.name === name);
const bodyRows = () => screen.getAllByRole('row').slice(1);

let creator: UseBridgeCrudResult<Product> | undefined;
function Create() {
  creator = useBridgeCrud<Product>({ endpoint: '/products' }, null);
  return null;
}

let listed: PendingWrites<Product> | undefined;
function List() {
  const { data, create } = useBridgeCrud<Product>(
    { endpoint: '/products' },
    { limit: 2, orderBy: 'id' },
  );
  const pending = usePendingWrites<Product>('/products');
  listed = pending;
  return (
    <>
      <ul>
        {pending.rows(data).map((product) => {
          const change = pending.changeOf(product);
          return (
            <li key={change?.kind === 'create' ? change.write.id : product.id}>
              {product.name}
              {change && ` (${change.kind}, ${change.list})`}
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={() => void create({ name: 'Own lamp', price: 2 })}>
        Add
      </button>
    </>
  );
}

let remover: UseBridgeMutationResult<Product, 'delete'> | undefined;
function Remove() {
  remover = useBridgeMutation(useBridgeApi<Product>({ endpoint: '/products' }), 'delete');
  return null;
}

let updater: UseBridgeMutationResult<Product, 'update'> | undefined;
function Edit({ onError }: { onError: (error: Error) => void }) {
  const products = useBridgeApi<Product>({ endpoint: '/products' });
  const { data } = useBridgeQuery(products, 'get', { id: '5' });
  updater = useBridgeMutation(products, 'update', { onError });
  return <p>{data ? 'read' : 'reading'}</p>;
}

const columns = [
  { key: 'name' as const, header: 'Name' },
  { key: 'price' as const, header: 'Price', render: (price: number) => `$${price.toFixed(2)}` },
  { key: 'stock' as const, header: 'Stock' },
];

describe('a create kept offline', () => {
  it('shows its row at once in BridgeTable, marked pending and not clickable, until the server row replaces it', async () => {
    const name = `Offline lamp ${Date.now()}`;
    const onRowClick = vi.fn();
    await withQueue(
      <>
        <Create />
        <BridgeTable<Product>
          endpoint="/products"
          columns={[
            ...columns,
            {
              key: 'category',
              header: 'Category',
              render: (c?: string) => (c === undefined ? 'none' : c.toUpperCase()),
            },
          ]}
          query={{ q: name }}
          onRowClick={onRowClick}
          emptyComponent="None"
        />
      </>,
    );
    await screen.findByText('None');
    setOnline(false);
    let result: MutationResult<Product> | undefined;
    await act(async () => {
      result = await creator!.create({ name, price: 2, stock: 3 });
    });
    expect(result).toMatchObject({ success: false, queued: true, code: 'QUEUED' });
    if (!result?.queued) throw new Error('not queued');
    expect(result.write).toMatchObject({ method: 'POST', endpoint: '/products' });

    // At once, from the kept write: its fields, an empty cell for the category it was not sent
    // with (its render is not called), the mark.
    const [row] = bodyRows();
    expect(row!.className).toContain('bk-table__row--pending');
    expect(row!.getAttribute('data-pending')).toBe('pending');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([`${name} pending`, '$2.00', '3', '']);
    expect(row!.getAttribute('tabindex')).toBeNull();
    fireEvent.click(row!);
    expect(onRowClick).not.toHaveBeenCalled();
    expect(onServer(name)).toEqual([]);
    setOnline(true);
    await screen.findByText('waiting 0');
    // The replay read the list again: the server's row, unmarked.
    await waitFor(() => expect(bodyRows()[0]?.className).toContain('bk-table__row--clickable'));
    const [applied] = onServer(name);
    expect(onServer(name)).toHaveLength(1);
    expect(bodyRows()).toHaveLength(1);
    expect(
      within(bodyRows()[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([name, '$2.00', '3', 'none']);
    fireEvent.click(bodyRows()[0]!);
    expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ id: applied!.id, name }));
  });

  it('shows in a list of your own through usePendingWrites, and nothing is added to the rows', async () => {
    await withQueue(<List />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    const before = screen.getAllByRole('listitem').map((li) => li.textContent);
    setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Own lamp (create, pending)');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Own lamp (create, pending)',
      ...before,
    ]);
    const [created] = listed!.rows([]);
    expect(created).toEqual({ name: 'Own lamp', price: 2 });
    expect(listed!.changes.map((change) => change.kind)).toEqual(['create']);
  });

  it('resets a BridgeForm submitted into the queue and calls onQueued with the kept write, not onError', async () => {
    const onQueued = vi.fn<(queued: QueuedError) => void>();
    const onError = vi.fn();
    await withQueue(
      <BridgeForm endpoint="/products" method="POST" onQueued={onQueued} onError={onError}>
        {({ error }) => (
          <>
            <label>
              Name <input name="name" defaultValue="" />
            </label>
            <label>
              Price <input name="price" type="number" defaultValue="" />
            </label>
            {error && <p role="alert">{error.message}</p>}
            <button type="submit">Save</button>
          </>
        )}
      </BridgeForm>,
    );
    setOnline(false);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Form lamp' } });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalledTimes(1));
    const queued = onQueued.mock.calls[0]![0];
    expect(queued).toMatchObject({ code: 'QUEUED' });
    expect(queued.data).toMatchObject({ method: 'POST', body: { name: 'Form lamp', price: 4 } });
    expect(onError).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    // Cleared: a second Save cannot send the same product again.
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Price') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('waiting 1')).toBeTruthy();
    setOnline(true);
    await screen.findByText('waiting 0');
    expect(onServer('Form lamp')).toHaveLength(1);
  });
});

describe('an update and a delete kept offline', () => {
  it('show the new fields in the row and the record, marked, and the server gets them once', async () => {
    await withQueue(
      <>
        <BridgeTable<Product> endpoint="/products" columns={columns} pageSize={3} />
        <Record id="1" />
        <BridgeForm endpoint="/products/1" method="PATCH">
          <label>
            Stock <input name="stock" type="number" defaultValue="" />
          </label>
          <button type="submit">Save</button>
        </BridgeForm>
      </>,
    );
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    await screen.findByText(/^record \d+$/);
    setOnline(false);
    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: '4321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('record 4321 (update)');
    const [first] = bodyRows();
    expect(first!.getAttribute('data-pending')).toBe('pending');
    expect(within(first!).getAllByRole('cell')[2]?.textContent).toBe('4321');
    expect(bodyRows()).toHaveLength(3);

    setOnline(true);
    await screen.findByText('waiting 0');
    await screen.findByText('record 4321');
    await waitFor(() => expect(bodyRows()[0]?.getAttribute('data-pending')).toBeNull());
    expect(within(bodyRows()[0]!).getAllByRole('cell')[2]?.textContent).toBe('4321');
    expect(world.api.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect(world.api.rows('products').find((row) => row.id === '1')?.stock).toBe(4321);
  });

  it('a delete hides the row (optimistic or not) and marks the record until it is applied', async () => {
    await withQueue(
      <>
        <BridgeTable<Product> endpoint="/products" columns={columns} pageSize={3} />
        <Record id="2" />
        <Remove />
      </>,
    );
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    await screen.findByText(/^record \d+$/);
    const names = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    const [firstName, secondName, thirdName] = names();
    setOnline(false);
    let result: MutationResult<undefined> | undefined;
    await act(async () => {
      result = await remover!.mutate({ id: '2' });
    });
    expect(result).toMatchObject({ queued: true, write: { method: 'DELETE' } });
    // Not optimistic: the cache keeps the row, the table leaves it out all the same.
    expect(names()).toEqual([firstName, thirdName]);
    expect(screen.getByText(/^record \d+ \(delete\)$/)).toBeTruthy();
    await act(async () => {
      await remover!.mutate({ id: '3' }, { optimistic: true });
    });
    expect(names()).toEqual([firstName]);

    setOnline(true);
    await screen.findByText('waiting 0');
    await waitFor(() => expect(names()).not.toContain(secondName));
    expect(world.api.rows('products').some((row) => row.id === '2' || row.id === '3')).toBe(false);
    expect(world.api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(2);
  });
});

describe('online, a write made on a version someone else changed', () => {
  it("fails with their record as the error's data (onError and the hook's error), and nothing is overwritten", async () => {
    const onError = vi.fn<(error: Error) => void>();
    await withQueue(<Edit onError={onError} />);
    await screen.findByText('read');
    const other = device(world.api.url);
    await other.signIn('admin');
    const theirs = await other.client.patch<Product>('/products/5', { price: 77 });
    let result: MutationResult<Product> | undefined;
    await act(async () => {
      result = await updater!.mutate({ id: '5', data: { price: 12 } });
    });
    expect(result).toMatchObject({ success: false });
    expect(result?.queued).toBeUndefined();
    const error = onError.mock.calls[0]?.[0];
    expect(isBridgeApiError(error) && error.status).toBe(412);
    expect(isBridgeApiError(error) && error.data).toEqual(theirs.data);
    expect(updater!.error).toBe(error);
    expect(world.api.rows('products').find((row) => row.id === '5')?.price).toBe(77);
  });
});
