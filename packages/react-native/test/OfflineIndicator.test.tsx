import { describe, expect, type jest, test } from '@jest/globals';
import NetInfo, { type NetInfoState } from '@react-native-community/netinfo';
import { act, render, screen } from '@testing-library/react-native';
import { OfflineIndicator } from '../src/OfflineIndicator';

type Listener = (state: Partial<NetInfoState>) => void;

// The official mock records addEventListener calls; its listener is what NetInfo would call.
function lastListener(): Listener {
  const calls = (NetInfo.addEventListener as jest.Mock).mock.calls;
  return calls[calls.length - 1]?.[0] as Listener;
}

describe('OfflineIndicator', () => {
  test('shows an alert banner while offline and nothing once back online', () => {
    const view = render(<OfflineIndicator />);
    expect(screen.queryByRole('alert')).toBeNull();
    const notify = lastListener();

    act(() => notify({ isConnected: false, isInternetReachable: false, type: 'none' as never }));
    const banner = screen.getByRole('alert');
    expect(banner.props.accessibilityLabel).toBe('No internet connection');
    expect(screen.getByLabelText('No internet connection')).toBeTruthy();

    act(() => notify({ isConnected: true, isInternetReachable: true, type: 'wifi' as never }));
    expect(screen.queryByRole('alert')).toBeNull();

    // Connected to a network that cannot reach the internet counts as offline.
    act(() => notify({ isConnected: true, isInternetReachable: false, type: 'wifi' as never }));
    expect(screen.getByRole('alert')).toBeTruthy();

    // Unknown reachability (null) while connected is not reported as offline.
    act(() => notify({ isConnected: true, isInternetReachable: null, type: 'wifi' as never }));
    expect(screen.queryByRole('alert')).toBeNull();

    const unsubscribe = (NetInfo.addEventListener as jest.Mock).mock.results.at(-1)
      ?.value as jest.Mock;
    view.unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  test('takes its message from the message prop', () => {
    render(<OfflineIndicator message="Offline — changes will sync later" />);
    act(() => lastListener()({ isConnected: false, isInternetReachable: false }));
    expect(screen.getByLabelText('Offline — changes will sync later')).toBeTruthy();
    expect(screen.getByText('Offline — changes will sync later')).toBeTruthy();
  });
});
