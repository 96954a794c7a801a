// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
// The auth lifecycle brings the factory of the auth service it needs: a provider with
// `lifecycle` opens it at mount even when no component uses an auth hook, so the app's first
// reads already go through its refresh-and-replay middleware.
import { authLifecycle } from '@bridgekit/core/auth';
import { BridgeProvider, useBridgeApi, useBridgeQuery } from '@bridgekit/react/hooks';
import { render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { makeClient, type Product, startServer, type TestServer } from './helpers';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const productsEntity = { endpoint: '/products' };

function FirstProduct() {
  const products = useBridgeApi<Product>(productsEntity);
  const { data, error } = useBridgeQuery(products, 'list', { limit: 1 });
  if (error) return <p>failed: {error.message}</p>;
  return <p>{data?.[0] ? `first: ${data[0].name}` : 'loading'}</p>;
}

it('a provider with the lifecycle and no auth hook refreshes an expired session and replays the 401', async () => {
  server = await startServer();
  const client = makeClient(server.url);
  // Signed in on an earlier visit: the session and the refresh token are in storage.
  const login = await client.post<{ sessionId: string; refreshToken: string }>('/auth/login', {
    email: 'editor@example.com',
    password: 'editor123',
  });
  if (!login.success) throw new Error(`login failed: ${login.error}`);
  client.setSessionId(login.data.sessionId);
  await client.getStorage()!.setItem('bridgekit_refresh_token', login.data.refreshToken);
  server.expireSessions();

  render(
    <BridgeProvider
      client={client}
      lifecycle={authLifecycle()}
      swr={{ provider: () => new Map(), shouldRetryOnError: false }}
    >
      <FirstProduct />
    </BridgeProvider>,
  );
  const answer = await screen.findByText(/^(first|failed):/);
  expect(answer.textContent).toMatch(/^first: \S/);
  expect(server.count('POST', '/auth/refresh')).toBe(1);
  expect(server.count('GET', '/products')).toBe(2);
});
