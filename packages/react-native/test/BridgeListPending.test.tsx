// BridgeList with the offline queue, against the reference server, NetInfo's official jest mock
// saying whether the device is online: a create made offline shows its row at once, marked,
// until the server's row replaces it after the replay; an edit shows its new value; a delete
// hides its row; an edit the server refuses is marked, not shown as done.
import { beforeEach, describe, expect, jest, test } from '@jest/globals';
import { offlineQueue } from '@bridgekit/core/offline';
import AsyncStorage from '@react-native-async-storage/async-storage';
import NetInfo, { type NetInfoState } from '@react-native-community/netinfo';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react-native';
import type { ReactNode } from 'react';
import { FlatList, Text } from 'react-native';
import {
  BridgeList,
  type MutationResult,
  type UseBridgeCrudResult,
  useBridgeCrud,
  useOfflineQueueState,
} from '../src/index';
import { serverUrl, sessionFor, TestProvider } from './helpers';

interface Product {
  id: string;
  name: string;
  price: number;
}

const netInfoMock = NetInfo.addEventListener as unknown as jest.Mock;

/** What NetInfo would tell every listener. */
function netInfoSays(state: Partial<NetInfoState>) {
  act(() => {
    for (const [listener] of netInfoMock.mock.calls) (listener as (s: typeof state) => void)(state);
  });
}
const OFFLINE = { isConnected: false, isInternetReachable: false };
const ONLINE = { isConnected: true, isInternetReachable: true };

let crud: UseBridgeCrudResult<Product> | undefined;
/** The writes of the test, made as an app's screen makes them. */
function Writer() {
  crud = useBridgeCrud<Product>({ endpoint: '/products' }, null);
  return null;
}

/** What the queue holds. */
function Waiting() {
  const queue = useOfflineQueueState();
  return (
    <Text>
      waiting {queue?.pending.length}, failed {queue?.failed.length}
    </Text>
  );
}

/** The products list, newest first, under a provider with the offline queue. */
function withQueue(list: ReactNode) {
  return render(
    <TestProvider config={{ baseUrl: serverUrl(), offline: offlineQueue() }}>
      <Writer />
      <Waiting />
      {list}
    </TestProvider>,
  );
}

const newestFirst = {
  endpoint: '/products',
  orderBy: 'createdAt',
  orderDir: 'desc',
  pageSize: 10,
} as const;

/** A row as the test's renderItem draws it: name, price and id (none for a row made offline). */
const line = (p: Product) => `${p.name}: ${p.price} #${p.id ?? 'new'}`;

const session = () => AsyncStorage.getItem('client_session_id') as Promise<string>;

/** Sends straight to the server (no client, no queue), as the signed-in user. */
async function onServer(method: string, path: string, body?: object): Promise<Response> {
  return fetch(`${serverUrl()}${path}`, {
    method,
    headers: { 'X-Session-ID': await session(), 'Content-Type': 'application/json' },
    ...(body && { body: JSON.stringify(body) }),
  });
}

/** The products named `name` on the server. */
async function named(name: string): Promise<Product[]> {
  const res = await onServer('GET', `/products?name=${encodeURIComponent(name)}`);
  return ((await res.json()) as { data: Product[] }).data;
}

/** A product made on the server for the test, as the editor. */
async function product(name: string, price: number): Promise<Product> {
  const res = await onServer('POST', '/products', { name, price });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: Product }).data;
}

beforeEach(async () => {
  netInfoMock.mockClear();
  await AsyncStorage.clear();
  await AsyncStorage.setItem(
    'client_session_id',
    await sessionFor('editor@example.com', 'editor123'),
  );
});

