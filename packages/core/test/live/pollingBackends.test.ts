// Which of the real backends the tests start make polling cheap: the live module's conditional
// reads (polling) ask a list twice, and a backend that tags its answers answers the second with
// a 304. What each backend's page in docs/guide/backends/ says is measured here.
import { createClient } from '@bridgekit/core';
import { djangoRest, jsonServer, laravel } from '@bridgekit/core/dialects';
import { polling } from '@bridgekit/core/live';
import { afterEach, describe, expect, it } from 'vitest';
import { startJsonServer0, startJsonServer1 } from '../../../../backends/servers.mjs';
import { PRODUCTS } from '../dialects/seed';
import { startDrf } from '../dialects/drf/startDrf';
import { startLaravel } from '../dialects/laravel/startLaravel';
import type { Dialect } from '@bridgekit/core/dialects';

const stops: Array<() => unknown> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** Reads `path` twice through a client that polls; the statuses the backend answered. */
async function twoReads(baseUrl: string, dialect: Dialect, path: string): Promise<number[]> {
  const client = createClient(baseUrl, { dialect, fetch: globalThis.fetch });
  const statuses: number[] = [];
  client.observe((event) => {
    if (event.type === 'attempt') statuses.push(event.status);
  });
  const stop = polling({ interval: 60_000 }).start({
    client,
    resources: undefined,
    lastEventId: () => undefined,
    open: () => {},
    change: () => {},
    reset: () => {},
    closed: () => {},
    ended: () => {},
    refresh: () => {},
  });
  stops.push(stop);
  const first = await client.get(path);
  const second = await client.get(path);
  expect(first.success && second.success).toBe(true);
  // A 304 is answered with what came the first time.
  expect(second.data).toEqual(first.data);
  return statuses;
}

describe('polling the backends without a feed', () => {
  it('json-server 0.17 tags its lists: the second read is a 304', async () => {
    const backend = await startJsonServer0({ products: [...PRODUCTS] });
    stops.push(() => backend.close());
    expect(await twoReads(backend.url, jsonServer({ version: 0 }), '/products')).toEqual([
      200, 304,
    ]);
  });

  it('json-server 1.x sends no ETag: two full answers', async () => {
    const backend = await startJsonServer1({ products: [...PRODUCTS] });
    stops.push(() => backend.close());
    expect(await twoReads(backend.url, jsonServer({ version: 1 }), '/products')).toEqual([
      200, 200,
    ]);
  });

  it('Django REST Framework (default settings) sends no ETag: two full answers', async () => {
    const drf = await startDrf();
    stops.push(() => drf.stop());
    expect(await twoReads(`${drf.url}/api`, djangoRest(), '/products/')).toEqual([200, 200]);
  }, 60_000);

  it('Laravel sends no ETag: two full answers', async () => {
    const app = await startLaravel();
    stops.push(() => app.stop());
    expect(await twoReads(`${app.url}/api`, laravel(), '/products')).toEqual([200, 200]);
  }, 60_000);
});
