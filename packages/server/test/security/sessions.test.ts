/**
 * A password change (own, or by an admin), a user-type change and a user's
 * deletion end that user's other sessions; the session that made the change stays.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Running, raw, start } from '../helpers';

let running: Running | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

async function signIn(userName: string, password: string): Promise<string> {
  const res = await raw(`${running!.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  expect(res.status).toBe(200);
  return res.body.data.sessionId;
}

function call(method: string, path: string, session?: string, body?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (session) headers['x-session-id'] = session;
  return raw(`${running!.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const me = (session: string) => call('GET', '/auth/me', session).then((r) => r.status);

describe('POST /auth/password/change', () => {
  it('changes the password and ends the other sessions, keeping the current one', async () => {
    running = await start();
    const old = await signIn('editor', 'editor123');
    const current = await signIn('editor', 'editor123');
    const otherUser = await signIn('viewer', 'viewer123');

    const res = await call('POST', '/auth/password/change', current, {
      oldPassword: 'editor123',
      newPassword: 'n3w-secret',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { endedSessions: 1 } });

    expect(await me(old)).toBe(401);
    expect(await me(current)).toBe(200);
    expect(await me(otherUser)).toBe(200);
    expect(
      (await call('POST', '/auth/login', undefined, { userName: 'editor', password: 'editor123' }))
        .status,
    ).toBe(401);
    expect(await signIn('editor', 'n3w-secret')).toEqual(expect.any(String));
    // The hash changed, and it is still never shown.
    expect(JSON.stringify(running.server.snapshot())).not.toContain('n3w-secret');
  });

  it('refuses a wrong old password (403), bad bodies (400/422) and no session (401)', async () => {
    running = await start();
    const session = await signIn('viewer', 'viewer123');
    const wrong = await call('POST', '/auth/password/change', session, {
      oldPassword: 'nope',
      newPassword: 'long-enough-1',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await me(session)).toBe(200);

    const missing = await call('POST', '/auth/password/change', session, {
      oldPassword: 'viewer123',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty('newPassword');
    const empty = await call('POST', '/auth/password/change', session, {
      oldPassword: 'viewer123',
      newPassword: '',
    });
    expect(empty.status).toBe(422);
    expect((await call('POST', '/auth/password/change', session, ['x'])).status).toBe(400);
    const anonymous = await call('POST', '/auth/password/change', undefined, {
      oldPassword: 'viewer123',
      newPassword: 'x',
    });
    expect(anonymous.status).toBe(401);
  });

  it('wrong old passwords count towards the sign-in throttle', async () => {
    running = await start({ loginThrottle: { maxFailures: 2 } });
    const session = await signIn('viewer', 'viewer123');
    const attempt = () =>
      call('POST', '/auth/password/change', session, {
        oldPassword: 'nope',
        newPassword: 'long-enough-1',
      });
    expect((await attempt()).status).toBe(403);
    expect((await attempt()).status).toBe(403);
    const throttled = await attempt();
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('changes to a user through /users end their other sessions', () => {
  async function setup() {
    running = await start();
    const admin = await signIn('admin', 'admin123');
    const viewer = await signIn('viewer', 'viewer123');
    const list = await call('GET', '/users?userName=viewer', admin);
    return { admin, viewer, id: list.body.data[0].id as string };
  }

  it('a password set by an admin', async () => {
    const { admin, viewer, id } = await setup();
    expect((await call('PATCH', `/users/${id}`, admin, { password: 'reset-1' })).status).toBe(200);
    expect(await me(viewer)).toBe(401);
    expect(await me(admin)).toBe(200);
  });

  it('a user-type change', async () => {
    const { admin, viewer, id } = await setup();
    expect((await call('PATCH', `/users/${id}`, admin, { userType: 'editor' })).status).toBe(200);
    expect(await me(viewer)).toBe(401);
  });

  it('a deletion', async () => {
    const { admin, viewer, id } = await setup();
    expect((await call('DELETE', `/users/${id}`, admin)).status).toBe(200);
    expect(await me(viewer)).toBe(401);
    expect(await me(admin)).toBe(200);
  });

  it('but not a change of another field', async () => {
    const { admin, viewer, id } = await setup();
    expect((await call('PATCH', `/users/${id}`, admin, { name: 'Vera Viewer' })).status).toBe(200);
    expect(await me(viewer)).toBe(200);
  });

  it('an admin changing their own password keeps their current session only', async () => {
    running = await start();
    const first = await signIn('admin', 'admin123');
    const second = await signIn('admin', 'admin123');
    const list = await call('GET', '/users?userName=admin', second);
    const id = list.body.data[0].id as string;
    expect((await call('PATCH', `/users/${id}`, second, { password: 'admin456' })).status).toBe(
      200,
    );
    expect(await me(first)).toBe(401);
    expect(await me(second)).toBe(200);
  });
});
