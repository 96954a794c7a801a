import { type BridgeApiError, isBridgeApiError } from '@bridgekit/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BridgeForm } from '../../src/components/BridgeForm';
import { BridgeTable } from '../../src/components/BridgeTable';
import {
  makeClient,
  queriesTo,
  renderWithClient,
  signIn,
  startServer,
  type TestServer,
} from './helpers';

interface Product {
  id: string;
  name: string;
  price: number;
  stock?: number;
  category?: string;
  active?: boolean;
}

// Tests only look at rows they create themselves, so they share one server; the slow one
// (latency) gets its own.
let shared: TestServer;
let slow: TestServer | undefined;

beforeAll(async () => {
  shared = await startServer();
});

afterAll(async () => {
  await shared.close();
});

afterEach(async () => {
  cleanup();
  await slow?.close();
  slow = undefined;
});

async function setup(user: 'admin' | 'viewer' = 'admin', options: { latencyMs?: number } = {}) {
  if (options.latencyMs) slow = await startServer(options);
  const client = makeClient((slow ?? shared).apiUrl);
  await signIn(client, user);
  return client;
}

const bodiesTo = (client: ReturnType<typeof makeClient>, method: string) =>
  client.requests.filter((r) => r.method === method && r.url.includes('/products'));

const ProductFields = () => (
  <>
    <input aria-label="name" name="name" />
    <input aria-label="price" name="price" type="number" step="0.01" />
    <input aria-label="stock" name="stock" type="number" />
    <input aria-label="category" name="category" defaultValue="lamps" />
    <input aria-label="active" name="active" type="checkbox" />
    <button type="submit">Save</button>
  </>
);

