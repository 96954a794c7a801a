// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
// BridgeList sorted with the table's sort cycle (nextSort), and the provider's storage default
// applied through the React provider's transformConfig seam.
import { beforeEach, describe, expect, test } from '@jest/globals';
import { type Client, MemoryStorage } from '@bridgekit/core';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react-native';
import { useState } from 'react';
import { Pressable, Text } from 'react-native';
import { type BridgeSort, BridgeList, nextSort, useBridgeClient } from '../src/index';
import { countingFetch, sessionFor, TestProvider } from './helpers';

interface Product {
  id: string;
  name: string;
  price: number;
}

beforeEach(async () => {
  await AsyncStorage.clear();
  await AsyncStorage.setItem(
    'client_session_id',
    await sessionFor('viewer@example.com', 'viewer123'),
  );
});

describe('BridgeList sorting', () => {
  test('a header cycling nextSort sorts the list ascending, descending, then not at all', async () => {
    const net = countingFetch();
    function Products() {
      const [sort, setSort] = useState<BridgeSort | null>(null);
      return (
        <>
          <Pressable onPress={() => setSort((current) => nextSort(current, 'price'))}>
            <Text>price {sort?.dir ?? 'unsorted'}</Text>
          </Pressable>
          <BridgeList<Product>
            endpoint="/products"
            pageSize={3}
            orderBy={sort?.key}
            orderDir={sort?.dir}
            renderItem={(p) => <Text>{`${p.name}`}</Text>}
          />
        </>
      );
    }
    render(
      <TestProvider fetch={net.fetch}>
        <Products />
      </TestProvider>,
    );
    await waitFor(() => expect(net.count('/products', { limit: '3' })).toBe(1));
    for (const dir of ['asc', 'desc'] as const) {
      fireEvent.press(screen.getByText(/^price /));
      await screen.findByText(`price ${dir}`);
      await waitFor(() => expect(net.count('/products', { sort: `price:${dir}` })).toBe(1));
    }
    fireEvent.press(screen.getByText('price desc'));
    await screen.findByText('price unsorted');
    // The label changes at once; the list's request follows in an effect (seen late on a busy CI).
    await waitFor(() => {
      const last = new URL(net.requests.at(-1)!.url);
      expect(last.searchParams.get('sort')).toBeNull();
    });
  });
});

describe('BridgeProvider storage default', () => {
  test("applies after the app's transformConfig, and a storage it sets wins", async () => {
    const clients: Client[] = [];
    function Probe() {
      clients.push(useBridgeClient());
      return null;
    }
    const own = new MemoryStorage();
    render(
      <>
        <TestProvider transformConfig={(config) => ({ ...config, headers: { 'X-App': 'rn' } })}>
          <Probe />
        </TestProvider>
        <TestProvider transformConfig={(config) => ({ ...config, storage: own })}>
          <Probe />
        </TestProvider>
      </>,
    );
    await act(async () => {});
    const [withDefault, withOwn] = clients;
    expect(withDefault?.getConfig().headers).toMatchObject({ 'X-App': 'rn' });
    // The AsyncStorage default found the stored session.
    expect(await withDefault?.getSessionId()).toBe(await AsyncStorage.getItem('client_session_id'));
    expect(withOwn?.getConfig().storage).toBe(own);
    expect(await withOwn?.getSessionId()).toBeNull();
  });
});
