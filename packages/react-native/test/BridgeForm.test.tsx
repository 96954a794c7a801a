import { beforeEach, describe, expect, jest, test } from '@jest/globals';
import { type BridgeApiError, createClient } from '@bridgekit/core';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react-native';
import { Pressable, Text, TextInput } from 'react-native';
import { BridgeForm } from '../src/BridgeForm';
import { BridgeList } from '../src/BridgeList';
import { serverUrl, sessionFor, TestProvider } from './helpers';

interface Product {
  id: string;
  name: string;
  price: number;
}

let session = '';

beforeEach(async () => {
  await AsyncStorage.clear();
  session = await sessionFor('editor@example.com', 'editor123');
  await AsyncStorage.setItem('client_session_id', session);
});

function ProductForm(props: {
  onSuccess?: (p: Product) => void;
  onError?: (e: BridgeApiError) => void;
  invalidateCache?: boolean;
}) {
  return (
    <BridgeForm<{ name: string; price: number | string }, Product>
      endpoint="/products"
      method="POST"
      initialValues={{ name: '', price: '' }}
      transformValues={(v) => ({
        name: v.name,
        price: v.price === '' ? undefined : Number(v.price),
      })}
      {...props}
    >
      {({ values, setValue, submit, isSubmitting, error, reset }) => (
        <>
          <TextInput
            testID="name"
            value={values.name}
            onChangeText={(text) => setValue('name', text)}
          />
          <TextInput
            testID="price"
            value={String(values.price)}
            onChangeText={(text) => setValue('price', text)}
          />
          {isSubmitting && <Text>saving</Text>}
          {error && <Text accessibilityRole="alert">{error.message}</Text>}
          {error?.errors?.price && <Text>price: {error.errors.price}</Text>}
          <Pressable onPress={submit}>
            <Text>save</Text>
          </Pressable>
          <Pressable onPress={reset}>
            <Text>reset</Text>
          </Pressable>
        </>
      )}
    </BridgeForm>
  );
}

describe('BridgeForm', () => {
  test('submits the values to the endpoint and calls onSuccess with the created record', async () => {
    const onSuccess = jest.fn<(p: Product) => void>();
    const onError = jest.fn();
    render(
      <TestProvider>
        <ProductForm onSuccess={onSuccess} onError={onError} />
      </TestProvider>,
    );
    const name = `RN lamp ${Date.now()}`;
    fireEvent.changeText(screen.getByTestId('name'), name);
    fireEvent.changeText(screen.getByTestId('price'), '12.5');
    fireEvent.press(screen.getByText('save'));
    expect(screen.getByText('saving')).toBeTruthy();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('saving')).toBeNull();
    expect(onError).not.toHaveBeenCalled();
    const created = onSuccess.mock.calls[0]?.[0] as Product;
    expect(created).toMatchObject({ name, price: 12.5, id: expect.any(String) });

    // The server has it.
    const stored = await createClient(serverUrl(), { sessionId: session }).get<Product>(
      `/products/${created.id}`,
    );
    expect(stored.data).toMatchObject({ name, price: 12.5 });
  });

  test('a 422 answer reaches the render function and onError; reset clears it', async () => {
    const onSuccess = jest.fn();
    const onError = jest.fn<(e: BridgeApiError) => void>();
    render(
      <TestProvider>
        <ProductForm onSuccess={onSuccess} onError={onError} />
      </TestProvider>,
    );
    fireEvent.changeText(screen.getByTestId('name'), 'No price');
    await act(async () => {
      fireEvent.press(screen.getByText('save'));
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledTimes(1);
    const error = onError.mock.calls[0]?.[0] as BridgeApiError;
    expect(error.name).toBe('BridgeApiError');
    expect(error.status).toBe(422);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.errors?.price).toEqual(expect.any(String));
    expect(screen.getByText(/^price: /)).toBeTruthy();

    fireEvent.press(screen.getByText('reset'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('name').props.value).toBe('');
  });

  test('a second submit while one is pending sends nothing', async () => {
    const seen: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      if (init?.method === 'POST') seen.push(String(input));
      return fetch(input, init);
    };
    const onSuccess = jest.fn();
    render(
      <TestProvider fetch={countingFetch}>
        <ProductForm onSuccess={onSuccess} />
      </TestProvider>,
    );
    fireEvent.changeText(screen.getByTestId('name'), `Twice ${Date.now()}`);
    fireEvent.changeText(screen.getByTestId('price'), '3');
    fireEvent.press(screen.getByText('save'));
    fireEvent.press(screen.getByText('save'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(seen).toHaveLength(1);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  test('a success refreshes a BridgeList of the endpoint, unless invalidateCache is false', async () => {
    const created: Product[] = [];
    const remember = (product: Product) => {
      created.push(product);
    };
    const { rerender } = render(
      <TestProvider>
        <ProductForm onSuccess={remember} invalidateCache={false} />
        <BridgeList<Product>
          endpoint="/products"
          orderBy="createdAt"
          orderDir="desc"
          pageSize={3}
          renderItem={(product) => <Text>{product.name}</Text>}
        />
      </TestProvider>,
    );
    await waitFor(() => expect(screen.queryByLabelText('Loading')).toBeNull());
    const save = async (name: string) => {
      const before = created.length;
      fireEvent.changeText(screen.getByTestId('name'), name);
      fireEvent.changeText(screen.getByTestId('price'), '4');
      fireEvent.press(screen.getByText('save'));
      await waitFor(() => expect(created).toHaveLength(before + 1));
    };
    await save('Quiet kettle');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByText('Quiet kettle')).toBeNull();

    rerender(
      <TestProvider>
        <ProductForm onSuccess={remember} />
        <BridgeList<Product>
          endpoint="/products"
          orderBy="createdAt"
          orderDir="desc"
          pageSize={3}
          renderItem={(product) => <Text>{product.name}</Text>}
        />
      </TestProvider>,
    );
    await save('Loud kettle');
    expect(await screen.findByText('Loud kettle')).toBeTruthy();
    // Both are on the server; the list, reloaded, shows the first one too.
    expect(screen.getByText('Quiet kettle')).toBeTruthy();
    // The server is shared by the whole run: leave the products as they were.
    const api = createClient(serverUrl(), { sessionId: session });
    for (const product of created) {
      expect((await api.delete(`/products/${product.id}`)).success).toBe(true);
    }
  });

  test('rejects a method other than POST, PUT, PATCH, DELETE', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <TestProvider>
          <BridgeForm endpoint="/products" method={'GET' as 'POST'}>
            {() => null}
          </BridgeForm>
        </TestProvider>,
      ),
    ).toThrow(/method/);
  });
});
