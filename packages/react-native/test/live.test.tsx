// The live module in React Native, with the official NetInfo jest mock, against the reference
// server: the provider gives it NetInfo as its connectivity, so the feed is let go while the
// device is offline and opened again, resuming, when it is back.
import { beforeEach, describe, expect, type jest, test } from '@jest/globals';
import { live } from '@bridgekit/core/live';
import AsyncStorage from '@react-native-async-storage/async-storage';
import NetInfo, { type NetInfoState } from '@react-native-community/netinfo';
import { act, render, screen, waitFor } from '@testing-library/react-native';
import { Text } from 'react-native';
import { useLiveStatus } from '../src/index';
import { countingFetch, serverUrl, TestProvider } from './helpers';

const netInfoMock = NetInfo.addEventListener as unknown as jest.Mock;

/** What NetInfo would tell every listener. */
function netInfoSays(state: Partial<NetInfoState>) {
  act(() => {
    for (const [listener] of netInfoMock.mock.calls) (listener as (s: typeof state) => void)(state);
  });
}

function Status() {
  const { connected, error } = useLiveStatus();
  return <Text>{connected ? 'live' : `not live ${error?.message ?? ''}`}</Text>;
}

beforeEach(async () => {
  netInfoMock.mockClear();
  await AsyncStorage.clear();
  const res = await fetch(`${serverUrl()}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
  });
  const { data } = (await res.json()) as { data: { sessionId: string; user: object } };
  await AsyncStorage.setItem('client_session_id', data.sessionId);
  await AsyncStorage.setItem('bridgekit_user', JSON.stringify(data.user));
});

describe('live() in React Native', () => {
  test('NetInfo offline lets the feed go; back online it is opened again', async () => {
    const { fetch, count } = countingFetch();
    const view = render(
      <TestProvider fetch={fetch} config={{ baseUrl: serverUrl(), fetch, live: live() }}>
        <Status />
      </TestProvider>,
    );
    await waitFor(() => expect(screen.getByText('live')).toBeTruthy(), { timeout: 10_000 });

    netInfoSays({ isConnected: false, isInternetReachable: false });
    await waitFor(() => expect(screen.getByText(/^not live/)).toBeTruthy());
    netInfoSays({ isConnected: true, isInternetReachable: true });
    await waitFor(() => expect(screen.getByText('live')).toBeTruthy(), { timeout: 10_000 });
    expect(count('/events')).toBe(2);
    view.unmount();
  });
});
