/**
 * A hook on a Feathers backend follows Feathers' real-time events: a change made through
 * Feathers' REST by someone else reaches the list the hook shows through `feathersLive`, on the
 * app's own socket.io socket (real Feathers 5 with socket.io, in-process on 127.0.0.1).
 */
import { createAuthService, createClient, MemoryStorage } from '@bridgekit/core';
import { feathers, feathersLive } from '@bridgekit/core/dialects';
import { live } from '@bridgekit/core/live';
import {
  BridgeProvider,
  useBridgeApi,
  useBridgeQuery,
  useLiveStatus,
} from '@bridgekit/react/hooks';
import { render, screen, waitFor } from '@testing-library/react';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningBackend, startFeathers } from '../../../../backends/servers.mjs';
import { PRODUCTS, type Product } from '../../../core/test/dialects/seed';

const USER = { email: 'admin@example.com', password: 'admin123', role: 'admin', name: 'Ada' };

let backend: RunningBackend;
const closing: Array<() => unknown> = [];
beforeEach(async () => {
  backend = await startFeathers({
    users: [USER],
    products: PRODUCTS.map(({ id: _id, ...rest }) => rest),
  });
});
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
  await backend.close();
});

function Products() {
  const products = useBridgeApi<Product>({ endpoint: '/products' });
  const { data } = useBridgeQuery(products, 'list', { limit: 3 });
  const { connected } = useLiveStatus();
  return (
    <ul aria-label={connected ? 'live' : 'not live'}>
      {data.map((p) => (
        <li key={p.id}>{`${p.id} ${p.name}`}</li>
      ))}
    </ul>
  );
}

describe('feathersLive in a provider', () => {
  it('a change through Feathers REST reaches the hook', async () => {
    const socket = io(backend.url, { transports: ['websocket'] });
    closing.push(() => socket.close());
    const dialect = { ...feathers(), live: feathersLive({ socket }) };
    const storage = new MemoryStorage();
    await createAuthService(createClient(backend.url, { storage, dialect })).login(USER);
    render(
      <BridgeProvider
        config={{ baseUrl: backend.url, storage, dialect, live: live() }}
        swr={{ provider: () => new Map() }}
      >
        <Products />
      </BridgeProvider>,
    );
    await waitFor(() => expect(screen.getByLabelText('live').children).toHaveLength(3), {
      timeout: 10_000,
    });

    const writer = createClient(backend.url, { dialect: feathers() });
    await createAuthService(writer).login(USER);
    await writer.patch('/products/1', { name: 'Renamed over REST' });
    await waitFor(
      () => expect(screen.getAllByRole('listitem')[0]?.textContent).toBe('1 Renamed over REST'),
      {
        timeout: 10_000,
      },
    );
  });
});