describe('BridgeList with the offline queue', () => {
  test('a create made offline shows at once at the top, marked and keyed by its write, until the server row replaces it', async () => {
    const onItemPress = jest.fn();
    withQueue(
      <BridgeList<Product>
        testID="products"
        {...newestFirst}
        renderItem={(p) => <Text>{line(p)}</Text>}
        onItemPress={onItemPress}
      />,
    );
    await screen.findByText('waiting 0, failed 0');
    // The first render of the run loads the modules first: give it more than the default second.
    await waitFor(() => expect(screen.queryByLabelText('Loading')).toBeNull(), { timeout: 10_000 });
    netInfoSays(OFFLINE);
    const stamp = Date.now();
    const names = [`RN offline lamp ${stamp}`, `RN offline mug ${stamp}`];
    const results: MutationResult<Product>[] = [];
    for (const name of names) {
      await act(async () => {
        results.push(await crud!.create({ name, price: 2 }));
      });
    }
    const writes = results.map((result) => (result.queued ? result.write.id : 'not queued'));
    expect(results.map((result) => result.queued)).toEqual([true, true]);

    // At once, from the kept writes: their fields, no id, the default mark, first in the list.
    expect(screen.getByText(`${names[0]}: 2 #new`)).toBeTruthy();
    expect(screen.getByText(`${names[1]}: 2 #new`)).toBeTruthy();
    expect(screen.getAllByText('Change waiting to be sent')).toHaveLength(2);
    const list = screen.UNSAFE_getByType(FlatList<Product>);
    const shown = list.props.data as Product[];
    expect(shown.slice(0, 2).map((p) => p.name)).toEqual(names);
    // Without an id, each is keyed by its write's id: stable and distinct.
    const keyOf = list.props.keyExtractor as (item: Product, index: number) => string;
    expect(shown.slice(0, 2).map(keyOf)).toEqual(writes);
    // Nothing on the server to open yet.
    fireEvent.press(screen.getByText(`${names[0]}: 2 #new`));
    expect(onItemPress).not.toHaveBeenCalled();
    expect(await named(names[0]!)).toEqual([]);

    netInfoSays(ONLINE);
    await screen.findByText('waiting 0, failed 0');
    // The replay read the list again: the server's rows, with their ids, unmarked.
    const applied = await Promise.all(names.map(named));
    expect(applied.map((rows) => rows.length)).toEqual([1, 1]);
    for (const [row] of applied) expect(await screen.findByText(line(row!))).toBeTruthy();
    expect(screen.queryByText(/#new$/)).toBeNull();
    expect(screen.queryByText('Change waiting to be sent')).toBeNull();
    fireEvent.press(screen.getByText(line(applied[0]![0]!)));
    expect(onItemPress).toHaveBeenCalledWith(expect.objectContaining({ id: applied[0]![0]!.id }));

    // The server is shared by the whole run: leave the products as they were.
    for (const [row] of applied)
      expect((await onServer('DELETE', `/products/${row!.id}`)).ok).toBe(true);
  });

  test("an edit made offline shows its new value and a delete hides its row; renderItem's pending draws the mark", async () => {
    const stamp = Date.now();
    const edited = await product(`RN edited ${stamp}`, 5);
    const deleted = await product(`RN deleted ${stamp}`, 6);
    withQueue(
      <BridgeList<Product>
        {...newestFirst}
        pendingMark={false}
        renderItem={(p, _index, { pending }) => (
          <Text>{pending ? `${line(p)} (${pending.kind}, ${pending.list})` : line(p)}</Text>
        )}
      />,
    );
    await screen.findByText(line(edited));
    expect(screen.getByText(line(deleted))).toBeTruthy();
    netInfoSays(OFFLINE);
    await act(async () => {
      await crud!.update(edited.id, { price: 99 });
    });
    await act(async () => {
      await crud!.remove(deleted.id);
    });
    expect(screen.getByText('waiting 2, failed 0')).toBeTruthy();
    expect(screen.getByText(`${line({ ...edited, price: 99 })} (update, pending)`)).toBeTruthy();
    expect(screen.queryByText(line(deleted), { exact: false })).toBeNull();
    // pendingMark={false}: the app's own mark only.
    expect(screen.queryByText(/^Change /)).toBeNull();

    netInfoSays(ONLINE);
    await screen.findByText('waiting 0, failed 0');
    expect(await screen.findByText(line({ ...edited, price: 99 }))).toBeTruthy();
    expect(screen.queryByText(line(deleted), { exact: false })).toBeNull();
    expect((await named(edited.name)).map((p) => p.price)).toEqual([99]);
    expect(await named(deleted.name)).toEqual([]);
    expect((await onServer('DELETE', `/products/${edited.id}`)).ok).toBe(true);
  });

  test('an edit the server refuses on replay is marked as not sent, and the row shows the server value', async () => {
    const refused = await product(`RN refused ${Date.now()}`, 5);
    // A viewer may read products, not change them: the replay is answered 403.
    await AsyncStorage.setItem(
      'client_session_id',
      await sessionFor('viewer@example.com', 'viewer123'),
    );
    withQueue(<BridgeList<Product> {...newestFirst} renderItem={(p) => <Text>{line(p)}</Text>} />);
    await screen.findByText(line(refused));
    netInfoSays(OFFLINE);
    await act(async () => {
      await crud!.update(refused.id, { price: 1 });
    });
    expect(screen.getByText(line({ ...refused, price: 1 }))).toBeTruthy();
    expect(screen.getByText('Change waiting to be sent')).toBeTruthy();

    netInfoSays(ONLINE);
    await screen.findByText('waiting 0, failed 1');
    expect(await screen.findByText(line(refused))).toBeTruthy();
    expect(screen.getByText('Change could not be sent')).toBeTruthy();
    await AsyncStorage.setItem(
      'client_session_id',
      await sessionFor('editor@example.com', 'editor123'),
    );
    expect((await onServer('DELETE', `/products/${refused.id}`)).ok).toBe(true);
  });
});
