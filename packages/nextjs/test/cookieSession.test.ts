// The server entry with cookie sessions. The API sets the session
// as an HttpOnly cookie (a sign-in with `Prefer: session=cookie`); the browser sends it with
// page requests to the Next.js app (cookies are per host, not per port), and the server
// helpers forward it to the API as that same cookie, never as the session header.
import { cookieSession } from '@bridgekit/core/auth';
import { createServer } from '@bridgekit/server';
import {
  createAuthMiddleware,
  createServerClient,
  getServerSession,
} from '@bridgekit/nextjs/server';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';

type Server = ReturnType<typeof createServer>;
let server: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: Parameters<typeof createServer>[0] = {}) {
  server = createServer({ seed: 'demo', loginThrottle: false, ...options });
  return (await server.listen(0, '127.0.0.1')).url;
}

/** Signs in as the browser would in cookie mode; returns the session cookie's value. */
async function cookieLogin(url: string, name = 'session_id'): Promise<string> {
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', prefer: 'session=cookie' },
    body: JSON.stringify({ userName: 'editor', password: 'editor123' }),
  });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.data).not.toHaveProperty('sessionId');
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return line!.split(';')[0]!.slice(name.length + 1);
}

/** A fetch that records the headers of each request it sends. */
function recordingFetch() {
  const sent: Record<string, string>[] = [];
  const record: typeof fetch = (input, init) => {
    sent.push(Object.fromEntries(new Headers(init?.headers).entries()));
    return fetch(input, init);
  };
  return { fetch: record, sent };
}

describe('cookie sessions on the Next.js server', () => {
  it('createServerClient forwards the session cookie as a cookie, not as the session header', async () => {
    const url = await start();
    const session = await cookieLogin(url);
    server!.resetRequests();
    const { fetch, sent } = recordingFetch();
    const client = await createServerClient(url, {
      session: cookieSession(),
      cookies: `theme=dark; session_id=${session}`,
      fetch,
    });
    const me = await client.get('/auth/me');
    expect(me.status).toBe(200);
    expect(me.data.userName).toBe('editor');
    expect((await client.get('/products')).status).toBe(200);
    expect(sent[0]!.cookie).toBe(`session_id=${session}`);
    expect(sent[0]).not.toHaveProperty('x-session-id');
    expect(server!.requests().map((r) => r.withSession)).toEqual([true, true]);
    // Only the session cookie goes on: the app's other cookies are its own.
    expect(sent[0]!.cookie).not.toContain('theme');
  });

  it('getServerSession validates a cookie session and is null without the cookie', async () => {
    const url = await start();
    const session = await cookieLogin(url);
    const valid = await getServerSession(url, {
      session: cookieSession(),
      cookies: new Headers({ cookie: `session_id=${session}` }),
    });
    expect(valid).toMatchObject({ isValid: true, user: { userName: 'editor' } });
    server!.resetRequests();
    expect(
      await getServerSession(url, { session: cookieSession(), cookies: 'theme=dark' }),
    ).toBeNull();
    // No session: not even a request.
    expect(server!.requests()).toEqual([]);
    const ended = await fetch(`${url}/auth/logout`, {
      method: 'POST',
      headers: { cookie: `session_id=${session}` },
    });
    expect(ended.status).toBe(200);
    expect(
      await getServerSession(url, { session: cookieSession(), cookies: `session_id=${session}` }),
    ).toBeNull();
  });

  it('the proxy admits a valid cookie session and sends an ended one to the login page', async () => {
    const url = await start();
    const session = await cookieLogin(url);
    const proxy = createAuthMiddleware({
      baseUrl: url,
      protectedPaths: ['/account'],
      clientConfig: { session: cookieSession() },
    });
    const request = () =>
      new NextRequest('http://app.test/account', {
        headers: { cookie: `session_id=${session}` },
      });
    expect(await proxy(request())).toBeUndefined();
    server!.expireSessions();
    const redirect = await proxy(request());
    expect(redirect?.status).toBe(307);
    expect(redirect?.headers.get('location')).toBe('http://app.test/login?next=%2Faccount');
  });

  it('a custom cookie name is read and forwarded under that name', async () => {
    const url = await start({ sessionCookie: 'sid' });
    const session = await cookieLogin(url, 'sid');
    const { fetch, sent } = recordingFetch();
    const client = await createServerClient(url, {
      session: cookieSession(),
      cookieName: 'sid',
      cookies: `sid=${session}`,
      fetch,
    });
    expect((await client.get('/auth/me')).status).toBe(200);
    expect(sent[0]!.cookie).toBe(`sid=${session}`);
    // An explicit sessionId wins over the cookie, in cookie mode too.
    const explicit = await createServerClient(url, {
      session: cookieSession(),
      cookieName: 'sid',
      sessionId: 'not-a-session',
      cookies: `sid=${session}`,
    });
    expect((await explicit.get('/auth/me')).status).toBe(401);
  });
});
