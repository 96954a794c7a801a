// In real Chromium: a cookie-session client (`session: cookieSession()`) signs in
// against the reference server; the session lives in an HttpOnly cookie that scripts cannot
// read (`document.cookie`), the login answer holds no token, the cookie goes to the API and
// to no other origin, and logout ends it. The page and the API are two loopback servers on
// different ports: two origins of one site, as an app and its API usually are. Core's
// browser build is bundled from source with esbuild when the test starts. Chromium missing
// is a failure (launchChromium throws), never a skip.
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer } from '@bridgekit/server';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../../test-utils/chromium';
import { BROWSER_BUILD_DEFINE } from '../../browserBuild';

const coreDir = fileURLToPath(new URL('../..', import.meta.url));

let api: ReturnType<typeof createServer>;
let apiUrl: string;
let pages: Server;
let pageOrigin: string;
let other: Server;
let otherOrigin: string;
/** What the other origin received. */
const otherSaw: IncomingHttpHeaders[] = [];
let browser: Browser;

async function bundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `
        import { createAuthService, createClient } from './src/index.ts';
        import { cookieSession, createAuthLifecycle } from './src/auth/index.ts';
        window.bridgekit = { cookieSession, createAuthService, createClient, createAuthLifecycle };
      `,
      resolveDir: coreDir,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    define: BROWSER_BUILD_DEFINE,
  });
  return result.outputFiles[0]!.text;
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  const script = await bundle();
  pages = createHttpServer((req, res) => {
    if (req.url === '/bridgekit.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(script);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      '<!doctype html><title>cookie mode</title><script type="module" src="/bridgekit.js"></script>',
    );
  });
  pageOrigin = await listen(pages);
  // Another origin on the same host: the browser holds the API's cookies for this host too,
  // so only the client's choice of credentials keeps them from going there.
  other = createHttpServer((req, res) => {
    otherSaw.push(req.headers);
    res.writeHead(200, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
    });
    res.end('{"success":true,"data":{"status":"other"}}');
  });
  otherOrigin = await listen(other);
  api = createServer({ seed: 'demo', loginThrottle: false, cors: [pageOrigin] });
  apiUrl = (await api.listen(0, '127.0.0.1')).url;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await api?.close();
  await new Promise((resolve) => pages?.close(resolve));
  await new Promise((resolve) => other?.close(resolve));
});

/** Loads the page (again) and starts a cookie-mode client, auth service and lifecycle in it. */
async function startApp(page: Page): Promise<Page> {
  await page.goto(`${pageOrigin}/`);
  await page.waitForFunction(() => 'bridgekit' in window);
  await page.evaluate((url) => {
    const { cookieSession, createClient, createAuthService, createAuthLifecycle } = (window as any)
      .bridgekit;
    const client = createClient(url, { session: cookieSession(), timeout: 5000 });
    const auth = createAuthService(client);
    (window as any).app = { client, auth, account: createAuthLifecycle(auth) };
  }, apiUrl);
  return page;
}
const openPage = async () => startApp(await browser.newPage());