describe('BridgeForm', () => {
  it('posts converted values and the new row exists on the server', async () => {
    const client = await setup('admin');
    const user = userEvent.setup();
    const onSuccess = vi.fn<(p: Product) => void>();
    const onError = vi.fn();
    const { container } = renderWithClient(
      client,
      <BridgeForm<Product>
        endpoint="/products"
        method="POST"
        onSuccess={onSuccess}
        onError={onError}
      >
        <ProductFields />
      </BridgeForm>,
    );
    const form = container.querySelector('form')!;
    expect(form.className).toBe('bk-form');

    await user.type(screen.getByLabelText('name'), 'Form lamp');
    await user.type(screen.getByLabelText('price'), '12.5');
    await user.click(screen.getByLabelText('active'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(onError).not.toHaveBeenCalled();
    // Numbers as numbers, the checkbox as a boolean, the empty number omitted.
    expect(bodiesTo(client, 'POST')[0]?.body).toEqual({
      name: 'Form lamp',
      price: 12.5,
      category: 'lamps',
      active: true,
    });
    const created = onSuccess.mock.calls[0]![0];
    expect(created).toMatchObject({ name: 'Form lamp', price: 12.5, active: true });
    const stored = await client.get<Product>(`/products/${created.id}`);
    expect(stored.data).toMatchObject({
      id: created.id,
      name: 'Form lamp',
      price: 12.5,
      active: true,
    });
  });

  it('sends an unchecked checkbox as false and several checkboxes as an array', async () => {
    const client = await setup('admin');
    const user = userEvent.setup();
    renderWithClient(
      client,
      <BridgeForm endpoint="/products" method="POST">
        <input aria-label="name" name="name" defaultValue="Boxes" />
        <input name="price" type="number" defaultValue="3" />
        <input name="active" type="checkbox" />
        <input aria-label="tag a" name="tags" type="checkbox" value="a" />
        <input aria-label="tag b" name="tags" type="checkbox" value="b" />
        <input aria-label="tag c" name="tags" type="checkbox" value="c" />
        <button type="submit">Save</button>
      </BridgeForm>,
    );
    await user.click(screen.getByLabelText('tag a'));
    await user.click(screen.getByLabelText('tag c'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesTo(client, 'POST')).toHaveLength(1));
    expect(bodiesTo(client, 'POST')[0]?.body).toEqual({
      name: 'Boxes',
      price: 3,
      active: false,
      tags: ['a', 'c'],
    });
  });

  it('passes a 422 to onError and to the render function, and reset clears it', async () => {
    const client = await setup('admin');
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    const onError = vi.fn<(e: BridgeApiError) => void>();
    renderWithClient(
      client,
      <BridgeForm endpoint="/products" method="POST" onSuccess={onSuccess} onError={onError}>
        {({ error, reset }) => (
          <>
            <input aria-label="price" name="price" type="number" defaultValue="5" />
            <button type="submit">Save</button>
            {error && (
              <div role="alert">
                <span>{error.message}</span>
                <span data-testid="field-name">{error.errors?.name}</span>
                <button type="button" onClick={reset}>
                  Dismiss
                </button>
              </div>
            )}
          </>
        )}
      </BridgeForm>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onSuccess).not.toHaveBeenCalled();

    const error = onError.mock.calls[0]![0];
    expect(isBridgeApiError(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(422);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.errors?.name).toEqual(expect.any(String));
    expect(error.message).toMatch(/\S/);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(error.message);
    expect(screen.getByTestId('field-name').textContent).toBe(error.errors?.name);

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('passes a 403 for a viewer to onError', async () => {
    const client = await setup('viewer');
    const user = userEvent.setup();
    const onError = vi.fn<(e: BridgeApiError) => void>();
    renderWithClient(
      client,
      <BridgeForm endpoint="/products" method="POST" onError={onError}>
        <ProductFields />
      </BridgeForm>,
    );
    await user.type(screen.getByLabelText('name'), 'Nope');
    await user.type(screen.getByLabelText('price'), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]![0].status).toBe(403);
  });

  it('disables the fields and buttons while pending and sends once on a double click', async () => {
    const client = await setup('admin', { latencyMs: 150 });
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    const states: boolean[] = [];
    const { container } = renderWithClient(
      client,
      <BridgeForm endpoint="/products" method="POST" onSuccess={onSuccess}>
        {({ isSubmitting }) => {
          states.push(isSubmitting);
          return (
            <>
              <input aria-label="name" name="name" defaultValue="Slow lamp" />
              <input name="price" type="number" defaultValue="1" />
              <button type="submit">{isSubmitting ? 'Saving' : 'Save'}</button>
            </>
          );
        }}
      </BridgeForm>,
    );
    const form = container.querySelector('form')!;
    const button = screen.getByRole('button', { name: 'Save' });
    await user.dblClick(button);

    expect(screen.getByRole('button', { name: 'Saving' }).matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('name').matches(':disabled')).toBe(true);
    expect(form.getAttribute('aria-busy')).toBe('true');

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(button.matches(':disabled')).toBe(false);
    expect(form.hasAttribute('aria-busy')).toBe(false);
    expect(bodiesTo(client, 'POST')).toHaveLength(1);
    expect(states).toContain(true);
    expect(states.at(-1)).toBe(false);
  });

  it('updates with PATCH and deletes with DELETE', async () => {
    const client = await setup('admin');
    const user = userEvent.setup();
    const created = await client.post<Product>('/products', { name: 'Temp', price: 1 });
    if (!created.success) throw new Error(created.error);
    const id = created.data.id;
    const onPatched = vi.fn();
    const onDeleted = vi.fn();
    renderWithClient(
      client,
      <>
        <BridgeForm endpoint={`/products/${id}`} method="PATCH" onSuccess={onPatched}>
          <input aria-label="new price" name="price" type="number" defaultValue="42" />
          <button type="submit">Update</button>
        </BridgeForm>
        <BridgeForm endpoint={`/products/${id}`} method="DELETE" onSuccess={onDeleted}>
          <button type="submit">Delete</button>
        </BridgeForm>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onPatched).toHaveBeenCalledTimes(1));
    expect((await client.get<Product>(`/products/${id}`)).data).toMatchObject({
      name: 'Temp',
      price: 42,
    });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect((await client.get(`/products/${id}`)).status).toBe(404);
  });

  it('revalidates a BridgeTable of the same collection after a success', async () => {
    const client = await setup('admin');
    const user = userEvent.setup();
    const name = `  first ${Date.now()}`; // leading spaces sort before every demo name
    renderWithClient(
      client,
      <>
        <BridgeTable<Product>
          endpoint="/products"
          columns={[{ key: 'name', header: 'Name' }]}
          pageSize={3}
        />
        <BridgeForm endpoint="/products" method="POST">
          <input aria-label="name" name="name" defaultValue={name} />
          <input name="price" type="number" defaultValue="1" />
          <button type="submit">Create</button>
        </BridgeForm>
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(queriesTo(client, '/products').some((q) => q.get('sort') === 'name:asc')).toBe(true),
    );
    await waitFor(() =>
      expect(document.querySelectorAll('tbody tr.bk-table__row')).toHaveLength(3),
    );
    expect(document.querySelector('tbody td')?.textContent).not.toBe(name);

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(document.querySelector('tbody td')?.textContent).toBe(name));
  });

  it('passes other form attributes through and adds className', async () => {
    const client = await setup('admin');
    const { container } = renderWithClient(
      client,
      <BridgeForm
        endpoint="/products"
        method="POST"
        className="card"
        id="f"
        aria-label="New product"
        noValidate
      >
        <button type="submit">Save</button>
      </BridgeForm>,
    );
    const form = screen.getByRole('form', { name: 'New product' });
    expect(form).toBe(container.querySelector('form'));
    expect(form.className).toBe('bk-form card');
    expect(form.id).toBe('f');
    expect((form as HTMLFormElement).noValidate).toBe(true);
  });

  it('throws a TypeError for an unknown method', async () => {
    const client = await setup('admin');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      renderWithClient(
        client,
        // @ts-expect-error: GET is not a form method
        <BridgeForm endpoint="/products" method="GET">
          <button type="submit">Save</button>
        </BridgeForm>,
      ),
    ).toThrow(/"method"/);
    vi.restoreAllMocks();
  });
});
