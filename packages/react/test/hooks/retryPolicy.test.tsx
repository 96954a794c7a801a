// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Client,
  createClient,
  isBridgeApiError,
  type PaginatedResponse,
} from '@bridgekit/core';
import { BridgeTable } from '@bridgekit/react';
import {
  BridgeProvider,
  useBridgeApi,
  useBridgeInfiniteQuery,
  useBridgeQuery,
  type BridgeQueryConfig,
} from '@bridgekit/react/hooks';
import { render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { makeClient, renderWithProvider, signIn, startServer, type TestServer } from './helpers';

// The retry policy BridgeProvider gives SWR, against real servers. SWR's retry interval is
// shortened to 10 ms, so its own policy would ask many times within the windows waited here.
const FAST = { errorRetryInterval: 10 } as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let reference: TestServer | undefined;
let fixture: Fixture | undefined;
afterEach(async () => {
  await reference?.close();
  await fixture?.close();
  reference = undefined;
  fixture = undefined;
});

interface Answer {
  status: number;
  headers?: Record<string, string>;
}

interface Fixture {
  url: string;
  /** When each request arrived (ms since the epoch). */
  times: number[];
  close(): Promise<void>;
}

/**
 * A loopback server for `GET /api/things`: the n-th request (0-based) gets `answer(n)`; a 200
 * carries one row in the reference server's envelope, anything else an error envelope.
 */
async function startFixture(answer: (n: number) => Answer): Promise<Fixture> {
  const times: number[] = [];
  const server: Server = createServer((req, res) => {
    const n = times.push(Date.now()) - 1;
    req.resume();
    const { status, headers = {} } = answer(n);
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(
      JSON.stringify(
        status === 200
          ? { success: true, data: [{ id: '1', name: `thing after ${n + 1} requests` }] }
          : { success: false, error: `failure ${status}` },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    times,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Thing {
  id: string;
  name: string;
}

/** A list of `/things`, showing its first row's name or its error's status. */
function Things({ config }: { config?: BridgeQueryConfig<PaginatedResponse<Thing>> }) {
  const things = useBridgeApi<Thing>({ endpoint: '/things' });
  const { data, error } = useBridgeQuery(things, 'list', {}, config);
  if (data[0]) return <p>{data[0].name}</p>;
  return <p>{error && isBridgeApiError(error) ? `failed ${error.status}` : 'loading'}</p>;
}

async function signedIn(user: 'viewer' | 'admin'): Promise<Client> {
  reference = await startServer();
  const client = makeClient(reference.url);
  await signIn(client, user);
  return client;
}

describe('retry policy: what cannot succeed is asked once', () => {
  it("a viewer's 403 list is requested once by useBridgeQuery, useBridgeInfiniteQuery and BridgeTable", async () => {
    const client = await signedIn('viewer');
    const errors: Array<Error | null> = [];
    function Users() {
      const users = useBridgeApi({ endpoint: '/users' });
      const list = useBridgeQuery(users, 'list', { limit: 5 });
      const infinite = useBridgeInfiniteQuery(users, { limit: 7 });
      errors[0] = list.error;
      errors[1] = infinite.error;
      return <BridgeTable endpoint="/users" columns={[{ key: 'email', header: 'Email' }]} />;
    }
    renderWithProvider({ client, swr: FAST }, <Users />);
    await waitFor(() =>
      expect(errors.every((e) => isBridgeApiError(e) && e.status === 403)).toBe(true),
    );
    await screen.findByRole('alert');
    await sleep(1000);
    expect(reference!.count('GET', '/users')).toBe(3);
  });

  it('a 404 record is requested once', async () => {
    const client = await signedIn('viewer');
    let status: number | undefined;
    function Missing() {
      const products = useBridgeApi({ endpoint: '/products' });
      const { error } = useBridgeQuery(products, 'get', { id: 'no-such-product' });
      if (isBridgeApiError(error)) status = error.status;
      return null;
    }
    renderWithProvider({ client, swr: FAST }, <Missing />);
    await waitFor(() => expect(status).toBe(404));
    await sleep(500);
    expect(reference!.count('GET', '/products/no-such-product')).toBe(1);
  });
});

describe('retry policy: what may succeed later is retried', () => {
  it('waits the Retry-After of a 503 (1 s) before asking again', async () => {
    fixture = await startFixture((n) =>
      n === 0 ? { status: 503, headers: { 'Retry-After': '1' } } : { status: 200 },
    );
    renderWithProvider({ client: makeClient(fixture.url), swr: FAST }, <Things />);
    await screen.findByText('failed 503');
    await screen.findByText('thing after 2 requests', undefined, { timeout: 5000 });
    const [first, second] = fixture.times;
    expect(second! - first!).toBeGreaterThanOrEqual(1000);
  });

  it('waits the Retry-After of a 429 given as an HTTP date', async () => {
    // HTTP dates have whole seconds: two seconds ahead is more than one from now.
    fixture = await startFixture((n) =>
      n === 0
        ? { status: 429, headers: { 'Retry-After': new Date(Date.now() + 2000).toUTCString() } }
        : { status: 200 },
    );
    renderWithProvider({ client: makeClient(fixture.url), swr: FAST }, <Things />);
    await screen.findByText('failed 429');
    await screen.findByText('thing after 2 requests', undefined, { timeout: 5000 });
    const [first, second] = fixture.times;
    expect(second! - first!).toBeGreaterThanOrEqual(900);
  });

  it('retries a 500 with backoff until it succeeds', async () => {
    fixture = await startFixture((n) => (n < 2 ? { status: 500 } : { status: 200 }));
    renderWithProvider({ client: makeClient(fixture.url), swr: FAST }, <Things />);
    await screen.findByText('thing after 3 requests');
    expect(fixture.times).toHaveLength(3);
  });

  it('gives up on a lasting 500 after 3 retries, or errorRetryCount', async () => {
    fixture = await startFixture(() => ({ status: 500 }));
    const view = renderWithProvider({ client: makeClient(fixture.url), swr: FAST }, <Things />);
    await screen.findByText('failed 500');
    await sleep(1500);
    expect(fixture.times).toHaveLength(4);
    view.unmount();
    await fixture.close();

    fixture = await startFixture(() => ({ status: 500 }));
    renderWithProvider(
      { client: makeClient(fixture.url), swr: { ...FAST, errorRetryCount: 1 } },
      <Things />,
    );
    await screen.findByText('failed 500');
    await sleep(1000);
    expect(fixture.times).toHaveLength(2);
  });

  it('retries when the server cannot be reached', async () => {
    fixture = await startFixture(() => ({ status: 200 }));
    const url = fixture.url;
    await fixture.close();
    fixture = undefined;
    let codes: string[] = [];
    function Unreachable() {
      const things = useBridgeApi<Thing>({ endpoint: '/things' });
      const { error } = useBridgeQuery(
        things,
        'list',
        {},
        {
          onError: (e: unknown) => {
            if (isBridgeApiError(e)) codes = [...codes, e.code ?? ''];
          },
        },
      );
      return <p>{error ? 'failed' : 'loading'}</p>;
    }
    renderWithProvider({ client: makeClient(url), swr: FAST }, <Unreachable />);
    await waitFor(() => expect(codes.length).toBeGreaterThanOrEqual(2));
    expect(codes[0]).toBe('NETWORK_ERROR');
  });
});

describe('retry policy: the hooks and the client decide alike', () => {
  // 425 Too Early is worth another try; 501 Not Implemented will not change on retry.
  it.each([
    [425, true],
    [501, false],
  ])('HTTP %i: retried %s by both', async (status, retried) => {
    fixture = await startFixture((n) => (n === 0 ? { status } : { status: 200 }));
    const client = createClient(fixture.url, { retryAttempts: 1, retryDelay: 1 });
    await client.get('/things');
    const clientRetried = fixture.times.length === 2;
    await fixture.close();

    fixture = await startFixture((n) => (n === 0 ? { status } : { status: 200 }));
    renderWithProvider({ client: makeClient(fixture.url), swr: FAST }, <Things />);
    await screen.findByText(`failed ${status}`);
    await sleep(500);
    const hooksRetried = fixture.times.length === 2;

    expect({ clientRetried, hooksRetried }).toEqual({
      clientRetried: retried,
      hooksRetried: retried,
    });
  });
});

describe("retry policy: the user's choice wins", () => {
  it("the provider's onErrorRetry is called for a 403", async () => {
    const client = await signedIn('viewer');
    const seen: number[] = [];
    function Users() {
      const users = useBridgeApi({ endpoint: '/users' });
      useBridgeQuery(users, 'list', {});
      return null;
    }
    renderWithProvider(
      {
        client,
        swr: {
          ...FAST,
          onErrorRetry: (error) => {
            if (isBridgeApiError(error)) seen.push(error.status);
          },
        },
      },
      <Users />,
    );
    await waitFor(() => expect(seen).toEqual([403]));
  });

  it("an enclosing SWRConfig's onErrorRetry is kept, and the provider's cache with it", async () => {
    const client = await signedIn('viewer');
    const seen: number[] = [];
    function Users() {
      const users = useBridgeApi({ endpoint: '/users' });
      useBridgeQuery(users, 'list', {});
      return null;
    }
    const onErrorRetry = (error: unknown) => {
      if (isBridgeApiError(error)) seen.push(error.status);
    };
    render(
      <SWRConfig value={{ provider: () => new Map(), onErrorRetry }}>
        <BridgeProvider client={client}>
          <Users />
        </BridgeProvider>
      </SWRConfig>,
    );
    await waitFor(() => expect(seen).toEqual([403]));
  });

  it("a hook's shouldRetryOnError chooses the errors; false stops the retries of a 500", async () => {
    const client = await signedIn('viewer');
    function Users() {
      const users = useBridgeApi({ endpoint: '/users' });
      const { error } = useBridgeQuery(
        users,
        'list',
        {},
        {
          shouldRetryOnError: (e: unknown) => isBridgeApiError(e) && e.status === 403,
          errorRetryCount: 2,
        },
      );
      return <p>{error ? 'failed' : 'loading'}</p>;
    }
    renderWithProvider({ client, swr: FAST }, <Users />);
    await waitFor(() => expect(reference!.count('GET', '/users')).toBe(3));
    await sleep(500);
    expect(reference!.count('GET', '/users')).toBe(3);

    fixture = await startFixture(() => ({ status: 500 }));
    renderWithProvider(
      { client: makeClient(fixture.url), swr: FAST },
      <Things config={{ shouldRetryOnError: false }} />,
    );
    await screen.findByText('failed 500');
    await sleep(500);
    expect(fixture.times).toHaveLength(1);
  });
});
