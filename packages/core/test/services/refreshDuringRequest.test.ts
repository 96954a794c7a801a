// The session ends while a request is on its way. The server (with latency) checks
// the session only after the request arrived, so it sees an expired session: the client must
// refresh once and replay, and the caller sees only the 200.
import { createAuthService, createClient, MemoryStorage } from '@bridgekit/core';
import { createAuthLifecycle } from '@bridgekit/core/auth';
import { createServer } from '@bridgekit/server';
import { afterEach, expect, it } from 'vitest';

const running: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

it('a session that expires while the request is in flight is refreshed and the request replayed', async () => {
  const server = createServer({ seed: 'demo', loginThrottle: false, latencyMs: 150 });
  running.push(server);
  const { url } = await server.listen(0, '127.0.0.1');
  const client = createClient(url, { storage: new MemoryStorage(), timeout: 5000 });
  const auth = createAuthService(client);
  await auth.ready;
  const lifecycle = createAuthLifecycle(auth);
  await auth.login({ email: 'admin@example.com', password: 'admin123' });
  const before = await client.getSessionId();

  const pending = client.get('/products', { params: { limit: 2 } });
  // The request has left with a valid session; it ends before the server looks at it.
  await new Promise((resolve) => setTimeout(resolve, 40));
  server.expireSessions();
  const response = await pending;

  expect(response.status).toBe(200);
  expect(response.success && Array.isArray(response.data)).toBe(true);
  const paths = server.requests().map((r) => `${r.method} ${r.path.replace(/\?.*$/, '')}`);
  expect(paths.filter((p) => p.endsWith('/auth/refresh'))).toHaveLength(1);
  expect(paths.filter((p) => p === 'GET /api/products')).toHaveLength(2); // sent, then replayed
  expect(await client.getSessionId()).not.toBe(before);
  expect(auth.getState()).toMatchObject({ isAuthenticated: true, sessionExpired: false });
  lifecycle.dispose();
  auth.dispose();
});