describe('cookie mode in Chromium', () => {
  it('signs in with an HttpOnly cookie that scripts cannot read, and logout ends it', async () => {
    const page = await openPage();
    const context = page.context();
    expect(
      await page.evaluate(() =>
        (window as any).app.auth.ready.then(() => (window as any).app.auth.getState()),
      ),
    ).toMatchObject({ isAuthenticated: false, sessionExpired: false });

    const loginAnswer = page.waitForResponse((r) => r.url().endsWith('/auth/login'));
    const result = await page.evaluate(() =>
      (window as any).app.auth.login({ email: 'admin@example.com', password: 'admin123' }),
    );
    const answer = await loginAnswer;
    const body = await answer.text();
    expect(answer.headers()['preference-applied']).toBe('session=cookie');
    expect(result.user).toMatchObject({ userName: 'admin' });
    expect(result).not.toHaveProperty('sessionId');

    const cookies = await context.cookies(apiUrl);
    const session = cookies.find((c) => c.name === 'session_id');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session!.value).toMatch(/^[\w-]{43}$/);
    const refresh = (await context.cookies(`${apiUrl}/auth/refresh`)).find(
      (c) => c.name === 'refresh_token',
    );
    expect(refresh).toMatchObject({ httpOnly: true, path: '/api/auth' });
    // The answer the page's script received carries neither token.
    expect(JSON.parse(body).data).toEqual({
      user: expect.any(Object),
      expiresAt: expect.any(String),
    });
    expect(body).not.toContain(session!.value);
    expect(body).not.toContain(refresh!.value);

    // No script sees the session: not in document.cookie, not in storage.
    const visible = await page.evaluate(async () => ({
      cookie: document.cookie,
      storage: Object.entries(localStorage)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n'),
      sessionId: await (window as any).app.client.getSessionId(),
      hasSession: await (window as any).app.client.hasSession(),
    }));
    expect(visible.cookie).not.toContain('session_id');
    expect(visible.cookie).not.toContain(session!.value);
    expect(visible.cookie).not.toContain(refresh!.value);
    expect(visible.storage).not.toContain(session!.value);
    expect(visible.sessionId).toBeNull();
    expect(visible.hasSession).toBe(false);

    // Signed-in requests work with the cookie alone: the user and a protected entity, a write.
    const calls = await page.evaluate(async () => {
      const { client } = (window as any).app;
      const me = await client.get('/auth/me');
      const products = await client.get('/products', { params: { limit: 2 } });
      const created = await client.post('/products', { name: 'Cookie jar', price: 3 });
      return {
        me: [me.status, me.data?.userName],
        products: products.status,
        created: created.status,
      };
    });
    expect(calls).toEqual({ me: [200, 'admin'], products: 200, created: 201 });

    // A request to another origin from the same client carries no cookie (nor session header).
    const elsewhere = await page.evaluate(
      (url) => (window as any).app.client.get(`${url}/anything`).then((r: any) => r.data),
      otherOrigin,
    );
    expect(elsewhere).toEqual({ status: 'other' });
    expect(otherSaw).toHaveLength(1);
    expect(otherSaw[0]!.cookie).toBeUndefined();
    expect(otherSaw[0]!['x-session-id']).toBeUndefined();
    // …although the browser holds the API's cookie for this host: only `include` would send it.
    // (the answer's `Access-Control-Allow-Origin: *` is refused for a credentialed request,
    // but the request was sent.)
    await page.evaluate(
      (url) =>
        fetch(`${url}/probe`, { credentials: 'include' }).then(
          () => 'read',
          () => 'refused',
        ),
      otherOrigin,
    );
    expect(otherSaw[1]!.cookie).toContain('session_id=');

    // Logout: the server ends the session and both cookies are gone.
    await page.evaluate(() => (window as any).app.auth.logout());
    const after = await context.cookies([apiUrl, `${apiUrl}/auth/refresh`]);
    expect(after.map((c) => c.name)).toEqual([]);
    expect(await page.evaluate(() => (window as any).app.auth.getState().isAuthenticated)).toBe(
      false,
    );
    expect(
      await page.evaluate(() =>
        (window as any).app.client.get('/auth/me').then((r: any) => r.status),
      ),
    ).toBe(401);
    // The old cookie value is dead on the server too.
    const replayed = await fetch(`${apiUrl}/auth/me`, {
      headers: { cookie: `session_id=${session!.value}` },
    });
    expect(replayed.status).toBe(401);
    await page.close();
  }, 60_000);

  it('a reload restores the sign-in from the cookie, and an expired session refreshes through the refresh cookie', async () => {
    const page = await openPage();
    await page.evaluate(() =>
      (window as any).app.auth.login({ userName: 'editor', password: 'editor123' }),
    );
    const page2 = await startApp(page);
    const state = await page2.evaluate(() =>
      (window as any).app.auth.ready.then(() => (window as any).app.auth.getState()),
    );
    expect(state).toMatchObject({ isAuthenticated: true, user: { userName: 'editor' } });

    api.resetRequests();
    api.expireSessions();
    const statuses = await page2.evaluate(() =>
      Promise.all(
        Array.from({ length: 5 }, () =>
          (window as any).app.client.get('/products').then((r: any) => r.status),
        ),
      ),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refreshes = api.requests().filter((r) => r.path.endsWith('/auth/refresh'));
    expect(refreshes).toHaveLength(1);
    expect(await page2.evaluate(() => document.cookie)).not.toContain('refresh_token');
    await page2.evaluate(() => (window as any).app.auth.logout());
    await page.close();
  }, 60_000);
});
