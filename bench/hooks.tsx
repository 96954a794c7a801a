/**
 * Hooks: request deduplication, renders per consumer and revalidation after a mutation,
 * with @bridgekit/react/hooks rendered by React 19 in jsdom against the real reference
 * server (demo seed, signed in as admin). Requests are counted by the server itself (a
 * Fastify `onRequest` hook). Run by run.ts in a child process.
 */
import { JSDOM } from 'jsdom';
import { childMain } from './lib/runChild';
import { round } from './lib/stats';

/** Options of the hooks benchmark. */
export interface HooksOptions {
  quick?: boolean;
}

/** What the hooks benchmark reports. */
export interface HooksResult {
  consumers: number;
  /** GET /api/products requests the server saw while `consumers` components mounted one list. */
  mountRequests: number;
  /** Renders of each consumer from mount to data, max over consumers. */
  rendersPerConsumerMax: number;
  rendersPerConsumerMean: number;
  /** ms from render() to every consumer showing data. */
  mountToDataMs: number;
  mutation: {
    /** Distinct SWR keys mounted on /products (list page 1, list page 2, get one record). */
    affectedKeys: number;
    /** Consumers mounted per key. */
    consumersPerKey: number[];
    /** Requests the server saw after one create: POST, GETs on /products, GETs elsewhere. */
    posts: number;
    revalidations: number;
    otherEndpointRequests: number;
  };
}

function installDom(): void {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', {
    url: 'http://localhost/',
    pretendToBeVisual: true,
  });
  const g = globalThis as Record<string, unknown>;
  const win = dom.window as unknown as Record<string, unknown>;
  g.window = dom.window;
  g.document = dom.window.document;
  // Copy the DOM API (Node, HTMLElement, MutationObserver, navigator...) without replacing
  // what Node already has (fetch, AbortController, timers, URL).
  for (const key of Object.getOwnPropertyNames(dom.window)) {
    if (!(key in g)) g[key] = win[key];
  }
  g.IS_REACT_ACT_ENVIRONMENT = true;
}

/**
 * Runs the benchmark.
 *
 * @example
 * const { mountRequests } = await measureHooks({});
 */
export async function measureHooks(_options: HooksOptions): Promise<HooksResult> {
  installDom();
  // Imported after the DOM exists: react-dom and Testing Library look for it on load.
  const { act, cleanup, render, waitFor } = await import('@testing-library/react');
  const { createAuthService, createClient, MemoryStorage } = await import('@bridgekit/core');
  const { BridgeProvider } = await import('@bridgekit/react/hooks');
  const { createServer } = await import('@bridgekit/server');
  const { keys, ListConsumer, Mutator, RecordConsumer, renders, TaskConsumer } = await import(
    './lib/hookConsumers'
  );

  // 50 in both modes: the figure is a count, not a timing, and takes a second.
  const consumers = 50;
  const server = createServer({ seed: 'demo' });
  const requests: string[] = [];
  server.app.addHook('onRequest', async (request) => {
    requests.push(`${request.method} ${request.url.split('?')[0]}`);
  });
  const { url } = await server.listen(0, '127.0.0.1');
  const count = (line: string) => requests.filter((r) => r === line).length;

  try {
    const client = createClient(url, { storage: new MemoryStorage() });
    await createAuthService(client).login({ email: 'admin@example.com', password: 'admin123' });

    // 1. N consumers of one list: one request, renders per consumer.
    const t0 = performance.now();
    const view = render(
      <BridgeProvider client={client}>
        {keys('a', consumers).map((key, i) => (
          <ListConsumer key={key} index={i} page={1} />
        ))}
      </BridgeProvider>,
    );
    await waitFor(
      () => {
        const texts = view.getAllByTestId('consumer').map((el) => el.textContent);
        if (texts.some((t) => t !== '1:10')) throw new Error('not loaded yet');
      },
      { timeout: 10_000, interval: 5 },
    );
    const mountToDataMs = performance.now() - t0;
    // Give late duplicates (if any) a chance to reach the server before counting.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    const mountRequests = count('GET /api/products');
    const settled = renders.slice(0, consumers);
    cleanup();

    // 2. One create, with three /products keys and one /tasks key mounted.
    let create: ((name: string) => Promise<unknown>) | undefined;
    const perKey = [consumers, 10, 5];
    const view2 = render(
      <BridgeProvider client={client}>
        {keys('a', perKey[0]!).map((key, i) => (
          <ListConsumer key={key} index={1000 + i} page={1} />
        ))}
        {keys('b', perKey[1]!).map((key, i) => (
          <ListConsumer key={key} index={2000 + i} page={2} />
        ))}
        {keys('c', perKey[2]!).map((key) => (
          <RecordConsumer key={key} />
        ))}
        <TaskConsumer />
        <Mutator
          onReady={(fn) => {
            create = fn;
          }}
        />
      </BridgeProvider>,
    );
    await waitFor(
      () => {
        const texts = view2.getAllByTestId('consumer').map((el) => el.textContent);
        const records = view2.getAllByTestId('record').map((el) => el.textContent);
        if (texts.some((t) => t === 'loading') || records.some((t) => t !== '1')) {
          throw new Error('not loaded yet');
        }
        if (view2.getByTestId('tasks').textContent === '0') throw new Error('no tasks yet');
      },
      { timeout: 10_000, interval: 5 },
    );
    // SWR dedupes identical requests for 2 s after a fetch; wait it out so that what follows
    // counts revalidations, not dedup windows.
    await act(() => new Promise((resolve) => setTimeout(resolve, 2_100)));
    const before = requests.length;
    await act(async () => {
      await create!('Bench lamp');
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const after = requests.slice(before);
    cleanup();

    const mean = settled.reduce((a, b) => a + b, 0) / settled.length;
    return {
      consumers,
      mountRequests,
      rendersPerConsumerMax: Math.max(...settled),
      rendersPerConsumerMean: round(mean, 2),
      mountToDataMs: round(mountToDataMs, 1),
      mutation: {
        affectedKeys: perKey.length,
        consumersPerKey: perKey,
        posts: after.filter((r) => r === 'POST /api/products').length,
        revalidations: after.filter((r) => r.startsWith('GET /api/products')).length,
        otherEndpointRequests: after.filter((r) => !r.includes('/api/products')).length,
      },
    };
  } finally {
    await server.close();
  }
}

if (process.send !== undefined) childMain(measureHooks);
