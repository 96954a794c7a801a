// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
/**
 * The live module bound by `BridgeProvider`, in jsdom against the reference server: another
 * user's change patches the lists and records the hooks show (or asks them again when it may
 * move them), a hook can opt out, `BridgeTable` counts new rows instead of jumping, a reset
 * asks everything again, `useLiveStatus` follows the connection and sign-out closes it.
 */
import { createClient, MemoryStorage } from '@bridgekit/core';
import { live } from '@bridgekit/core/live';
import {
  BridgeProvider,
  BridgeTable,
  type LiveEvent,
  useAuth,
  useBridgeApi,
  useBridgeClient,
  useBridgeMutation,
  useBridgeQuery,
  useLiveEvent,
  useLiveStatus,
} from '@bridgekit/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Product, signIn, startServer, type TestServer } from '../hooks/helpers';
import { countingStreams, setPageVisible, signedInStorage } from './liveFixture';

let server: TestServer;
let streams: ReturnType<typeof countingStreams>;
beforeEach(async () => {
  server = await startServer();
  streams = countingStreams();
});
afterEach(async () => {
  setPageVisible(true);
  await server.close();
});

/** The editor, changing products through the API as another person would. */
async function editor() {
  const client = createClient(server.url, {
    storage: new MemoryStorage(),
    fetch: globalThis.fetch,
  });
  await signIn(client, 'editor');
  return client;
}

const listRequests = () => server.count('GET', '/products');

/** The admin's page, the live module on, SWR's focus revalidation off (the tests show and hide the page). */
async function app(ui: ReactNode, options: Parameters<typeof live>[0] = {}) {
  const storage = await signedInStorage(server.url, 'admin');
  const config = { baseUrl: server.url, storage, fetch: streams.fetch, live: live(options) };
  return render(
    <BridgeProvider config={config} swr={{ provider: () => new Map(), revalidateOnFocus: false }}>
      <Status />
      {ui}
    </BridgeProvider>,
  );
}

function Status() {
  const { connected, lastEvent } = useLiveStatus();
  const what = lastEvent?.type === 'reset' ? 'reset' : (lastEvent?.id ?? 'none');
  return <p data-testid="live">{`${connected ? 'live' : 'not live'} ${what}`}</p>;
}
const live_ = () => screen.getByTestId('live').textContent;
const connected = () => waitFor(() => expect(live_()).toMatch(/^live/), { timeout: 10_000 });

function List({ follows, params = { limit: 5 } }: { follows?: boolean; params?: object }) {
  const products = useBridgeApi<Product>({ endpoint: '/products' });
  const { data } = useBridgeQuery(products, 'list', params, { live: follows });
  return (
    <ul aria-label={follows === false ? 'fixed' : 'list'}>
      {data.map((p) => (
        <li key={p.id}>{`${p.id} ${p.name} ${p.price}`}</li>
      ))}
    </ul>
  );
}

function One({ id }: { id: string }) {
  const products = useBridgeApi<Product>({ endpoint: '/products' });
  const { data } = useBridgeQuery(products, 'get', { id });
  return <p data-testid="one">{data ? `${data.id} ${data.name}` : ''}</p>;
}

function OneError({ id }: { id: string }) {
  const products = useBridgeApi<Product>({ endpoint: '/products' });
  const { data, error } = useBridgeQuery(products, 'get', { id });
  return (
    <p data-testid="error">
      {error ? `${(error as { status?: number }).status}` : (data?.id ?? '')}
    </p>
  );
}

