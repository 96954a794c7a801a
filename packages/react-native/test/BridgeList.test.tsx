import { beforeEach, describe, expect, jest, test } from '@jest/globals';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react-native';
import { Pressable, RefreshControl, Text } from 'react-native';
import { BridgeList } from '../src/BridgeList';
import { useBridgeApi, useBridgeMutation } from '../src/index';
import { countingFetch, serverUrl, sessionFor, TestProvider } from './helpers';

interface Task {
  id: string;
  title: string;
}

interface User {
  id: string;
  email: string;
}

interface Product {
  id: string;
  name: string;
  price: number;
}

/** A products list, newest first, beside a button that creates a product. */
function ProductsWithAdd({ onCreated }: { onCreated: (product: Product) => void }) {
  const products = useBridgeApi<Product>({ endpoint: '/products' });
  const { mutate } = useBridgeMutation(products, 'create', { onSuccess: onCreated });
  return (
    <>
      <Pressable onPress={() => mutate({ data: { name: 'Travel mug', price: 12 } })}>
        <Text>add</Text>
      </Pressable>
      <BridgeList<Product>
        testID="products"
        endpoint="/products"
        orderBy="createdAt"
        orderDir="desc"
        pageSize={5}
        renderItem={(product) => <Text>{product.name}</Text>}
      />
    </>
  );
}

// As on a device: the scroll view reports its size and its content's, the list renders the
// cells for it (a batch timer), then the user scrolls to the bottom.
async function scrollToEnd(testID: string, contentHeight: number) {
  const list = screen.getByTestId(testID);
  await act(async () => {
    fireEvent(list, 'layout', { nativeEvent: { layout: { x: 0, y: 0, width: 400, height: 800 } } });
    fireEvent(list, 'contentSizeChange', 400, contentHeight);
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 80)));
  fireEvent.scroll(list, {
    nativeEvent: {
      contentOffset: { x: 0, y: Math.max(0, contentHeight - 800) },
      contentSize: { width: 400, height: contentHeight },
      layoutMeasurement: { width: 400, height: 800 },
    },
  });
}

beforeEach(async () => {
  await AsyncStorage.clear();
  // Signed in through storage: the provider's AsyncStorage default finds the session.
  await AsyncStorage.setItem(
    'client_session_id',
    await sessionFor('viewer@example.com', 'viewer123'),
  );
});

