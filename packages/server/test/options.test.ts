import { createServer } from '@bridgekit/server';
import { afterEach, describe, expect, it } from 'vitest';
import { type Running, raw, start } from './helpers';

let running: Running | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

describe('server options', () => {
  it('basePath moves every route; health answers without a session', async () => {
    running = await start({ basePath: '/v2/' });
    expect(running.url).toMatch(/\/v2$/);
    expect((await running.client().get('/health')).data).toEqual({ status: 'ok' });
    const admin = await running.signIn('admin');
    expect((await admin.get('/products/1')).status).toBe(200);
    expect((await raw(`${running.url.replace(/\/v2$/, '/api')}/health`)).status).toBe(404);
  });

  it('latencyMs delays every response', async () => {
    running = await start({ latencyMs: 120 });
    const t0 = performance.now();
    await running.client().get('/health');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(110);
  });

  it('seed none starts empty; unknown entities are 404', async () => {
    running = await start({ seed: 'none' });
    expect(
      (await running.client().post('/auth/login', { userName: 'admin', password: 'admin123' }))
        .status,
    ).toBe(401);
    expect((await running.client().get('/products')).status).toBe(404);
  });

  it('cors: none by default, a list admits only those origins, false sends none', async () => {
    running = await start();
    const byDefault = await raw(`${running.url}/health`, {
      headers: { origin: 'http://app.test' },
    });
    expect(byDefault.headers.get('access-control-allow-origin')).toBeNull();
    expect(byDefault.headers.get('access-control-allow-credentials')).toBeNull();
    await running.stop();
    running = await start({ cors: ['http://ok.test'] });
    const listed = await raw(`${running.url}/health`, { headers: { origin: 'http://ok.test' } });
    expect(listed.headers.get('access-control-allow-origin')).toBe('http://ok.test');
    expect(listed.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await raw(`${running.url}/health`, { headers: { origin: 'http://evil.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    await running.stop();
    running = await start({ cors: false });
    const off = await raw(`${running.url}/health`, { headers: { origin: 'http://app.test' } });
    expect(off.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('records the requests it received, for tests that count them', async () => {
    running = await start();
    const viewer = await running.signIn('viewer');
    await Promise.all([viewer.get('/products', { params: { page: 2 } }), viewer.get('/tasks/3')]);
    await raw(`${running.url}/products`, {
      method: 'OPTIONS',
      headers: { origin: 'http://a.test', 'access-control-request-method': 'GET' },
    });
    const seen = running.server.requests();
    expect(seen).toHaveLength(3);
    expect(seen[0]).toEqual({
      method: 'POST',
      path: '/api/auth/login',
      query: '',
      withSession: false,
    });
    expect(seen.slice(1)).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/products', query: 'page=2', withSession: true },
        { method: 'GET', path: '/api/tasks/3', query: '', withSession: true },
      ]),
    );
    running.server.resetRequests();
    expect(running.server.requests()).toEqual([]);
  });

  it('rejects bad options with errors naming them', () => {
    expect(() => createServer({ sessionTtlMs: -1 })).toThrow(RangeError);
    expect(() => createServer({ latencyMs: Number.NaN })).toThrow(/latencyMs/);
    expect(() => createServer({ seed: 'lots' as 'demo' })).toThrow(/seed/);
    expect(() =>
      createServer({ seed: { entities: { 'bad name': { schema: {}, rows: [] } } } }),
    ).toThrow(/bad name/);
    expect(() => createServer({ cors: true as unknown as false })).toThrow(TypeError);
    expect(() => createServer({ cors: { origins: ['*'] } })).toThrow(/cors\.origins/);
    expect(() => createServer({ cors: ['http://a.test/path'] })).toThrow(/cors\.origins/);
    expect(() => createServer({ loginThrottle: { maxFailures: 0 } })).toThrow(
      /loginThrottle\.maxFailures/,
    );
    expect(() => createServer({ refreshTtlMs: -1 })).toThrow(/refreshTtlMs/);
    expect(() => createServer({ passwordResetTtlMs: Number.NaN })).toThrow(/passwordResetTtlMs/);
    expect(() => createServer({ twoFactorChallengeTtlMs: -5 })).toThrow(RangeError);
    expect(() => createServer({ registerUserType: '' })).toThrow(/registerUserType/);
    expect(() => createServer({ onPasswordReset: 'log' as unknown as () => void })).toThrow(
      TypeError,
    );
    expect(() => createServer({ changeFeed: { heartbeatMs: 0 } })).toThrow(
      /changeFeed\.heartbeatMs/,
    );
    expect(() => createServer({ changeFeed: { replayEvents: 1.5 } })).toThrow(RangeError);
    expect(() => createServer({ changeFeed: { heartbeat: 10 } as never })).toThrow(
      /changeFeed\.heartbeat is not an option \(heartbeatMs, /,
    );
    expect(() => createServer({ changeFeed: 'fast' as never })).toThrow(TypeError);
    // Names the server's own routes take (GET /events is the change feed) are no entity's.
    for (const name of ['events', 'health', 'auth']) {
      expect(() =>
        createServer({ seed: { entities: { [name]: { schema: {}, rows: [] } } } }),
      ).toThrow(new RegExp(`"${name}" is taken`));
    }
  });
});
