/*
 * @bridgekit/react-native in a user's Jest project on React Native's preset, against the
 * reference server: sign in with useAuth().login, then BridgeList and a useBridgeQuery list
 * show the server's rows. The session goes to the default storage, AsyncStorage (its mock).
 */
import AsyncStorage from '@react-native-async-storage/async-storage';
import {
  BridgeList,
  BridgeProvider,
  createAsyncStorageAdapter,
  OfflineIndicator,
  useAuth,
  useBridgeApi,
  useBridgeQuery,
} from '@bridgekit/react-native';
import { fireEvent, render, screen, waitFor } from '@testing-library/react-native';
import { Pressable, Text, View } from 'react-native';

const expectedRows = require('./expectedRows.cjs');

const baseUrl = process.env.BRIDGEKIT_URL as string;
const limit = 3;

interface Product {
  id: string;
  name: string;
}

function Lists() {
  const products = useBridgeApi<Product>({ endpoint: '/products' });
  const query = useBridgeQuery(products, 'list', { limit, orderBy: 'name', orderDir: 'asc' });
  return (
    <View>
      {(query.data ?? []).map((product) => (
        <Text key={product.id} testID="query-row">
          {product.name}
        </Text>
      ))}
      <BridgeList<Product>
        endpoint="/products"
        orderBy="name"
        pageSize={limit}
        renderItem={(product) => <Text testID="list-row">{product.name}</Text>}
      />
    </View>
  );
}

function Screen() {
  const { user, login } = useAuth();
  if (!user) {
    return (
      <Pressable onPress={() => login({ email: 'admin@example.com', password: 'admin123' })}>
        <Text>Sign in</Text>
      </Pressable>
    );
  }
  return (
    <View>
      <Text>Signed in as {user.email}</Text>
      <OfflineIndicator />
      <Lists />
    </View>
  );
}

const texts = (testId: string) =>
  screen.queryAllByTestId(testId).map((node) => [node.props.children].flat().join(''));

test('sign in, then BridgeList and useBridgeQuery show the server rows', async () => {
  const expected: string[] = await expectedRows(baseUrl, limit);
  expect(expected).toHaveLength(limit);
  render(
    <BridgeProvider config={{ baseUrl }}>
      <Screen />
    </BridgeProvider>,
  );
  fireEvent.press(await screen.findByText('Sign in'));
  await screen.findByText('Signed in as admin@example.com');
  await waitFor(() => {
    expect(texts('query-row')).toEqual(expected);
    expect(texts('list-row')).toEqual(expected);
  });
});

test("createAsyncStorageAdapter() stores in AsyncStorage's default export", async () => {
  const storage = createAsyncStorageAdapter();
  await storage.setItem('probe', 'value');
  expect(await AsyncStorage.getItem('probe')).toBe('value');
});

test('the preset loads the React Native build of @bridgekit/core, as CommonJS', () => {
  expect(require.resolve('@bridgekit/core')).toMatch(/dist[\\/]browser[\\/]index\.cjs$/);
});
