// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
// The binding reports what it does to the SWR cache on the instance client's event stream
// (`cache` events): a key fetched, revalidated, changed by an optimistic update, invalidated by
// a write; each under the key as SWR holds it and the instance it belongs to.
import type { CacheEvent } from '@bridgekit/core';
import {
  type UseBridgeMutationResult,
  useBridgeApi,
  useBridgeMutation,
  useBridgeQuery,
} from '@bridgekit/react/hooks';
import { act, waitFor } from '@testing-library/react';
import { unstable_serialize } from 'swr';
import { afterEach, expect, it } from 'vitest';
import {
  makeClient,
  type Product,
  renderWithProvider,
  signIn,
  startServer,
  type TestServer,
} from './helpers';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

it('fetched, revalidated, mutated and invalidated, per key and instance', async () => {
  server = await startServer();
  const client = makeClient(server.url);
  await signIn(client, 'admin');
  const events: CacheEvent[] = [];
  client.observe((event) => {
    if (event.type === 'cache') events.push(event);
  });
  let refetch!: () => Promise<void>;
  let update!: UseBridgeMutationResult<Product, 'update'>['mutate'];
  let first: Product | undefined;
  function Products() {
    const products = useBridgeApi<Product>({ endpoint: '/products' });
    const list = useBridgeQuery(products, 'list', { limit: 1 });
    refetch = list.refetch;
    first = list.data[0];
    update = useBridgeMutation(products, 'update').mutate;
    return null;
  }
  renderWithProvider({ client, defaultInstance: 'shop' }, <Products />);
  await waitFor(() => expect(first).toBeDefined());
  const key = unstable_serialize(['bridgekit', 'shop', '/products', 'list', { limit: 1 }]);
  expect(events.map(({ kind, instance, key }) => ({ kind, instance, key }))).toEqual([
    { kind: 'fetched', instance: 'shop', key },
  ]);

  await act(() => refetch());
  expect(events.at(-1)).toMatchObject({ kind: 'revalidated', key });

  events.length = 0;
  await act(async () => {
    await update({ id: first!.id, data: { price: 42 } }, { optimistic: true });
  });
  expect(events.map((event) => event.kind)).toEqual(['mutated', 'invalidated', 'revalidated']);
  expect(events.every((event) => event.key === key && event.instance === 'shop')).toBe(true);
});
