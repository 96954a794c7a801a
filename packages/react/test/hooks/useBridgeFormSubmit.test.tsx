import type { Client } from '@bridgekit/core';
import {
  type UseBridgeFormSubmitOptions,
  type UseBridgeFormSubmitResult,
  useBridgeApi,
  useBridgeFormSubmit,
  useBridgeQuery,
} from '@bridgekit/react/hooks';
import { act, render, screen, waitFor } from '@testing-library/react';
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
  await server?.close();
});

let form: UseBridgeFormSubmitResult<Product>;
function Form(props: UseBridgeFormSubmitOptions<Product>) {
  form = useBridgeFormSubmit<Product>(props);
  return <p>{form.isSubmitting ? 'sending' : form.error ? form.error.message : 'idle'}</p>;
}

/** A products list and a tasks list beside a form that patches product 7. */
function Screen() {
  const products = useBridgeApi<Product>({ endpoint: '/products' });
  const tasks = useBridgeApi({ endpoint: '/tasks' });
  const list = useBridgeQuery(products, 'list', { limit: 1 });
  useBridgeQuery(tasks, 'list', { limit: 1 });
  return (
    <>
      <p>{list.data.length} listed</p>
      <Form endpoint="/products/7" method="PATCH" />
    </>
  );
}

describe('useBridgeFormSubmit', () => {
  it('sends once while pending, resolves the response and calls onSuccess', async () => {
    await setup({ latencyMs: 50 });
    const onSuccess = vi.fn();
    renderWithProvider(
      { client },
      <Form endpoint="/products" method="POST" onSuccess={onSuccess} />,
    );
    let first: Promise<unknown> | undefined;
    let second: unknown = 'not called';
    await act(async () => {
      first = form.submit({ name: 'Stool', price: 25 });
      second = await form.submit({ name: 'Stool', price: 25 });
    });
    expect(second).toBeUndefined();
    expect(screen.getByText('sending')).toBeTruthy();
    let response: unknown;
    await act(async () => {
      response = await first;
    });
    expect(response).toMatchObject({ success: true, status: 201, data: { name: 'Stool' } });
    expect(server.count('POST', '/products')).toBe(1);
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ name: 'Stool', price: 25 }));
    expect(screen.getByText('idle')).toBeTruthy();
  });

  it('a throwing transformValues is a CLIENT_ERROR failure; reset() clears it', async () => {
    await setup();
    const onError = vi.fn();
    renderWithProvider(
      { client },
      <Form
        endpoint="/products"
        method="POST"
        onError={onError}
        transformValues={() => {
          throw new Error('bad price');
        }}
      />,
    );
    await act(async () => {
      const response = await form.submit({});
      expect(response).toMatchObject({ success: false, status: 0, code: 'CLIENT_ERROR' });
    });
    expect(screen.getByText('bad price')).toBeTruthy();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'CLIENT_ERROR' }));
    expect(server.count('POST', '/products')).toBe(0);
    act(() => form.reset());
    expect(screen.getByText('idle')).toBeTruthy();
  });

  it('keeps the last error while the next submission is pending; a success clears it', async () => {
    await setup({ latencyMs: 50 });
    renderWithProvider({ client }, <Form endpoint="/products" method="POST" />);
    await act(async () => {
      await form.submit({ price: -1 });
    });
    expect(form.error).toMatchObject({ status: 422 });
    let pending: Promise<unknown> | undefined;
    act(() => {
      pending = form.submit({ name: 'Stool', price: 25 });
    });
    expect(form.isSubmitting).toBe(true);
    expect(form.error).toMatchObject({ status: 422 });
    await act(async () => {
      await pending;
    });
    expect(form).toMatchObject({ isSubmitting: false, error: null });
  });

  it('a throwing onSuccess is logged and the response still resolves', async () => {
    await setup();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProvider(
      { client },
      <Form
        endpoint="/products"
        method="POST"
        onSuccess={() => {
          throw new Error('callback');
        }}
      />,
    );
    await act(async () => {
      await expect(form.submit({ name: 'Stool', price: 25 })).resolves.toMatchObject({
        success: true,
        status: 201,
      });
    });
    expect(spy).toHaveBeenCalledWith('useBridgeFormSubmit(): onSuccess threw', expect.any(Error));
    expect(screen.getByText('idle')).toBeTruthy();
    spy.mockRestore();
  });

  it('after a PATCH of /products/7 revalidates the /products list, not /tasks', async () => {
    await setup();
    renderWithProvider({ client }, <Screen />);
    await screen.findByText('1 listed');
    await waitFor(() => expect(server.count('GET', '/tasks')).toBe(1));
    await act(async () => {
      await form.submit({ price: 99 });
    });
    await waitFor(() => expect(server.count('GET', '/products')).toBe(2));
    expect(server.count('GET', '/tasks')).toBe(1);
  });

  it('throws a TypeError naming the argument for a bad endpoint or method', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = makeClient('http://127.0.0.1:9/api');
    expect(() => renderWithProvider({ client }, <Form endpoint=" " method="POST" />)).toThrow(
      /"endpoint"/,
    );
    expect(() => render(<Form endpoint="/products" method={'GET' as 'POST'} />)).toThrow(
      /"method"/,
    );
    spy.mockRestore();
  });
});
