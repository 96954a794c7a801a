// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, MemoryStorage } from '@bridgekit/core';
import { useBridgeApi, useBridgeQuery } from '@bridgekit/react/hooks';
import { act, screen, waitFor } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProvider } from './helpers';

// SWR never aborts a fetch; the hooks do, when nobody shows its key any more. A loopback server
// holds every answer until the test releases it, and sees on its side whether the client gave
// up on the request (its connection closed before the answer was written).

interface Held {
  /** Path and query, e.g. `/api/things?page=2&limit=1`. */
  url: string;
  /** The client closed the request before it was answered. */
  aborted: boolean;
  /** Sends the answer (a no-op once aborted). */
  release(): void;
}

interface HoldingServer {
  url: string;
  requests: Held[];
  /** The request whose URL contains `part`, once it arrived. */
  arrived(part: string): Promise<Held>;
  close(): Promise<void>;
}

/** One row per page, named after the request it answers, in the reference server's envelope. */
function answer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const page = Number(url.searchParams.get('page') ?? 1);
  const q = url.searchParams.get('q');
  const name = q === null ? `page ${page}` : `found ${q}`;
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(
    JSON.stringify({
      success: true,
      data: [{ id: `${page}`, name }],
      meta: { page, limit: 1, total: 10 },
    }),
  );
}

let server: HoldingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function startHoldingServer(): Promise<HoldingServer> {
  const requests: Held[] = [];
  const http = createServer((req, res) => {
    req.resume();
    const held: Held = {
      url: req.url ?? '',
      aborted: false,
      release: () => {
        if (!held.aborted && !res.writableEnded) answer(req, res);
      },
    };
    res.on('close', () => {
      if (!res.writableFinished) held.aborted = true;
    });
    requests.push(held);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    requests,
    async arrived(part) {
      let found: Held | undefined;
      await waitFor(() => {
        found = requests.find((r) => r.url.includes(part));
        expect(found, `a request to ${part}`).toBeDefined();
      });
      return found!;
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

function makeClient(url: string) {
  return createClient(url, {
    storage: new MemoryStorage(),
    timeout: 5000,
    fetch: globalThis.fetch,
  });
}

interface Thing {
  id: string;
  name: string;
}

/** Everything a list rendered, in order. */
function renderedList() {
  const shown: string[] = [];
  function Things({ params }: { params: { page: number; limit: number } | { q: string } }) {
    const things = useBridgeApi<Thing>({ endpoint: '/things' });
    // One call for both kinds: a list's params are a search's without `q`.
    const kind = 'q' in params ? 'search' : 'list';
    const { data, error } = useBridgeQuery(things, kind as 'search', params as { q: string });
    const text = error
      ? `error: ${error.message}`
      : data.map((t) => t.name).join(',') || 'nothing yet';
    shown.push(text);
    return <p>{text}</p>;
  }
  return { shown, Things };
}

describe('superseded reads are aborted', () => {
  it('aborts the page a list left, and its late answer never shows', async () => {
    server = await startHoldingServer();
    const { shown, Things } = renderedList();
    let setPage: (page: number) => void = () => {};
    function Pager() {
      const [page, set] = useState(1);
      setPage = set;
      return <Things params={{ page, limit: 1 }} />;
    }
    renderWithProvider({ client: makeClient(server.url) }, <Pager />);
    (await server.arrived('page=1')).release();
    await screen.findByText('page 1');

    act(() => setPage(2));
    const second = await server.arrived('page=2');
    act(() => setPage(3));
    const third = await server.arrived('page=3');
    await waitFor(() => expect(second.aborted).toBe(true));
    second.release(); // too late: the client has closed it
    third.release();
    await screen.findByText('page 3');
    expect(third.aborted).toBe(false);
    expect(shown).not.toContain('page 2');
    expect(server.requests.map((r) => r.url)).toEqual([
      '/api/things?page=1&limit=1',
      '/api/things?page=2&limit=1',
      '/api/things?page=3&limit=1',
    ]);
  });

  it('aborts a search whose text changed', async () => {
    server = await startHoldingServer();
    const { shown, Things } = renderedList();
    let setText: (q: string) => void = () => {};
    function Search() {
      const [q, set] = useState('la');
      setText = set;
      return <Things params={{ q }} />;
    }
    renderWithProvider({ client: makeClient(server.url) }, <Search />);
    const first = await server.arrived('q=la');
    act(() => setText('lamp'));
    const second = await server.arrived('q=lamp');
    await waitFor(() => expect(first.aborted).toBe(true));
    first.release();
    second.release();
    await screen.findByText('found lamp');
    expect(shown).not.toContain('found la');
  });

  it('aborts only when the last component showing the key unmounts', async () => {
    server = await startHoldingServer();
    const { Things } = renderedList();
    let setCount: (count: number) => void = () => {};
    function Lists() {
      const [count, set] = useState(2);
      setCount = set;
      return (
        <>
          {['first', 'second'].slice(0, count).map((name) => (
            <Things key={name} params={{ page: 1, limit: 1 }} />
          ))}
        </>
      );
    }
    renderWithProvider({ client: makeClient(server.url) }, <Lists />);
    const request = await server.arrived('page=1');
    act(() => setCount(1));
    // Past the end of the task in which an abort would happen, and a round trip more.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(request.aborted).toBe(false);
    act(() => setCount(0));
    await waitFor(() => expect(request.aborted).toBe(true));
    expect(server.requests).toHaveLength(1);
  });

  it('keeps the request of a component StrictMode mounts twice, and shows its answer', async () => {
    server = await startHoldingServer();
    const { Things } = renderedList();
    renderWithProvider(
      { client: makeClient(server.url) },
      <StrictMode>
        <Things params={{ page: 1, limit: 1 }} />
      </StrictMode>,
    );
    const request = await server.arrived('page=1');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(request.aborted).toBe(false);
    request.release();
    await screen.findByText('page 1');
    expect(server.requests).toHaveLength(1);
  });

  it('keeps the request when one component takes the key over from another in one commit', async () => {
    server = await startHoldingServer();
    const { Things } = renderedList();
    let remount: () => void = () => {};
    function Remounting() {
      const [generation, set] = useState(0);
      remount = () => set((g) => g + 1);
      return <Things key={generation} params={{ page: 1, limit: 1 }} />;
    }
    renderWithProvider({ client: makeClient(server.url) }, <Remounting />);
    const request = await server.arrived('page=1');
    act(() => remount());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(request.aborted).toBe(false);
    request.release();
    await screen.findByText('page 1');
    expect(server.requests).toHaveLength(1);
  });

  it('fetches again a key shown again after its abort, and shows the answer, not the abort', async () => {
    server = await startHoldingServer();
    const { shown, Things } = renderedList();
    let setShown: (shown: boolean) => void = () => {};
    function Toggle() {
      const [on, set] = useState(true);
      setShown = set;
      return on ? <Things params={{ page: 1, limit: 1 }} /> : null;
    }
    renderWithProvider({ client: makeClient(server.url) }, <Toggle />);
    const first = await server.arrived('page=1');
    // Unmounted and mounted again in two commits: the first request is aborted, and the
    // remounted list joins it in SWR (a fetch of the key is still in flight).
    act(() => setShown(false));
    await waitFor(() => expect(first.aborted).toBe(true));
    act(() => setShown(true));
    const { requests } = server;
    await waitFor(() => expect(requests).toHaveLength(2));
    requests[1]!.release();
    await screen.findByText('page 1');
    expect(shown.filter((text) => text.startsWith('error'))).toEqual([]);
  });
});
