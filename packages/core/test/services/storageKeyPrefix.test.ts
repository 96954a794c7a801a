// storageKeyPrefix: two clients on two APIs share one storage without reading each other's
// session, user or refresh token.
import { createAuthService, createClient, MemoryStorage } from '@bridgekit/core';
import { createAuthLifecycle } from '@bridgekit/core/auth';
import { createServer } from '@bridgekit/server';
import { afterEach, describe, expect, it } from 'vitest';

const running: Array<ReturnType<typeof createServer>> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

describe('storageKeyPrefix', () => {
  it('prefixes the session, user and refresh-token keys; no prefix keeps the plain keys', async () => {
    const server = createServer({ seed: 'demo', loginThrottle: false });
    running.push(server);
    const { url } = await server.listen(0, '127.0.0.1');
    const storage = new MemoryStorage();
    const plain = createAuthService(createClient(url, { storage }));
    const billing = createAuthService(createClient(url, { storage, storageKeyPrefix: 'b:' }));
    createAuthLifecycle(plain);
    createAuthLifecycle(billing);
    await Promise.all([plain.ready, billing.ready]);
    await billing.login({ email: 'editor@example.com', password: 'editor123' });
    for (const key of ['client_session_id', 'bridgekit_user', 'bridgekit_refresh_token']) {
      expect(await storage.getItem(`b:${key}`)).toBeTruthy();
      expect(await storage.getItem(key)).toBeNull();
    }
    expect(await plain.client.hasSession()).toBe(false);
    await plain.login({ email: 'admin@example.com', password: 'admin123' });
    expect(await storage.getItem('client_session_id')).toBeTruthy();
    expect(() => createClient(url, { storageKeyPrefix: 1 as never })).toThrow(/storageKeyPrefix/);
  });
});
