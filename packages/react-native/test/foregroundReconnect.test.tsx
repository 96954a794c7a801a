// SWR listens for focus and reconnect on `window`, which React Native does not fire: the
// provider wires AppState (back to the foreground) and NetInfo (back online) instead. Both
// revalidate a list against the reference server, and both stop listening on unmount.
import { beforeEach, describe, expect, type jest, test } from '@jest/globals';
import NetInfo, { type NetInfoState } from '@react-native-community/netinfo';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { act, render, screen, waitFor } from '@testing-library/react-native';
import { AppState, type AppStateStatus, Text } from 'react-native';
import { BridgeList } from '../src/BridgeList';
import { countingFetch, sessionFor, TestProvider } from './helpers';

interface Task {
  id: string;
  title: string;
}

// The jest mocks record the listeners; calling them is what the native side would do.
const appStateMock = AppState.addEventListener as unknown as jest.Mock;
const netInfoMock = NetInfo.addEventListener as unknown as jest.Mock;

function appStateListener(): (state: AppStateStatus) => void {
  const call = appStateMock.mock.calls.filter(([type]) => type === 'change').at(-1);
  if (!call) throw new Error('nothing listens to AppState changes');
  return call[1] as (state: AppStateStatus) => void;
}

function netInfoListener(): (state: Partial<NetInfoState>) => void {
  const call = netInfoMock.mock.calls.at(-1);
  if (!call) throw new Error('nothing listens to NetInfo');
  return call[0] as (state: Partial<NetInfoState>) => void;
}

/** SWR as an app has it: focus and reconnect revalidation on (SWR's defaults). */
const swr = {
  provider: () => new Map(),
  dedupingInterval: 0,
  shouldRetryOnError: false,
  loadingTimeout: 0,
  // SWR ignores focus for 5 s after a list mounts; the test does not wait that long.
  focusThrottleInterval: 0,
};

function Tasks() {
  return (
    <BridgeList<Task>
      endpoint="/tasks"
      pageSize={3}
      renderItem={(task) => <Text>{task.title}</Text>}
    />
  );
}

beforeEach(async () => {
  appStateMock.mockClear();
  netInfoMock.mockClear();
  await AsyncStorage.clear();
  await AsyncStorage.setItem(
    'client_session_id',
    await sessionFor('viewer@example.com', 'viewer123'),
  );
});

describe('BridgeProvider wires AppState and NetInfo into SWR', () => {
  test('returning to the foreground revalidates the list', async () => {
    const net = countingFetch();
    render(
      <TestProvider fetch={net.fetch} swr={swr}>
        <Tasks />
      </TestProvider>,
    );
    await screen.findByText(/#3$/);
    expect(net.count('/tasks', { page: '1' })).toBe(1);
    const onChange = appStateListener();
    act(() => onChange('background'));
    act(() => onChange('active'));
    await waitFor(() => expect(net.count('/tasks', { page: '1' })).toBe(2));
  });

  test('coming back online revalidates the list', async () => {
    const net = countingFetch();
    render(
      <TestProvider fetch={net.fetch} swr={swr}>
        <Tasks />
      </TestProvider>,
    );
    await screen.findByText(/#3$/);
    expect(net.count('/tasks', { page: '1' })).toBe(1);
    const notify = netInfoListener();
    act(() => notify({ isConnected: false, isInternetReachable: false }));
    act(() => notify({ isConnected: true, isInternetReachable: true }));
    await waitFor(() => expect(net.count('/tasks', { page: '1' })).toBe(2));
  });

  test('listens only while mounted', async () => {
    const view = render(
      <TestProvider swr={swr}>
        <Tasks />
      </TestProvider>,
    );
    await screen.findByText(/#3$/);
    const subscriptions = appStateMock.mock.calls.filter(([type]) => type === 'change').length;
    expect(subscriptions).toBe(1);
    expect(netInfoMock).toHaveBeenCalledTimes(1);
    const appStateSub = appStateMock.mock.results.at(-1)?.value as { remove: jest.Mock };
    const netInfoUnsubscribe = netInfoMock.mock.results.at(-1)?.value as jest.Mock;
    // The NetInfo mock hands every subscriber the same unsubscribe function.
    const unsubscribedBefore = netInfoUnsubscribe.mock.calls.length;
    expect(appStateSub.remove).not.toHaveBeenCalled();
    view.unmount();
    expect(appStateSub.remove).toHaveBeenCalledTimes(1);
    expect(netInfoUnsubscribe).toHaveBeenCalledTimes(unsubscribedBefore + 1);
  });
});
