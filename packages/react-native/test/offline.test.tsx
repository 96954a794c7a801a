// The offline modules in React Native, with the official AsyncStorage and NetInfo jest mocks,
// against the reference server: writes made while NetInfo says offline wait in AsyncStorage and
// go once when NetInfo says online again or the app returns to the foreground; the persisted
// cache shows the last list after a restart with the network cut; unmounting ends every
// subscription the modules made.
import { beforeEach, describe, expect, jest, test } from '@jest/globals';
import { offlineQueue, persistCache } from '@bridgekit/core/offline';
import AsyncStorage from '@react-native-async-storage/async-storage';
import NetInfo, { type NetInfoState } from '@react-native-community/netinfo';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react-native';
import { AppState, type AppStateStatus, Pressable, Text, TextInput } from 'react-native';
import {
  BridgeForm,
  type MutationResult,
  OfflineIndicator,
  type QueuedError,
  type UseBridgeCrudResult,
  useBridgeCrud,
  useOfflineQueueState,
} from '../src/index';
import { countingFetch, serverUrl, sessionFor, TestProvider } from './helpers';

interface Product {
  id: string;
  name: string;
  price: number;
}

const appStateMock = AppState.addEventListener as unknown as jest.Mock;
const netInfoMock = NetInfo.addEventListener as unknown as jest.Mock;

/** What NetInfo would tell every listener. */
function netInfoSays(state: Partial<NetInfoState>) {
  act(() => {
    for (const [listener] of netInfoMock.mock.calls) (listener as (s: typeof state) => void)(state);
  });
}
/** What AppState would tell every listener. */
function appStateSays(next: AppStateStatus) {
  act(() => {
    for (const [type, listener] of appStateMock.mock.calls) {
      if (type === 'change') (listener as (s: AppStateStatus) => void)(next);
    }
  });
}
const OFFLINE = { isConnected: false, isInternetReachable: false };
const ONLINE = { isConnected: true, isInternetReachable: true };

let crud: UseBridgeCrudResult<Product> | undefined;
function Products() {
  crud = useBridgeCrud<Product>({ endpoint: '/products' }, { limit: 2, orderBy: 'id' });
  const queue = useOfflineQueueState();
  return (
    <>
      {crud.data.map((p) => (
        <Text key={p.id}>{p.name}</Text>
      ))}
      {queue && <Text>pending {queue.pending.length}</Text>}
    </>
  );
}

/** The products named `name` on the server, read past every cache. */
async function onServer(name: string): Promise<number> {
  const res = await fetch(`${serverUrl()}/products?name=${encodeURIComponent(name)}`, {
    headers: { 'X-Session-ID': await sessionFor('viewer@example.com', 'viewer123') },
  });
  return ((await res.json()) as { data: unknown[] }).data.length;
}

beforeEach(async () => {
  appStateMock.mockClear();
  netInfoMock.mockClear();
  await AsyncStorage.clear();
  await AsyncStorage.setItem(
    'client_session_id',
    await sessionFor('editor@example.com', 'editor123'),
  );
});

