// React Native with Hermes has no `DOMException` (nor `structuredClone`, `BroadcastChannel`…):
// the client's time-out must still abort the request and settle it, both for a direct call
// and for a hook whose `isLoading` would otherwise stay true for ever.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { createClient } from '@bridgekit/core';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { render, screen, waitFor } from '@testing-library/react-native';
import { Text } from 'react-native';
import { useBridgeApi, useBridgeQuery } from '../src/index';
import { serverUrl, TestProvider } from './helpers';

/** A `fetch` that never answers, but rejects when its signal aborts, as React Native's does. */
const neverAnswers: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    const signal = init?.signal;
    signal?.addEventListener('abort', () => {
      const error = new Error('Aborted');
      error.name = 'AbortError';
      reject(error);
    });
  });

/** A list that says whether it is still loading, and its error once done. */
function Tasks() {
  const tasks = useBridgeApi<{ id: string }>({ endpoint: '/tasks' });
  const { isLoading, error } = useBridgeQuery(tasks, 'list', { limit: 5 });
  return <Text>{isLoading ? 'loading' : `done: ${error?.message ?? 'no error'}`}</Text>;
}

const g = globalThis as { DOMException?: unknown };
let saved: unknown;

beforeAll(() => {
  saved = g.DOMException;
  delete g.DOMException;
});

afterAll(() => {
  g.DOMException = saved;
});

beforeEach(async () => {
  await AsyncStorage.clear();
});

describe('without DOMException (Hermes)', () => {
  test('the global is really gone in this file', () => {
    expect(typeof (globalThis as { DOMException?: unknown }).DOMException).toBe('undefined');
  });

  test('a request that times out resolves with code TIMEOUT', async () => {
    const errors: Error[] = [];
    const client = createClient(serverUrl(), {
      timeout: 50,
      fetch: neverAnswers,
      onError: (error) => errors.push(error),
    });
    const started = Date.now();
    const res = await client.get('/tasks');
    expect(res).toMatchObject({ success: false, status: 0, code: 'TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(errors.map((e) => e.name)).toEqual(['TimeoutError']);
  });

  test('a list whose request times out stops loading and shows the error', async () => {
    render(
      <TestProvider config={{ baseUrl: serverUrl(), timeout: 50, fetch: neverAnswers }}>
        <Tasks />
      </TestProvider>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/^done: .*timed out/)).toBeTruthy(), {
      timeout: 3_000,
    });
  });
});
