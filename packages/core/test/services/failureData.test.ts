/**
 * A service's failure carries what the answer carried (`BridgeApiError.data`): against the
 * reference server, a write made on a record someone else changed is a 412 that holds their
 * record (never an overwrite), one on a record someone deleted holds `null`, and a write the
 * offline queue kept holds the kept write.
 */
import { createBridgeApiService } from '@bridgekit/core';
import { offlineQueue, type QueuedWrite, recordVersions } from '@bridgekit/core/offline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BridgeApiError } from '../../src/services/BridgeApiError';
import { type Api, connectivitySwitch, device, startApi } from '../offline/offlineFixture';

interface Product {
  id: string;
  name: string;
  price: number;
  stock: number;
}

let api: Api;
const stops: Array<() => void> = [];
beforeEach(async () => {
  api = await startApi();
});
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await api.close();
});

/** A signed-in device whose client remembers record versions, and its products service. */
async function signedIn(user: 'admin' | 'editor') {
  const tab = device(api.url);
  await tab.signIn(user);
  stops.push(recordVersions()({ client: tab.client, auth: tab.auth }).start());
  return {
    ...tab,
    products: createBridgeApiService<Product>(tab.client, { endpoint: '/products' }),
  };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('resolved');
    },
    (error: unknown) => error as BridgeApiError,
  );

describe('BridgeApiError.data', () => {
  it("holds the server's current record when a write meets someone else's change (412), and nothing is overwritten", async () => {
    const a = await signedIn('editor');
    const b = await signedIn('admin');
    await a.products.getById('3');
    const theirs = await b.products.update('3', { price: 41 });
    const error = await rejection(a.products.update('3', { price: 12 }));
    expect(error).toBeInstanceOf(BridgeApiError);
    expect(error).toMatchObject({ status: 412, code: 'PRECONDITION_FAILED' });
    expect(error.data).toEqual(theirs);
    expect(api.rows('products').find((row) => row.id === '3')?.price).toBe(41);
  });

  it('holds null when someone else deleted the record', async () => {
    const a = await signedIn('editor');
    const b = await signedIn('admin');
    await a.products.getById('4');
    await b.products.delete('4');
    const error = await rejection(a.products.update('4', { price: 12 }));
    expect(error).toMatchObject({ status: 412, code: 'PRECONDITION_FAILED', data: null });
  });

  it('holds the kept write when the offline queue keeps it (QUEUED)', async () => {
    const tab = device(api.url);
    await tab.signIn('editor');
    const net = connectivitySwitch(false);
    const queue = offlineQueue()({ client: tab.client, auth: tab.auth, connectivity: net });
    stops.push(queue.start());
    const products = createBridgeApiService<Product>(tab.client, { endpoint: '/products' });
    const error = await rejection(products.create({ name: 'Kept lamp', price: 3 }));
    expect(error.code).toBe('QUEUED');
    const write = error.data as QueuedWrite;
    expect(write).toMatchObject({ method: 'POST', endpoint: '/products' });
    expect(write.body).toEqual({ name: 'Kept lamp', price: 3 });
    expect(queue.getState().pending.map((w) => w.id)).toEqual([write.id]);
  });

  it('is absent when the failure carried no data', () => {
    const error = BridgeApiError.fromResponse({ success: false, status: 422, error: 'Invalid' });
    expect(error.data).toBeUndefined();
  });
});
