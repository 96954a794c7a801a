/**
 * Cookie sessions. A sign-in with `Prefer: session=cookie` is
 * answered with HttpOnly cookies and a body without tokens; refresh reads the refresh cookie
 * and rotates both; logout clears both; CORS lets `Prefer` in and `Preference-Applied` out;
 * the CSRF check refuses cross-site writes carried by these cookies.
 */
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../../src/createServer';
import { type Running, raw, start } from '../helpers';
import { authCall } from './authCall';

let running: Running | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

const PREFER = { prefer: 'session=cookie' };
const APP = 'http://localhost:5173';

/** A JSON POST with extra headers. */
function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return raw(`${running!.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
const get = (path: string, headers: Record<string, string> = {}) =>
  raw(`${running!.url}${path}`, { headers });

interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}
function setCookies(headers: Headers): Record<string, SetCookie> {
  const out: Record<string, SetCookie> = {};
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...rest] = line.split(';');
    const [name = '', value = ''] = pair.split(/=(.*)/s);
    const attributes: Record<string, string | true> = {};
    for (const part of rest) {
      const [key = '', val] = part.trim().split(/=(.*)/s);
      attributes[key.toLowerCase()] = val ?? true;
    }
    out[name.trim()] = { name: name.trim(), value, attributes };
  }
  return out;
}
/** The Cookie header a browser would send back for these cookies. */
const cookieHeader = (...cookies: SetCookie[]) =>
  cookies.map((c) => `${c.name}=${c.value}`).join('; ');

async function cookieLogin(userName = 'editor', headers: Record<string, string> = PREFER) {
  const res = await post('/auth/login', { userName, password: `${userName}123` }, headers);
  expect(res.status).toBe(200);
  const jar = setCookies(res.headers);
  return { res, session: jar.session_id!, refresh: jar.refresh_token! };
}

describe('sign-in with Prefer: session=cookie', () => {
  it('answers HttpOnly cookies and a body with the user and expiry only', async () => {
    running = await start();
    const { res, session, refresh } = await cookieLogin();
    expect(res.headers.get('preference-applied')).toBe('session=cookie');
    expect(res.body.data).toEqual({ user: expect.any(Object), expiresAt: expect.any(String) });
    expect(res.body.data.user).toMatchObject({ userName: 'editor' });
    expect(JSON.stringify(res.body)).not.toContain(session.value);
    expect(JSON.stringify(res.body)).not.toContain(refresh.value);

    expect(session.value).toMatch(/^[\w-]{43}$/);
    expect(session.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/' });
    expect(session.attributes).not.toHaveProperty('secure');
    expect(Date.parse(String(session.attributes.expires))).toBeCloseTo(
      Date.parse(res.body.data.expiresAt),
      -4,
    );
    expect(refresh.value).toMatch(/^[\w-]{43}$/);
    expect(refresh.attributes).toMatchObject({
      httponly: true,
      samesite: 'Lax',
      path: '/api/auth',
    });
    expect(Date.parse(String(refresh.attributes.expires))).toBeGreaterThan(
      Date.parse(String(session.attributes.expires)),
    );

    // The cookie alone signs requests in: the current user and a protected entity.
    const me = await get('/auth/me', { cookie: cookieHeader(session) });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ userName: 'editor' });
    expect((await get('/products', { cookie: cookieHeader(session) })).status).toBe(200);
    expect((await get('/products')).status).toBe(401);
    // A write from the same origin (or no browser at all) with the cookie alone is fine.
    const created = await post(
      '/products',
      { name: 'Cookie jar', price: 3 },
      { cookie: cookieHeader(session) },
    );
    expect(created.status).toBe(201);
  });

  it('reads the preference as RFC 7240 writes it, and changes nothing without it', async () => {
    running = await start();
    for (const prefer of [
      'session=cookie',
      'respond-async, session=cookie',
      'Session="Cookie"; x=1',
      'wait=10,session = cookie',
    ]) {
      const { res } = await cookieLogin('viewer', { prefer });
      expect(res.body.data, prefer).not.toHaveProperty('sessionId');
      expect(res.headers.getSetCookie(), prefer).toHaveLength(2);
    }
    const others: Record<string, string>[] = [
      {},
      { prefer: 'session=token' },
      { prefer: 'return=minimal' },
    ];
    for (const headers of others) {
      const res = await post('/auth/login', { userName: 'viewer', password: 'viewer123' }, headers);
      expect(res.body.data.sessionId).toMatch(/^[\w-]{43}$/);
      expect(res.body.data.refreshToken).toMatch(/^[\w-]{43}$/);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(res.headers.get('preference-applied')).toBeNull();
    }
  });

  it('register and two-factor verify answer with cookies too', async () => {
    running = await start();
    const reg = await post('/auth/register', { email: 'c@x.io', password: '12345678' }, PREFER);
    expect(reg.status).toBe(201);
    expect(reg.body.data).not.toHaveProperty('sessionId');
    expect(reg.body.data).not.toHaveProperty('refreshToken');
    const jar = setCookies(reg.headers);
    expect((await get('/auth/me', { cookie: cookieHeader(jar.session_id!) })).status).toBe(200);

    const admin = (
      await authCall(running.url, 'POST', '/auth/login', {
        userName: 'admin',
        password: 'admin123',
      })
    ).body.data.sessionId;
    const secret = (await authCall(running.url, 'POST', '/auth/2fa/setup', undefined, admin)).body
      .data.secret;
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    await authCall(running.url, 'POST', '/auth/2fa/enable', { code: totp.generate() }, admin);
    const first = await post('/auth/login', { userName: 'admin', password: 'admin123' }, PREFER);
    expect(first.body.data.twoFactorRequired).toBe(true);
    // No session yet: no cookie either.
    expect(first.headers.getSetCookie()).toEqual([]);
    const code = totp.generate({ timestamp: Date.now() + 30_000 });
    const verify = await post(
      '/auth/2fa/verify',
      { challenge: first.body.data.challenge, code },
      PREFER,
    );
    expect(verify.status).toBe(200);
    expect(verify.body.data).toEqual({ user: expect.any(Object), expiresAt: expect.any(String) });
    const twoFactorJar = setCookies(verify.headers);
    const me = await get('/auth/me', { cookie: cookieHeader(twoFactorJar.session_id!) });
    expect(me.body.data).toMatchObject({ userName: 'admin' });
  });
});

describe('POST /auth/refresh with the refresh cookie', () => {
  it('rotates both cookies; the body has no token; the old session ends', async () => {
    running = await start();
    const { session, refresh } = await cookieLogin();
    // Sent as a browser would: the refresh cookie only reaches its own path.
    const res = await post('/auth/refresh', undefined, {
      ...PREFER,
      cookie: cookieHeader(refresh),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('session=cookie');
    expect(res.body.data).toEqual({ user: expect.any(Object), expiresAt: expect.any(String) });
    const next = setCookies(res.headers);
    expect(next.session_id!.value).not.toBe(session.value);
    expect(next.refresh_token!.value).not.toBe(refresh.value);
    expect(next.refresh_token!.attributes.path).toBe('/api/auth');
    expect((await get('/auth/me', { cookie: cookieHeader(session) })).status).toBe(401);
    expect((await get('/auth/me', { cookie: cookieHeader(next.session_id!) })).status).toBe(200);

    // An empty JSON body is the same as none.
    const again = await post('/auth/refresh', {}, { cookie: cookieHeader(next.refresh_token!) });
    expect(again.status).toBe(200);
    // A cookie-held token is never handed to scripts, even without the preference.
    expect(again.body.data).not.toHaveProperty('refreshToken');
    expect(again.body.data).not.toHaveProperty('sessionId');
    expect(again.headers.get('preference-applied')).toBeNull();
    expect(Object.keys(setCookies(again.headers))).toEqual(['session_id', 'refresh_token']);
  });

  it('a reused refresh cookie ends the family and clears both cookies', async () => {
    running = await start();
    const { refresh } = await cookieLogin();
    const first = await post('/auth/refresh', undefined, { cookie: cookieHeader(refresh) });
    const next = setCookies(first.headers);
    const reuse = await post('/auth/refresh', undefined, { cookie: cookieHeader(refresh) });
    expect(reuse.status).toBe(401);
    expect(reuse.body.error).toMatch(/already used/);
    const cleared = setCookies(reuse.headers);
    for (const name of ['session_id', 'refresh_token']) {
      expect(cleared[name]!.value).toBe('');
      expect(Date.parse(String(cleared[name]!.attributes.expires))).toBeLessThan(Date.now());
    }
    expect(cleared.refresh_token!.attributes.path).toBe('/api/auth');
    expect((await get('/auth/me', { cookie: cookieHeader(next.session_id!) })).status).toBe(401);
  });

  it('a token in the body wins over the cookie and keeps token mode unless asked', async () => {
    running = await start();
    const token = await authCall(running.url, 'POST', '/auth/login', {
      userName: 'viewer',
      password: 'viewer123',
    });
    const { refresh } = await cookieLogin('editor');
    const res = await post(
      '/auth/refresh',
      { refreshToken: token.body.data.refreshToken },
      { cookie: cookieHeader(refresh) },
    );
    expect(res.body.data.user).toMatchObject({ userName: 'viewer' });
    expect(res.body.data.refreshToken).toMatch(/^[\w-]{43}$/);
    expect(res.headers.getSetCookie()).toEqual([]);
    // The body's token with the preference: answered with cookies.
    const cookie = await post(
      '/auth/refresh',
      { refreshToken: res.body.data.refreshToken },
      PREFER,
    );
    expect(cookie.body.data).not.toHaveProperty('refreshToken');
    expect(cookie.headers.getSetCookie()).toHaveLength(2);
    // Neither body nor cookie (a cookie-mode visitor who never signed in): no credentials.
    const none = await post('/auth/refresh', undefined);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, error: 'No refresh token: sign in' });
  });
});

describe('logout of a cookie session', () => {
  it('revokes the refresh token even after the session cookie expired (the browser dropped it)', async () => {
    running = await start();
    const { refresh } = await cookieLogin();
    running.server.expireSessions();
    // Only the refresh cookie is left, and its path covers the auth routes, logout included.
    const out = await post('/auth/logout', undefined, { cookie: cookieHeader(refresh) });
    expect(out.status).toBe(200);
    expect(setCookies(out.headers).refresh_token).toMatchObject({ value: '' });
    const after = await post('/auth/refresh', undefined, { cookie: cookieHeader(refresh) });
    expect(after.status).toBe(401);
  });

  it('ends the session and its refresh token and clears both cookies', async () => {
    running = await start();
    const { session, refresh } = await cookieLogin();
    const out = await post('/auth/logout', undefined, { cookie: cookieHeader(session) });
    expect(out.status).toBe(200);
    const cleared = setCookies(out.headers);
    expect(cleared.session_id).toMatchObject({ value: '', attributes: { path: '/' } });
    expect(cleared.refresh_token).toMatchObject({
      value: '',
      attributes: { path: '/api/auth' },
    });
    expect((await get('/auth/me', { cookie: cookieHeader(session) })).status).toBe(401);
    expect((await post('/auth/refresh', undefined, { cookie: cookieHeader(refresh) })).status).toBe(
      401,
    );
  });

  it('clears both cookies for a cookie client whose session cookie is already gone', async () => {
    running = await start();
    const out = await post('/auth/logout', undefined, PREFER);
    expect(Object.keys(setCookies(out.headers)).sort()).toEqual(['refresh_token', 'session_id']);
  });
});

describe('cookie sessions across origins', () => {
  it('CORS lets Prefer in and Preference-Applied out for a listed origin only', async () => {
    running = await start({ cors: [APP] });
    const preflight = await raw(`${running.url}/auth/login`, {
      method: 'OPTIONS',
      headers: {
        origin: APP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,prefer',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/prefer/i);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const { res } = await cookieLogin('viewer', { ...PREFER, origin: APP });
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/preference-applied/i);
    const evil = await cookieLogin('viewer', { ...PREFER, origin: 'https://evil.test' });
    expect(evil.res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses cross-site writes carried by the session or the refresh cookie', async () => {
    running = await start({ cors: [APP] });
    const { session, refresh } = await cookieLogin('admin');
    const forged = await post(
      '/products',
      { name: 'Forged', price: 1 },
      { cookie: cookieHeader(session), origin: 'https://evil.test' },
    );
    expect(forged.status).toBe(403);
    const stolen = await post('/auth/refresh', undefined, {
      cookie: cookieHeader(refresh),
      'sec-fetch-site': 'cross-site',
      origin: 'https://evil.test',
    });
    expect(stolen.status).toBe(403);
    // The listed app may, with the same cookies.
    const listed = await post(
      '/products',
      { name: 'Fine', price: 1 },
      { cookie: cookieHeader(session), origin: APP, 'sec-fetch-site': 'same-site' },
    );
    expect(listed.status).toBe(201);
    const own = await post('/auth/refresh', undefined, {
      cookie: cookieHeader(refresh),
      origin: APP,
    });
    expect(own.status).toBe(200);
  });
});

describe('options', () => {
  it('refreshCookie names the refresh cookie; basePath sets its path; bad names are refused', async () => {
    running = await start({ refreshCookie: 'rt', sessionCookie: 'sid', basePath: '/v1' });
    const res = await post('/auth/login', { userName: 'viewer', password: 'viewer123' }, PREFER);
    const jar = setCookies(res.headers);
    expect(Object.keys(jar)).toEqual(['sid', 'rt']);
    expect(jar.rt!.attributes.path).toBe('/v1/auth');
    const again = await post('/auth/refresh', undefined, { cookie: cookieHeader(jar.rt!) });
    expect(again.status).toBe(200);
    for (const bad of ['', 'a b', 'x;y', 'é']) {
      expect(() => createServer({ refreshCookie: bad })).toThrow(TypeError);
      expect(() => createServer({ refreshCookie: bad })).toThrow(/refreshCookie/);
    }
  });
});
