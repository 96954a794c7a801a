import { beforeEach, describe, expect, jest, test } from '@jest/globals';
import { createClient, type User } from '@bridgekit/core';
import type { AuthLifecycleModule } from '@bridgekit/core/auth';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react-native';
import { Pressable, Text } from 'react-native';
import { type UseAuthResult, useAuth } from '../src/index';
import { serverUrl, sessionFor, TestProvider } from './helpers';

// Typed with the account actions: the secureStore test's instance has the lifecycle module.
let auth: UseAuthResult<AuthLifecycleModule>;

function Account() {
  auth = useAuth<AuthLifecycleModule>();
  const { user, isAuthenticated, isLoading, login, logout } = auth;
  if (isLoading) return <Text>loading</Text>;
  return (
    <>
      <Text>{isAuthenticated ? `signed in as ${user?.name}` : 'signed out'}</Text>
      <Pressable onPress={() => login({ email: 'admin@example.com', password: 'admin123' })}>
        <Text>sign in</Text>
      </Pressable>
      <Pressable onPress={() => logout()}>
        <Text>sign out</Text>
      </Pressable>
    </>
  );
}

beforeEach(async () => {
  await AsyncStorage.clear();
});

describe('useAuth with the AsyncStorage default', () => {
  test('login persists the session to AsyncStorage; a restarted app is still signed in', async () => {
    const first = render(
      <TestProvider>
        <Account />
      </TestProvider>,
    );
    expect(await screen.findByText('signed out')).toBeTruthy();
    await act(async () => {
      fireEvent.press(screen.getByText('sign in'));
    });
    expect(await screen.findByText('signed in as Ada Admin')).toBeTruthy();
    const stored = await AsyncStorage.getItem('client_session_id');
    expect(stored).toEqual(expect.any(String));
    // The stored session is the one the server accepts.
    const me = await createClient(serverUrl(), { sessionId: stored as string }).get('/auth/me');
    expect(me.status).toBe(200);
    first.unmount();

    // A new provider (the app restarted) finds the session and the user in AsyncStorage.
    render(
      <TestProvider>
        <Account />
      </TestProvider>,
    );
    expect(await screen.findByText('signed in as Ada Admin')).toBeTruthy();
    const validation = await auth.validateSession();
    expect(validation.isValid).toBe(true);

    await act(async () => {
      fireEvent.press(screen.getByText('sign out'));
    });
    expect(await screen.findByText('signed out')).toBeTruthy();
    expect(await AsyncStorage.getItem('client_session_id')).toBeNull();
  });

  test('refreshUser returns the user as the server has it now', async () => {
    // Signed in as the editor through storage; an admin renames the editor on the server.
    await AsyncStorage.setItem(
      'client_session_id',
      await sessionFor('editor@example.com', 'editor123'),
    );
    render(
      <TestProvider>
        <Account />
      </TestProvider>,
    );
    let fresh: User | null = null;
    await act(async () => {
      fresh = await auth.refreshUser();
    });
    expect(fresh).toMatchObject({ email: 'editor@example.com' });
    const editorId = (fresh as unknown as User).id;

    const newName = `Edith ${Date.now()}`;
    const admin = createClient(serverUrl(), {
      sessionId: await sessionFor('admin@example.com', 'admin123'),
    });
    const patched = await admin.patch(`/users/${editorId}`, { name: newName });
    expect(patched.status).toBe(200);

    await act(async () => {
      fresh = await auth.refreshUser();
    });
    expect(fresh).toMatchObject({ id: editorId, name: newName });
    expect(await screen.findByText(`signed in as ${newName}`)).toBeTruthy();
  });

  test('refreshUser resolves null when the server rejects the session', async () => {
    await AsyncStorage.setItem('client_session_id', 'not-a-valid-session');
    render(
      <TestProvider>
        <Account />
      </TestProvider>,
    );
    let fresh: User | null | undefined;
    await act(async () => {
      fresh = await auth.refreshUser();
    });
    expect(fresh).toBeNull();
    await waitFor(() => expect(auth.isAuthenticated).toBe(false));
  });
});

describe('secureStore: refresh tokens in the keychain', () => {
  test('the refresh token goes to the secure store, the session to AsyncStorage', async () => {
    // expo-secure-store is a native module: a Map stands in for the keychain.
    const keychain = new Map<string, string>();
    const secureStore = {
      getItemAsync: async (key: string) => keychain.get(key) ?? null,
      setItemAsync: async (key: string, value: string) => {
        keychain.set(key, value);
      },
      deleteItemAsync: async (key: string) => {
        keychain.delete(key);
      },
    };
    render(
      <TestProvider secureStore={secureStore}>
        <Account />
      </TestProvider>,
    );
    expect(await screen.findByText('signed out')).toBeTruthy();
    await act(async () => {
      fireEvent.press(screen.getByText('sign in'));
    });
    expect(await screen.findByText('signed in as Ada Admin')).toBeTruthy();
    await waitFor(() =>
      expect(keychain.get('bridgekit_refresh_token')).toEqual(expect.any(String)),
    );
    expect(await AsyncStorage.getItem('bridgekit_refresh_token')).toBeNull();
    expect(await AsyncStorage.getItem('client_session_id')).toEqual(expect.any(String));
    // The kept token works: a refresh through the hook spends it.
    let renewed = false;
    await act(async () => {
      renewed = await auth.refreshSession();
    });
    expect(renewed).toBe(true);
    await act(async () => {
      fireEvent.press(screen.getByText('sign out'));
    });
    expect(await screen.findByText('signed out')).toBeTruthy();
    await waitFor(() => expect(keychain.has('bridgekit_refresh_token')).toBe(false));
  });

  test('a secureStore that is not the module is a TypeError', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <TestProvider secureStore={{} as never}>
          <Account />
        </TestProvider>,
      ),
    ).toThrow(TypeError);
    jest.restoreAllMocks();
  });
});
