/**
 * A write the offline queue just applied, between the moment it leaves the queue and the moment
 * the list read again answers, in jsdom against the reference server behind a loopback proxy
 * that holds the list's answers until the test releases them: a create's row stays (the server's
 * record, no longer pending), an update's fields stay, and once the list answered the row is the
 * list's, or gone when the list does not hold it. The browser's online state is set by hand.
 */
import { MemoryStorage, type StorageAdapter } from '@bridgekit/core';
import { offlineQueue } from '@bridgekit/core/offline';
import {
  BridgeProvider,
  BridgeTable,
  type MutationResult,
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

async function withQueue(children: ReactNode) {
  const storage: StorageAdapter = new MemoryStorage();
  await device(world.api.url, storage).signIn('editor');
  return render(
    <BridgeProvider config={{ baseUrl: world.api.url, storage, offline: offlineQueue() }}>
      {children}
      <Waiting />
    </BridgeProvider>,
  );
}

function Waiting() {
  const { pending, failed, applied, discard } = useOfflineQueue();
  return (
    <>
      <p>waiting {pending.length}</p>
      <p>held {applied.length}</p>
      {failed.map((write) => (
        <button key={write.id} type="button" onClick={() => void discard(write.id)}>
          Discard {write.id}
        </button>
      ))}
    </>
  );
}

/** The products' answers from now on are held until `api.release()`; the writes go through. */
function holdReads() {
  world.api.rule = ({ method, path }) =>
    method === 'GET' && path.startsWith('/api/products') ? 'held-answer' : undefined;
}

/** Whether the proxy holds a read it received after the (last) write of `method`. */
const readHeldAfter = (method: string) => {
  const write = world.api.requests.map((r) => r.method).lastIndexOf(method);
  return write >= 0 && world.api.requests.slice(write + 1).some((r) => r.mode === 'held-answer');
};

const bodyRows = () => screen.getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const onServer = (name: string) => world.api.rows('products').filter((row) => row.name === name);

let creator: UseBridgeCrudResult<Product> | undefined;
function Create() {
  creator = useBridgeCrud<Product>({ endpoint: '/products' }, null);
  return null;
}

/** A search of one's own that writes down the names it showed, render after render. */
function Names({ q, shown }: { q: string; shown: string[][] }) {
  const products = useBridgeApi<Product>({ endpoint: '/products' });
  const { data } = useBridgeQuery(products, 'search', { q });
  const pending = usePendingWrites<Product>('/products');
  const names = pending.rows(data).map((product) => product.name);
  shown.push(names);
  return <p>names: {names.join(', ')}</p>;
}

const columns = [
  { key: 'name' as const, header: 'Name' },
  { key: 'price' as const, header: 'Price', render: (price: number) => `$${price.toFixed(2)}` },
  { key: 'stock' as const, header: 'Stock' },
  {
    key: 'category' as const,
    header: 'Category',
    render: (c?: string) => (c === undefined ? 'none' : c.toUpperCase()),
  },
];

async function createOffline(name: string) {
  setOnline(false);
  let result: MutationResult<Product> | undefined;
  await act(async () => {
    result = await creator!.create({ name, price: 2, stock: 3 });
  });
  expect(result).toMatchObject({ queued: true, code: 'QUEUED' });
}

describe('a create applied by the replay', () => {
  it('keeps its row, as the server made it, while the list is read again, then shows the list row', async () => {
    const name = `Kept lamp ${Date.now()}`;
    const shown: string[][] = [];
    const onRowClick = vi.fn();
    await withQueue(
      <>
        <Create />
        <BridgeTable<Product>
          endpoint="/products"
          columns={columns}
          query={{ q: name }}
          onRowClick={onRowClick}
          emptyComponent="None"
        />
        <Names q={name} shown={shown} />
      </>,
    );
    await screen.findByText('None');
    await createOffline(name);
    expect(bodyRows()[0]!.getAttribute('data-pending')).toBe('pending');

    holdReads();
    setOnline(true);
    // Applied: the write left the queue, and the list's new answer is held.
    await screen.findByText('waiting 0');
    await waitFor(() => expect(readHeldAfter('POST')).toBe(true));
    expect(onServer(name)).toHaveLength(1);
    const [created] = onServer(name);
    // The server's record from the create's answer: its id, its fields, no longer pending.
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]!.getAttribute('data-pending')).toBeNull();
    expect(cells(bodyRows()[0]!)).toEqual([name, '$2.00', '3', 'none']);
    fireEvent.click(bodyRows()[0]!);
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ id: created!.id, name }));

    expect(screen.getByText('held 1')).toBeTruthy();

    world.api.rule = undefined;
    act(() => world.api.release());
    // The list answered with the record: the row is the list's own, the same record.
    await screen.findByText('held 0');
    expect(bodyRows()).toHaveLength(1);
    expect(cells(bodyRows()[0]!)).toEqual([name, '$2.00', '3', 'none']);
    // Never gone from a list of one's own, from the render it appeared in on.
    const from = shown.findIndex((names) => names.includes(name));
    expect(from).toBeGreaterThanOrEqual(0);
    expect(shown.slice(from).filter((names) => !names.includes(name))).toEqual([]);
  });
});