describe('offlineQueue() in React Native', () => {
  test('a write made while NetInfo says offline waits in AsyncStorage and goes once NetInfo says online', async () => {
    const net = countingFetch();
    render(
      <TestProvider config={{ baseUrl: serverUrl(), offline: offlineQueue(), fetch: net.fetch }}>
        <Products />
        <OfflineIndicator />
      </TestProvider>,
    );
    await screen.findByText('pending 0');
    netInfoSays(OFFLINE);
    const name = `RN queued ${Date.now()}`;
    let result: MutationResult<Product> | undefined;
    await act(async () => {
      result = await crud!.create({ name, price: 2 });
    });
    expect(result).toMatchObject({ success: false, queued: true, code: 'QUEUED' });
    expect(screen.getByText('pending 1')).toBeTruthy();
    expect(
      screen.getByLabelText('No internet connection · 1 change waiting to be sent'),
    ).toBeTruthy();
    expect(net.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(await AsyncStorage.getItem('bridgekit_offline_queue')).toContain(name);

    netInfoSays(ONLINE);
    await screen.findByText('pending 0');
    expect(net.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(await onServer(name)).toBe(1);
    expect(screen.queryByTestId('bridgekit-offline-indicator')).toBeNull();
  });

  test('a write whose send failed goes when the app returns to the foreground', async () => {
    const net = countingFetch();
    let cut = false;
    const flaky: typeof fetch = (input, init) =>
      cut ? Promise.reject(new TypeError('Network request failed')) : net.fetch(input, init);
    render(
      <TestProvider
        config={{
          baseUrl: serverUrl(),
          fetch: flaky,
          offline: offlineQueue({ retryDelay: 600_000 }),
        }}
      >
        <Products />
      </TestProvider>,
    );
    await screen.findByText('pending 0');
    cut = true;
    const name = `RN foreground ${Date.now()}`;
    await act(async () => {
      await crud!.create({ name, price: 2 });
    });
    expect(screen.getByText('pending 1')).toBeTruthy();
    cut = false;
    appStateSays('background');
    appStateSays('active');
    await screen.findByText('pending 0');
    expect(await onServer(name)).toBe(1);
  });

  test('a BridgeForm submitted while offline is accepted for later: its values go back, onQueued hears the kept write', async () => {
    const onQueued = jest.fn<(queued: QueuedError) => void>();
    const onError = jest.fn();
    const name = `RN form ${Date.now()}`;
    render(
      <TestProvider config={{ baseUrl: serverUrl(), offline: offlineQueue() }}>
        <Products />
        <BridgeForm
          endpoint="/products"
          method="POST"
          initialValues={{ name: '', price: 2 }}
          onQueued={onQueued}
          onError={onError}
        >
          {({ values, setValue, submit, error }) => (
            <>
              <TextInput
                testID="name"
                value={values.name}
                onChangeText={(text) => setValue('name', text)}
              />
              {error && <Text>{error.message}</Text>}
              <Pressable onPress={submit}>
                <Text>save</Text>
              </Pressable>
            </>
          )}
        </BridgeForm>
      </TestProvider>,
    );
    await screen.findByText('pending 0');
    netInfoSays(OFFLINE);
    fireEvent.changeText(screen.getByTestId('name'), name);
    await act(async () => {
      fireEvent.press(screen.getByText('save'));
    });
    await waitFor(() => expect(onQueued).toHaveBeenCalledTimes(1));
    expect(onQueued.mock.calls[0]?.[0]).toMatchObject({
      code: 'QUEUED',
      data: { method: 'POST', body: { name, price: 2 } },
    });
    expect(onError).not.toHaveBeenCalled();
    // Back to its initial values: a second press cannot send the same product again.
    expect(screen.getByTestId('name').props.value).toBe('');
    expect(screen.getByText('pending 1')).toBeTruthy();
    netInfoSays(ONLINE);
    await screen.findByText('pending 0');
    expect(await onServer(name)).toBe(1);
  });

  test('unmounting ends the NetInfo and AppState subscriptions the queue made', async () => {
    const view = render(
      <TestProvider config={{ baseUrl: serverUrl(), offline: offlineQueue() }}>
        <Products />
      </TestProvider>,
    );
    await screen.findByText('pending 0');
    const subscriptions = appStateMock.mock.results.map((r) => r.value as { remove: jest.Mock });
    const unsubscribe = netInfoMock.mock.results.at(-1)?.value as jest.Mock;
    const before = unsubscribe.mock.calls.length;
    view.unmount();
    await act(async () => {});
    for (const subscription of subscriptions) expect(subscription.remove).toHaveBeenCalledTimes(1);
    // The mock hands every subscriber one unsubscribe: each subscription calls it once.
    expect(unsubscribe.mock.calls.length - before).toBe(netInfoMock.mock.calls.length);
  });
});

describe('persistCache() in React Native', () => {
  test('after a restart with the network cut, the last list shows from AsyncStorage', async () => {
    const first = render(
      <TestProvider persist={persistCache()}>
        <Products />
      </TestProvider>,
    );
    await waitFor(() => expect(crud!.data).toHaveLength(2));
    const names = crud!.data.map((p) => p.name);
    first.unmount();
    await waitFor(async () => expect(await AsyncStorage.getItem('bridgekit_cache')).toBeTruthy());

    const down: typeof fetch = () => Promise.reject(new TypeError('Network request failed'));
    render(
      <TestProvider persist={persistCache()} config={{ baseUrl: serverUrl(), fetch: down }}>
        <Products />
      </TestProvider>,
    );
    for (const name of names) expect(await screen.findByText(name)).toBeTruthy();
  });
});
