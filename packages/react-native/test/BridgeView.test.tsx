import { beforeEach, describe, expect, jest, test } from '@jest/globals';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { render, screen, waitFor } from '@testing-library/react-native';
import { Text } from 'react-native';
import { BridgeView } from '../src/BridgeView';
import { sessionFor, TestProvider } from './helpers';

async function signInAs(email: string, password: string) {
  await AsyncStorage.clear();
  await AsyncStorage.setItem('client_session_id', await sessionFor(email, password));
}

function AdminOnly({ onUnauthorized }: { onUnauthorized?: (r: unknown) => void }) {
  return (
    <TestProvider>
      <BridgeView
        allowedTypes="admin"
        fallback={<Text>admins only</Text>}
        onUnauthorized={onUnauthorized}
        validateOnMount
      >
        <Text>admin panel</Text>
      </BridgeView>
    </TestProvider>
  );
}

beforeEach(async () => {
  await AsyncStorage.clear();
});

describe('BridgeView', () => {
  test('shows the children to an allowed user type', async () => {
    await signInAs('admin@example.com', 'admin123');
    render(<AdminOnly />);
    expect(await screen.findByText('admin panel')).toBeTruthy();
    expect(screen.queryByText('admins only')).toBeNull();
  });

  test('shows the fallback to another type and calls onUnauthorized once', async () => {
    await signInAs('viewer@example.com', 'viewer123');
    const onUnauthorized = jest.fn();
    render(<AdminOnly onUnauthorized={onUnauthorized} />);
    expect(await screen.findByText('admins only')).toBeTruthy();
    expect(screen.queryByText('admin panel')).toBeNull();
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledWith('unauthorized'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test('shows a native spinner while loading, then the fallback when signed out', async () => {
    render(<AdminOnly />);
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    expect(await screen.findByText('admins only')).toBeTruthy();
  });
});