/** A table of three rows a page, beside a way to create; resolves with the first page's names. */
async function firstPageOfThree() {
  await withQueue(
    <>
      <Create />
      <BridgeTable<Product> endpoint="/products" columns={columns} pageSize={3} />
    </>,
  );
  await waitFor(() => expect(bodyRows()).toHaveLength(3));
  return bodyRows().map((row) => cells(row)[0]);
}

describe('a create applied by the replay, on a page that does not hold it', () => {
  it('keeps its row until the page read again answers, then leaves it out', async () => {
    const name = `Elsewhere lamp ${Date.now()}`;
    const page = await firstPageOfThree();
    await createOffline(name);
    expect(bodyRows().map((row) => cells(row)[0])).toEqual([`${name} pending`, ...page]);

    holdReads();
    setOnline(true);
    await screen.findByText('waiting 0');
    await waitFor(() => expect(readHeldAfter('POST')).toBe(true));
    expect(bodyRows().map((row) => cells(row)[0])).toEqual([name, ...page]);
    expect(bodyRows()[0]!.getAttribute('data-pending')).toBeNull();
    expect(screen.getByText('held 1')).toBeTruthy();

    world.api.rule = undefined;
    act(() => world.api.release());
    // The first page, read again, does not hold it (the rows go by id): not kept forever.
    await screen.findByText('held 0');
    await waitFor(() => expect(bodyRows().map((row) => cells(row)[0])).toEqual(page));
    expect(onServer(name)).toHaveLength(1);
  });
});

describe('a create that is not applied', () => {
  it('stays marked while the server refuses it, and leaves no row once discarded', async () => {
    const name = `Refused lamp ${Date.now()}`;
    const page = await firstPageOfThree();
    await createOffline(name);
    world.api.status = 422;
    world.api.rule = ({ method }) => (method === 'POST' ? 'unavailable' : undefined);
    setOnline(true);
    await waitFor(() => expect(bodyRows()[0]!.getAttribute('data-pending')).toBe('failed'));
    expect(screen.getByText('held 0')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Discard / }));
    await waitFor(() => expect(bodyRows().map((row) => cells(row)[0])).toEqual(page));
    expect(screen.getByText('held 0')).toBeTruthy();
    expect(onServer(name)).toEqual([]);
  });
});

let updater: UseBridgeMutationResult<Product, 'update'> | undefined;
function Edit() {
  updater = useBridgeMutation(useBridgeApi<Product>({ endpoint: '/products' }), 'update');
  return null;
}

describe('an update applied by the replay', () => {
  it('keeps its fields in the record and the row while they are read again', async () => {
    await withQueue(
      <>
        <BridgeTable<Product> endpoint="/products" columns={columns} pageSize={3} />
        <Record id="1" />
        <Edit />
      </>,
    );
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const before = (await screen.findByText(/^record \d+$/)).textContent;
    expect(before).not.toBe('record 4321');
    setOnline(false);
    await act(async () => {
      await updater!.mutate({ id: '1', data: { stock: 4321 } });
    });
    await screen.findByText('record 4321 (update)');

    holdReads();
    setOnline(true);
    await screen.findByText('waiting 0');
    await waitFor(() => expect(readHeldAfter('PATCH')).toBe(true));
    // Applied: no longer marked, still the new stock, in the record and in its row.
    expect(screen.getByText('record 4321')).toBeTruthy();
    expect(bodyRows()[0]!.getAttribute('data-pending')).toBeNull();
    expect(cells(bodyRows()[0]!)[2]).toBe('4321');

    world.api.rule = undefined;
    act(() => world.api.release());
    await screen.findByText('held 0');
    expect(screen.getByText('record 4321')).toBeTruthy();
    expect(cells(bodyRows()[0]!)[2]).toBe('4321');
    expect(world.api.rows('products').find((row) => row.id === '1')?.stock).toBe(4321);
  });
});
