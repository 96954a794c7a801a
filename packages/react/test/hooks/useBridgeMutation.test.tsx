// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
import { type Client, isBridgeApiError } from '@bridgekit/core';
import {
  type UseBridgeMutationResult,
  useBridgeApi,
  useBridgeMutation,
  useBridgeQuery,
} from '@bridgekit/react/hooks';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  makeClient,
  type Product,
  renderWithProvider,
  signIn,
  startServer,
  type TestServer,
} from './helpers';

let server: TestServer;
let client: Client;

async function setup(options: { latencyMs?: number } = {}) {
  server = await startServer(options);
  client = makeClient(server.url);
  await signIn(client, 'editor');
}
afterEach(async () => {
  await server.close();
});

const PRODUCTS = { endpoint: '/products' };

describe('useBridgeMutation', () => {
  it('create revalidates every query of the instance and endpoint, and no other', async () => {
    await setup();
    let create: UseBridgeMutationResult<Product, 'create'>['mutate'] | undefined;
    function Screen() {
      const products = useBridgeApi<Product>(PRODUCTS);
      const tasks = useBridgeApi({ endpoint: '/tasks' });
      const page1 = useBridgeQuery(products, 'list', { limit: 2 });
      useBridgeQuery(products, 'list', { page: 2, limit: 2 });
      useBridgeQuery(products, 'get', { id: '5' });
      useBridgeQuery(tasks, 'list', { limit: 1 });
      create = useBridgeMutation(products, 'create').mutate;
      return <p>total {page1.meta?.total ?? '-'}</p>;
    }
    renderWithProvider({ client }, <Screen />);
    await screen.findByText('total 300');
    await waitFor(() => expect(server.count('GET', '/products/5')).toBe(1));
    const before = [...server.requests];
    let result: Awaited<ReturnType<NonNullable<typeof create>>> | undefined;
    await act(async () => {
      result = await create!({ data: { name: 'Desk lamp', price: 30 } });
    });
    expect(result).toMatchObject({ success: true, data: { name: 'Desk lamp', price: 30 } });
    expect(typeof result?.data?.id).toBe('string');
    // mutate resolves after the revalidation: the list is fresh already.
    expect(screen.getByText('total 301')).toBeTruthy();
    const after = server.requests.slice(before.length);
    expect(after.filter((r) => r.startsWith('POST'))).toEqual(['POST /api/products']);
    // The provider restores the signed-in user on its own schedule (GET /api/auth/me); under
    // load that can land after the snapshot. It is not part of the invalidation measured here.
    const gets = after.filter((r) => r.startsWith('GET') && !r.startsWith('GET /api/auth/'));
    expect(gets.sort()).toEqual([
      'GET /api/products/5',
      'GET /api/products?limit=2',
      'GET /api/products?page=2&limit=2',
    ]);
  });

  it('never throws: a 422 resolves to { success: false, error }, sets error, reset() clears it', async () => {
    await setup();
    let hook: UseBridgeMutationResult<Product, 'create'> | undefined;
    const defaultError = vi.fn();
    const callError = vi.fn();
    function Form() {
      const products = useBridgeApi<Product>(PRODUCTS);
      hook = useBridgeMutation(products, 'create', { onError: defaultError });
      return (
        <p>{hook.isLoading ? 'saving' : hook.error ? `error: ${hook.error.message}` : 'idle'}</p>
      );
    }
    renderWithProvider({ client }, <Form />);
    let pending: Promise<unknown> | undefined;
    act(() => {
      pending = hook!.mutate({ data: { price: -1 } });
    });
    expect(screen.getByText('saving')).toBeTruthy();
    let result: unknown;
    await act(async () => {
      result = await pending;
    });
    expect(result).toEqual({ success: false, error: expect.stringMatching(/Validation failed/) });
    expect(isBridgeApiError(hook!.error) && hook!.error.status).toBe(422);
    expect(isBridgeApiError(hook!.error) && hook!.error.errors).toMatchObject({
      name: 'name is required',
    });
    expect(defaultError).toHaveBeenCalledTimes(1);
    await screen.findByText(/^error: Validation failed/);

    // Per-call options win over the defaults.
    await act(async () => {
      await hook!.mutate({ data: {} }, { onError: callError });
    });
    expect(callError).toHaveBeenCalledTimes(1);
    expect(defaultError).toHaveBeenCalledTimes(1);

    act(() => hook!.reset());
    expect(screen.getByText('idle')).toBeTruthy();

    // A throwing callback does not make mutate reject.
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      await expect(
        hook!.mutate(
          { data: { name: 'ok', price: 1 } },
          {
            onSuccess: () => {
              throw new Error('cb');
            },
          },
        ),
      ).resolves.toMatchObject({ success: true });
    });
    expect(spy).toHaveBeenCalled();
  });

  it('overlapping calls: isLoading until the last settles; the last to settle sets error', async () => {
    await setup();
    const answers: Array<{ resolve(p: Product): void; reject(e: Error): void }> = [];
    let hook: UseBridgeMutationResult<Product, 'create'> | undefined;
    function Form() {
      const products = useBridgeApi<Product>(PRODUCTS);
      vi.spyOn(products, 'create').mockImplementation(
        () => new Promise<Product>((resolve, reject) => answers.push({ resolve, reject })),
      );
      hook = useBridgeMutation(products, 'create', { invalidateCache: false });
      return (
        <p>{hook.isLoading ? 'saving' : hook.error ? `error: ${hook.error.message}` : 'idle'}</p>
      );
    }
    renderWithProvider({ client }, <Form />);
    let first: Promise<unknown> | undefined;
    let second: Promise<unknown> | undefined;
    act(() => {
      first = hook!.mutate({ data: { name: 'a' } });
      second = hook!.mutate({ data: { name: 'b' } });
    });
    expect(answers).toHaveLength(2);
    await act(async () => {
      answers[0]!.resolve({ id: '1', name: 'a' } as Product);
      await first;
    });
    expect(screen.getByText('saving')).toBeTruthy();
    await act(async () => {
      answers[1]!.reject(new Error('second failed'));
      await expect(second).resolves.toEqual({ success: false, error: 'second failed' });
    });
    expect(screen.getByText('error: second failed')).toBeTruthy();
    const { reset } = hook!;
    act(() => reset());
    expect(screen.getByText('idle')).toBeTruthy();
    expect(hook!.reset).toBe(reset);
  });

  it('invalidateCache: false leaves the cache alone; onSuccess gets the record', async () => {
    await setup();
    let update: UseBridgeMutationResult<Product, 'update'>['mutate'] | undefined;
    const onSuccess = vi.fn();
    function Screen() {
      const products = useBridgeApi<Product>({ endpoint: '/products', updateMethod: 'PATCH' });
      const { data } = useBridgeQuery(products, 'get', { id: '9' });
      update = useBridgeMutation(products, 'update', { invalidateCache: false, onSuccess }).mutate;
      return <p>{data ? `price ${data.price}` : '-'}</p>;
    }
    renderWithProvider({ client }, <Screen />);
    const original = (await screen.findByText(/^price/)).textContent;
    await act(async () => {
      await update!({ id: '9', data: { price: 1234 } });
    });
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ id: '9', price: 1234 }));
    expect(server.count('PATCH', '/products/9')).toBe(1);
    expect(server.count('GET', '/products/9')).toBe(1);
    expect(screen.getByText(original!)).toBeTruthy();
  });

  it('optimistic update shows the change at once and rolls back when the server says 422', async () => {
    await setup({ latencyMs: 60 });
    let update: UseBridgeMutationResult<Product, 'update'>['mutate'] | undefined;
    function Screen() {
      const products = useBridgeApi<Product>({ ...PRODUCTS, updateMethod: 'PUT' });
      const { data } = useBridgeQuery(products, 'list', { limit: 3 });
      update = useBridgeMutation(products, 'update').mutate;
      return (
        <ul>
          {data.map((p) => (
            <li key={p.id}>{`${p.id}:${p.price}`}</li>
          ))}
        </ul>
      );
    }
    renderWithProvider({ client }, <Screen />);
    const first = await screen.findByText(/^1:/);
    const original = first.textContent;
    let pending: Promise<{ success: boolean }> | undefined;
    act(() => {
      // updateMethod 'PUT' replaces the record: without a name the server answers 422.
      pending = update!({ id: '1', data: { price: 5 } }, { optimistic: true });
    });
    await screen.findByText('1:5');
    let result: { success: boolean } | undefined;
    await act(async () => {
      result = await pending;
    });
    expect(result?.success).toBe(false);
    expect(screen.getByText(original!)).toBeTruthy();
    expect(server.count('PUT', '/products/1')).toBe(1);
  });

  it('optimistic delete removes the row at once and keeps it gone after revalidation', async () => {
    await setup({ latencyMs: 40 });
    let remove: UseBridgeMutationResult<Product, 'delete'>['mutate'] | undefined;
    function Screen() {
      const products = useBridgeApi<Product>(PRODUCTS);
      const { data, meta } = useBridgeQuery(products, 'list', { limit: 3 });
      remove = useBridgeMutation(products, 'delete').mutate;
      return <p>{data.map((p) => p.id).join(',') + ` of ${meta?.total}`}</p>;
    }
    renderWithProvider({ client }, <Screen />);
    await screen.findByText('1,2,3 of 300');
    let pending: Promise<unknown> | undefined;
    act(() => {
      pending = remove!({ id: '2' }, { optimistic: true });
    });
    await screen.findByText('1,3 of 299');
    await act(async () => {
      await expect(pending).resolves.toEqual({ success: true, data: undefined });
    });
    expect(screen.getByText('1,3,4 of 299')).toBeTruthy();
  });
  it('a delete refreshes the lists but does not ask for the deleted record (it would be a 404)', async () => {
    await setup();
    let remove: UseBridgeMutationResult<Product, 'delete'>['mutate'] | undefined;
    function Screen() {
      const products = useBridgeApi<Product>(PRODUCTS);
      const { data } = useBridgeQuery(products, 'list', { limit: 3 });
      const { data: record } = useBridgeQuery(products, 'get', { id: '2' });
      const { data: other } = useBridgeQuery(products, 'get', { id: '3' });
      remove = useBridgeMutation(products, 'delete').mutate;
      return (
        <p>{`${data.map((p) => p.id).join(',')}; record ${record?.id}; other ${other?.id}`}</p>
      );
    }
    renderWithProvider({ client }, <Screen />);
    await screen.findByText('1,2,3; record 2; other 3');
    const before = server.requests.length;
    await act(async () => {
      await expect(remove!({ id: '2' })).resolves.toEqual({ success: true, data: undefined });
    });
    await screen.findByText(/^1,3,4; /);
    const after = server.requests.slice(before);
    expect(after).toContain('DELETE /api/products/2');
    expect(after).toContain('GET /api/products/3');
    expect(after.filter((r) => r.startsWith('GET /api/products/2'))).toEqual([]);
  });
});