const rowsOf = (label: string) =>
  within(screen.getByLabelText(label))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('the live module in a provider', () => {
  it('an update that carries the record is patched in the list and the record, without a request', async () => {
    await app(
      <>
        <List />
        <One id="2" />
      </>,
    );
    await waitFor(() => expect(rowsOf('list')).toHaveLength(5));
    await connected();
    const before = server.requests.length;

    await (await editor()).patch('/products/2', { name: 'Renamed by the editor' });
    await waitFor(() => expect(rowsOf('list')[1]).toMatch(/^2 Renamed by the editor /));
    await waitFor(() =>
      expect(screen.getByTestId('one').textContent).toBe('2 Renamed by the editor'),
    );
    expect(live_()).toBe('live 2');
    // Only the editor's own PATCH (and its sign-in) reached the server.
    expect(server.requests.slice(before).filter((r) => r.startsWith('GET'))).toEqual([]);
  });

  it('a list sorted by the changed field is asked again; one sorted by another is only patched', async () => {
    await app(<List params={{ limit: 5, orderBy: 'price', orderDir: 'desc' }} />);
    await waitFor(() => expect(rowsOf('list')).toHaveLength(5));
    await connected();
    const requests = listRequests();
    const writer = await editor();
    // The last row shown: a new price may move it.
    const id = rowsOf('list')[4]!.split(' ')[0]!;

    await writer.patch(`/products/${id}`, { name: 'Only its name' });
    await waitFor(() => expect(rowsOf('list')[4]).toMatch(new RegExp(`^${id} Only its name `)));
    expect(listRequests()).toBe(requests);

    await writer.patch(`/products/${id}`, { price: 100_000 });
    await waitFor(() => expect(rowsOf('list')[0]).toBe(`${id} Only its name 100000`));
    expect(listRequests()).toBe(requests + 1);
  });

  it('a created record asks the lists again; a hook with live: false keeps what it fetched', async () => {
    await app(
      <>
        <List params={{ limit: 3, orderBy: 'price', orderDir: 'desc' }} />
        {/* Another query (a hook that showed the same key would share its data). */}
        <List follows={false} params={{ limit: 4, orderBy: 'price', orderDir: 'desc' }} />
      </>,
    );
    await waitFor(() => expect(rowsOf('list')).toHaveLength(3));
    await connected();
    const fixed = rowsOf('fixed');

    const created = await (await editor()).post<Product>('/products', {
      name: 'Most expensive',
      price: 999_999,
      category: 'Home',
      stock: 1,
      active: true,
    });
    if (!created.success) throw new Error(created.error);
    await waitFor(() => expect(rowsOf('list')[0]).toBe(`${created.data.id} Most expensive 999999`));
    expect(rowsOf('fixed')).toEqual(fixed);
  });

  it('BridgeTable with liveNewRows counts created rows in a live region; Show fetches them', async () => {
    await app(
      <BridgeTable<Product>
        endpoint="/products"
        pageSize={3}
        liveNewRows
        columns={[{ key: 'name', header: 'Name' }]}
      />,
    );
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    await connected();
    const status = screen.getByRole('status');
    expect(status.className).toBe('bk-table__new-rows');
    expect(status.textContent).toBe('');
    const requests = listRequests();

    const writer = await editor();
    for (const name of ['New one', 'New two']) {
      await writer.post('/products', { name, price: 1, category: 'Home', stock: 1, active: true });
    }
    await waitFor(() => expect(status.textContent).toBe('2 new rows Show'));
    expect(listRequests()).toBe(requests);

    fireEvent.click(within(status).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(listRequests()).toBe(requests + 1));
    expect(status.textContent).toBe('');
  });

  it("BridgeTable's new rows: the user's own creation is fetched with the list, not counted", async () => {
    let create!: (name: string) => Promise<unknown>;
    function Creator() {
      const products = useBridgeApi<Product>({ endpoint: '/products' });
      const { mutate } = useBridgeMutation(products, 'create');
      create = (name) =>
        mutate({ data: { name, price: 1, category: 'Home', stock: 1, active: true } });
      return null;
    }
    await app(
      <>
        <Creator />
        <BridgeTable<Product>
          endpoint="/products"
          pageSize={3}
          liveNewRows
          columns={[{ key: 'name', header: 'Name' }]}
        />
      </>,
    );
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    await connected();
    const status = screen.getByRole('status');

    await act(() => create('Made here'));
    await waitFor(() => expect(live_()).toMatch(/^live \d+$/));
    // The mutation fetched the list again: nothing new is left to show.
    await waitFor(() => expect(status.textContent).toBe(''));
    await (await editor()).post('/products', {
      name: 'Made elsewhere',
      price: 1,
      category: 'Home',
      stock: 1,
      active: true,
    });
    await waitFor(() => expect(status.textContent).toBe('1 new row Show'));
  });

  it('a tab hidden past the feed’s window hears a reset when shown, and asks everything again', async () => {
    await server.close();
    server = await startServer({ changeFeed: { replayEvents: 1 } });
    await app(
      <>
        <List />
        <One id="4" />
      </>,
    );
    await waitFor(() => expect(rowsOf('list')).toHaveLength(5));
    await connected();
    act(() => setPageVisible(false));
    await waitFor(() => expect(live_()).toMatch(/^not live/));
    const requests = listRequests();

    const writer = await editor();
    await writer.patch('/products/4', { name: 'While hidden' });
    await writer.patch('/products/1', { name: 'Also while hidden' });
    act(() => setPageVisible(true));

    await waitFor(() => expect(live_()).toBe('live reset'));
    await waitFor(() => expect(screen.getByTestId('one').textContent).toBe('4 While hidden'));
    await waitFor(() => expect(rowsOf('list')[0]).toMatch(/^1 Also while hidden/));
    // The list and the record, asked again once each.
    expect(listRequests() - requests).toBe(1);
    expect(server.count('GET', '/products/4')).toBe(2);
    expect(streams.opened()).toBe(2);
  });

  it('a deletion asks the record again (gone: its error), unless this client is deleting it', async () => {
    let client!: ReturnType<typeof useBridgeClient>;
    function Deleter() {
      client = useBridgeClient();
      return null;
    }
    await app(
      <>
        <Deleter />
        <One id="6" />
        <OneError id="7" />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('one').textContent).toMatch(/^6 /));
    await waitFor(() => expect(screen.getByTestId('error').textContent).toBe('7'));
    await connected();

    await act(async () => {
      expect((await client.delete('/products/6')).success).toBe(true);
    });
    await (await editor()).delete('/products/7');
    await waitFor(() => expect(screen.getByTestId('error').textContent).toMatch(/404/));
    expect(server.count('GET', '/products/7')).toBe(2);
    // Its own deletion: the record was not asked for again.
    expect(server.count('GET', '/products/6')).toBe(1);
  });

  it('useLiveEvent hears each change; signing out closes the feed', async () => {
    const heard: LiveEvent[] = [];
    let signOut!: () => Promise<void>;
    function Listener() {
      useLiveEvent((event) => heard.push(event));
      signOut = useAuth().logout;
      return null;
    }
    await app(<Listener />);
    await connected();
    expect(streams.open()).toBe(1);

    await (await editor()).patch('/products/5', { stock: 5 });
    await waitFor(() => expect(heard).toMatchObject([{ type: 'updated', id: '5' }]));
    await act(() => signOut());
    await waitFor(() => expect(live_()).toBe('not live none'));
    await waitFor(() => expect(streams.open()).toBe(0));
  });

  it('a provider rendered again (a new swr object each time) keeps its one connection', async () => {
    const storage = await signedInStorage(server.url, 'admin');
    const config = { baseUrl: server.url, storage, fetch: streams.fetch, live: live() };
    const tree = (n: number) => (
      <BridgeProvider config={config} swr={{ provider: () => new Map(), dedupingInterval: n }}>
        <Status />
      </BridgeProvider>
    );
    const view = render(tree(1));
    await connected();
    for (let n = 2; n < 10; n++) view.rerender(tree(n));
    await (await editor()).patch('/products/8', { stock: 8 });
    await waitFor(() => expect(live_()).toBe('live 8'));
    expect(streams.opened()).toBe(1);
    view.unmount();
    await waitFor(() => expect(streams.open()).toBe(0));
  });

  it('a hook that asks for live: true where the instance has no live module is told so', () => {
    function Strict() {
      const products = useBridgeApi<Product>({ endpoint: '/products' });
      useBridgeQuery(products, 'list', {}, { live: true });
      return null;
    }
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() =>
        render(
          <BridgeProvider config={{ baseUrl: server.url }}>
            <Strict />
          </BridgeProvider>,
        ),
      ).toThrow(/instance "default" has no live module/);
    } finally {
      console.error = quiet;
    }
  });
});