describe('BridgeList', () => {
  test('loads the first page with the session found in AsyncStorage', async () => {
    const net = countingFetch();
    render(
      <TestProvider fetch={net.fetch}>
        <BridgeList<Task>
          testID="tasks"
          endpoint="/tasks"
          pageSize={10}
          renderItem={(task) => <Text>{task.title}</Text>}
        />
      </TestProvider>,
    );
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    expect(await screen.findByText(/#1$/)).toBeTruthy();
    expect(screen.getByText(/#10$/)).toBeTruthy();
    expect(screen.queryByText(/#11$/)).toBeNull();
    expect(net.count('/tasks', { page: '1', limit: '10' })).toBe(1);
  });

  test('pull-to-refresh sends a new request and keeps the rows', async () => {
    const net = countingFetch();
    render(
      <TestProvider fetch={net.fetch}>
        <BridgeList<Task>
          testID="tasks"
          endpoint="/tasks"
          pageSize={5}
          renderItem={(task) => <Text>{task.title}</Text>}
        />
      </TestProvider>,
    );
    await screen.findByText(/#5$/);
    expect(net.count('/tasks', { page: '1' })).toBe(1);
    const refresh = screen.UNSAFE_getByType(RefreshControl);
    expect(refresh.props.refreshing).toBe(false);
    await act(async () => {
      fireEvent(refresh, 'refresh');
    });
    await waitFor(() => expect(net.count('/tasks', { page: '1' })).toBe(2));
    await waitFor(() =>
      expect(screen.UNSAFE_getByType(RefreshControl).props.refreshing).toBe(false),
    );
    expect(screen.getByText(/#5$/)).toBeTruthy();
  });

  test('scrolling to the end loads page 2, then stops at the last page', async () => {
    // Three users (admin only): pages of two -> page 2 holds one row and is the last.
    await AsyncStorage.setItem(
      'client_session_id',
      await sessionFor('admin@example.com', 'admin123'),
    );
    const net = countingFetch();
    render(
      <TestProvider fetch={net.fetch}>
        <BridgeList<User>
          testID="users"
          endpoint="/users"
          pageSize={2}
          renderItem={(user) => <Text>{user.email}</Text>}
        />
      </TestProvider>,
    );
    expect(await screen.findByText('admin@example.com')).toBeTruthy();
    expect(screen.getByText('editor@example.com')).toBeTruthy();
    expect(screen.queryByText('viewer@example.com')).toBeNull();

    await scrollToEnd('users', 1000);
    expect(screen.getByLabelText('Loading more')).toBeTruthy();
    // More end-of-list events while page 2 is in flight must not load it twice.
    await scrollToEnd('users', 1001);
    fireEvent(screen.getByTestId('users'), 'endReached', { distanceFromEnd: 0 });
    expect(await screen.findByText('viewer@example.com')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Loading more')).toBeNull());
    expect(net.count('/users', { page: '2', limit: '2' })).toBe(1);

    // Page 2 said hasMore: false, so reaching the end again asks for nothing.
    await scrollToEnd('users', 1500);
    fireEvent(screen.getByTestId('users'), 'endReached', { distanceFromEnd: 0 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(net.count('/users', { page: '3' })).toBe(0);
    expect(screen.queryByLabelText('Loading more')).toBeNull();
    expect(screen.getAllByText(/@example\.com$/)).toHaveLength(3);
  });

  test('loading page 2 sends one request: page 2, not page 1 again', async () => {
    await AsyncStorage.setItem(
      'client_session_id',
      await sessionFor('admin@example.com', 'admin123'),
    );
    const net = countingFetch();
    render(
      <TestProvider fetch={net.fetch}>
        <BridgeList<User>
          testID="users"
          endpoint="/users"
          pageSize={2}
          renderItem={(user) => <Text>{user.email}</Text>}
        />
      </TestProvider>,
    );
    const pages = () =>
      net.requests
        .map((r) => new URL(r.url))
        .filter((u) => u.pathname.endsWith('/users'))
        .map((u) => u.searchParams.get('page'));
    await screen.findByText('admin@example.com');
    expect(pages()).toEqual(['1']);
    await scrollToEnd('users', 1000);
    expect(await screen.findByText('viewer@example.com')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Loading more')).toBeNull());
    // Let any late revalidation of the first page show up before counting.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(pages()).toEqual(['1', '2']);
  });

  test('shows a loading footer while the next page is in flight', async () => {
    await AsyncStorage.setItem(
      'client_session_id',
      await sessionFor('admin@example.com', 'admin123'),
    );
    // The real server answers; page 2's answer is held until the footer has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const gatedFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).includes('page=2')) await held;
      return response;
    };
    render(
      <TestProvider fetch={gatedFetch}>
        <BridgeList<User>
          testID="users"
          endpoint="/users"
          pageSize={1}
          renderItem={(user) => <Text>{user.email}</Text>}
        />
      </TestProvider>,
    );
    await screen.findByText('admin@example.com');
    await scrollToEnd('users', 1000);
    expect(screen.getByLabelText('Loading more')).toBeTruthy();
    expect(screen.queryByText('editor@example.com')).toBeNull();
    release();
    expect(await screen.findByText('editor@example.com')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Loading more')).toBeNull());
  });

  test('shows a row created with useBridgeMutation, without pull-to-refresh', async () => {
    await AsyncStorage.setItem(
      'client_session_id',
      await sessionFor('editor@example.com', 'editor123'),
    );
    const net = countingFetch();
    let created: Product | undefined;
    render(
      <TestProvider fetch={net.fetch}>
        <ProductsWithAdd
          onCreated={(product) => {
            created = product;
          }}
        />
      </TestProvider>,
    );
    await waitFor(() => expect(net.count('/products', { page: '1' })).toBe(1));
    await waitFor(() => expect(screen.queryByLabelText('Loading')).toBeNull());
    expect(screen.queryByText('Travel mug')).toBeNull();
    fireEvent.press(screen.getByText('add'));
    expect(await screen.findByText('Travel mug')).toBeTruthy();
    expect(net.count('/products', { page: '1' })).toBe(2);
    expect(screen.UNSAFE_getByType(RefreshControl).props.refreshing).toBe(false);
    // The server is shared by the whole run: leave the products as they were.
    const removal = await fetch(`${serverUrl()}/products/${created!.id}`, {
      method: 'DELETE',
      headers: { 'X-Session-ID': (await AsyncStorage.getItem('client_session_id')) as string },
    });
    expect(removal.ok).toBe(true);
  });

  test('pressing a row calls onItemPress with its item', async () => {
    const onItemPress = jest.fn();
    render(
      <TestProvider>
        <BridgeList<Task>
          testID="tasks"
          endpoint="/tasks"
          pageSize={3}
          renderItem={(task) => <Text>{task.title}</Text>}
          onItemPress={onItemPress}
        />
      </TestProvider>,
    );
    fireEvent.press(await screen.findByText(/#2$/));
    expect(onItemPress).toHaveBeenCalledTimes(1);
    expect(onItemPress).toHaveBeenCalledWith(expect.objectContaining({ id: '2' }));
  });

  test('uses keyExtractor (default item.id) for row keys', async () => {
    const keyExtractor = jest.fn((task: Task) => `task-${task.id}`);
    render(
      <TestProvider>
        <BridgeList<Task>
          testID="tasks"
          endpoint="/tasks"
          pageSize={2}
          keyExtractor={keyExtractor}
          renderItem={(task) => <Text>{task.title}</Text>}
        />
      </TestProvider>,
    );
    await screen.findByText(/#2$/);
    expect(keyExtractor).toHaveBeenCalledWith(expect.objectContaining({ id: '1' }), 0);
  });

  test('shows the server error with a retry button', async () => {
    const net = countingFetch();
    render(
      <TestProvider fetch={net.fetch}>
        <BridgeList<Task>
          testID="tasks"
          endpoint="/no-such-entity"
          renderItem={(task) => <Text>{task.title}</Text>}
        />
      </TestProvider>,
    );
    expect(await screen.findByText(/Unknown entity/)).toBeTruthy();
    expect(net.count('/no-such-entity', { limit: '20' })).toBe(1);
    await act(async () => {
      fireEvent.press(screen.getByText('Try again'));
    });
    await waitFor(() => expect(net.count('/no-such-entity')).toBe(2));
  });

  test('rejects a pageSize that is not a positive integer', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <TestProvider>
          <BridgeList endpoint="/tasks" pageSize={0} renderItem={() => null} />
        </TestProvider>,
      ),
    ).toThrow(RangeError);
  });
});
