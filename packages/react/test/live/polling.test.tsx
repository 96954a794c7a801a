/**
 * The live module on backends without a feed, in jsdom against the real servers: json-server
 * 0.17 (Express tags its answers) is polled with If-None-Match and answers 304 while nothing
 * changed, and another person's change shows without a reload; json-server 1.x sends no ETag
 * and is polled plainly. Nobody signs in: a backend without sign-in is polled all the same.
 */
import { createClient } from '@bridgekit/core';
import { jsonServer } from '@bridgekit/core/dialects';
import { live, polling } from '@bridgekit/core/live';
import {
  BridgeProvider,
  useBridgeApi,
  useBridgeQuery,
  useLiveStatus,
} from '@bridgekit/react/hooks';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type RunningBackend,
  startJsonServer0,
  startJsonServer1,
} from '../../../../backends/servers.mjs';
import { PRODUCTS, type Product } from '../../../core/test/dialects/seed';

let backend: RunningBackend | undefined;
afterEach(() => backend?.close());

function Products() {
  const products = useBridgeApi<Product>({ endpoint: '/products' });
  const { data } = useBridgeQuery(products, 'list', { limit: 3 });
  const { connected } = useLiveStatus();
  return (
    <ul aria-label={connected ? 'polled' : 'not polled'}>
      {data.map((p) => (
        <li key={p.id}>{p.name}</li>
      ))}
    </ul>
  );
}

/** Renders the list over `version`'s dialect, polled every 100 ms; counts the answers by status. */
function renderPolled(version: 0 | 1) {
  const client = createClient(backend!.url, { dialect: jsonServer({ version }) });
  const statuses: number[] = [];
  client.observe((event) => {
    if (event.type === 'attempt') statuses.push(event.status);
  });
  render(
    <BridgeProvider
      client={client}
      live={live({ source: polling({ interval: 100 }) })}
      swr={{ provider: () => new Map() }}
    >
      <Products />
    </BridgeProvider>,
  );
  return { count: (status: number) => statuses.filter((s) => s === status).length };
}

/** Someone else renames the first product, straight through json-server's API. */
async function renameFirst(name: string) {
  const id = PRODUCTS[0]!.id;
  const res = await fetch(`${backend!.url}/products/${id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(res.ok).toBe(true);
}

const firstRow = () => screen.getAllByRole('listitem')[0]?.textContent;

describe('polling a backend without a feed', () => {
  it('json-server 0.17: 304s while nothing changes, the change once it does', async () => {
    backend = await startJsonServer0({ products: [...PRODUCTS] });
    const answers = renderPolled(0);
    await waitFor(() => expect(screen.getByLabelText('polled')).toBeTruthy());
    // The first poll may still ask plainly (the first read went out before polling started).
    await waitFor(() => expect(answers.count(304)).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    const full = answers.count(200);
    await waitFor(() => expect(answers.count(304)).toBeGreaterThanOrEqual(4), { timeout: 10_000 });
    expect(answers.count(200)).toBe(full);

    await renameFirst('Renamed elsewhere');
    await waitFor(() => expect(firstRow()).toBe('Renamed elsewhere'), { timeout: 10_000 });
    expect(answers.count(200)).toBe(full + 1);
    const after = answers.count(304);
    await waitFor(() => expect(answers.count(304)).toBeGreaterThan(after), { timeout: 10_000 });
  });

  it('json-server 1.x (no ETag): polled plainly, the change shows all the same', async () => {
    backend = await startJsonServer1({ products: [...PRODUCTS] });
    const answers = renderPolled(1);
    await waitFor(() => expect(answers.count(200)).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    expect(answers.count(304)).toBe(0);
    await renameFirst('Renamed on 1.x');
    await waitFor(() => expect(firstRow()).toBe('Renamed on 1.x'), { timeout: 10_000 });
  });
});
