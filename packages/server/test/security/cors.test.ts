/**
 * CORS only for listed origins (never credentialed reflection of any
 * origin), the CSRF check on state-changing requests authenticated by the cookie alone, and
 * the attributes of the cookies the server sets.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isCrossSite } from '../../src/plugins/csrf';
import { sessionCookieOptions } from '../../src/sessionCookieOptions';
import { type Running, raw, start } from '../helpers';

let running: Running | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

const APP = 'http://localhost:5173';
const EVIL = 'https://evil.test';

function preflight(origin: string) {
  return raw(`${running!.url}/products`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'DELETE',
      'access-control-request-headers':
        'x-session-id,content-type,idempotency-key,if-match,if-none-match,last-event-id',
    },
  });
}

describe('CORS', () => {
  it('refuses a credentialed preflight from an unlisted origin, by default and with a list', async () => {
    for (const options of [{}, { cors: { origins: [APP] } }]) {
      running = await start(options);
      const res = await preflight(EVIL);
      expect(res.status).toBe(404);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('access-control-allow-headers')).toBeNull();
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
      const get = await raw(`${running.url}/health`, { headers: { origin: EVIL } });
      expect(get.headers.get('access-control-allow-origin')).toBeNull();
      expect(get.headers.get('access-control-allow-credentials')).toBeNull();
      await running.stop();
      running = undefined;
    }
  });

  it('admits a listed origin with credentials, the session, key and precondition headers, Retry-After, Idempotent-Replayed and ETag exposed', async () => {
    running = await start({ cors: { origins: [APP, 'http://127.0.0.1:5173'] } });
    const res = await preflight(APP);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/x-session-id/i);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/idempotency-key/i);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/if-match/i);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/if-none-match/i);
    expect(res.headers.get('access-control-allow-methods')).toMatch(/DELETE/);
    expect(res.headers.get('vary')).toMatch(/origin/i);
    const get = await raw(`${running.url}/health`, {
      headers: { origin: 'http://127.0.0.1:5173' },
    });
    expect(get.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(get.headers.get('access-control-expose-headers')).toMatch(/retry-after/i);
    expect(get.headers.get('access-control-expose-headers')).toMatch(/idempotent-replayed/i);
    // The version a client sends back in If-Match must be readable by the page's script.
    expect(get.headers.get('access-control-expose-headers')).toMatch(/\betag\b/i);
    // A preflight is not a request of the client's: the log leaves it out.
    expect(running.server.requests().map((r) => r.method)).toEqual(['GET']);
  });
});

describe('CSRF: state-changing requests authenticated by the session cookie alone', () => {
  async function setup(options = {}) {
    running = await start(options);
    const login = await running
      .client()
      .post('/auth/login', { userName: 'admin', password: 'admin123' });
    return login.data.sessionId as string;
  }
  function create(session: string, headers: Record<string, string>) {
    return raw(`${running!.url}/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `session_id=${session}`, ...headers },
      body: JSON.stringify({ name: 'Forged', price: 1 }),
    });
  }
  const count = () => running!.server.snapshot().entities.products?.rows.length;

  it('refuses them from another site (Origin or Sec-Fetch-Site), with 403 JSON, changing nothing', async () => {
    const session = await setup();
    const before = count();
    const forged: Record<string, string>[] = [
      { origin: EVIL },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site', origin: EVIL },
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:5173' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of forged) {
      const res = await create(session, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(res.body.error).toMatch(/x-session-id/i);
    }
    expect(count()).toBe(before);
    const logout = await raw(`${running!.url}/auth/logout`, {
      method: 'POST',
      headers: { cookie: `session_id=${session}`, origin: EVIL },
    });
    expect(logout.status).toBe(403);
    const stillIn = await raw(`${running!.url}/auth/me`, { headers: { 'x-session-id': session } });
    expect(stillIn.status).toBe(200);
  });

  it('admits them from the same origin, from a listed origin, and from non-browser clients', async () => {
    const session = await setup({ cors: { origins: [APP] } });
    const host = new URL(running!.url).host;
    expect((await create(session, { origin: `http://${host}` })).status).toBe(201);
    expect((await create(session, { 'sec-fetch-site': 'same-origin', origin: APP })).status).toBe(
      201,
    );
    expect((await create(session, { 'sec-fetch-site': 'none' })).status).toBe(201);
    expect((await create(session, { 'sec-fetch-site': 'same-site', origin: APP })).status).toBe(
      201,
    );
    expect((await create(session, {})).status).toBe(201);
  });

  it('needs no check when the session header is sent (only a preflight could add it)', async () => {
    const session = await setup();
    const res = await create(session, { origin: EVIL, 'x-session-id': session });
    expect(res.status).toBe(201);
    // Reads are not state-changing: a cookie-only GET from anywhere is answered (CORS keeps
    // the body from the other site's script).
    const read = await raw(`${running!.url}/auth/me`, {
      headers: { cookie: `session_id=${session}`, origin: EVIL },
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('isCrossSite judges Sec-Fetch-Site first, then Origin against Host', () => {
    const none = new Set<string>();
    expect(isCrossSite({ host: 'a.test' }, none)).toBe(false);
    expect(isCrossSite({ host: 'a.test', origin: 'http://a.test' }, none)).toBe(false);
    expect(isCrossSite({ host: 'a.test', origin: 'http://a.test:81' }, none)).toBe(true);
    expect(isCrossSite({ host: 'a.test', origin: 'garbage' }, none)).toBe(true);
    expect(
      isCrossSite({ host: 'a.test', 'sec-fetch-site': 'same-origin', origin: EVIL }, none),
    ).toBe(false);
    expect(isCrossSite({ host: 'a.test', origin: EVIL }, new Set([EVIL]))).toBe(false);
  });
});

describe('cookies the server sets', () => {
  it('logout clears the session cookie with HttpOnly, SameSite=Lax and Path=/ (no Secure over http)', async () => {
    running = await start();
    const login = await running
      .client()
      .post('/auth/login', { userName: 'viewer', password: 'viewer123' });
    const res = await fetch(`${running.url}/auth/logout`, {
      method: 'POST',
      headers: { cookie: `session_id=${login.data.sessionId}` },
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^session_id=;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('Secure is added when the request came over https', () => {
    const https = sessionCookieOptions({ protocol: 'https' } as never);
    const http = sessionCookieOptions({ protocol: 'http' } as never);
    expect(https).toMatchObject({ secure: true, httpOnly: true, sameSite: 'lax', path: '/' });
    expect(http.secure).toBe(false);
  });
});
