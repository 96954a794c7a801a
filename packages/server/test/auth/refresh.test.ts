/** Rotating refresh tokens, reuse detection, lifetimes. */
import { afterEach, describe, expect, it } from 'vitest';
import { type Running, start } from '../helpers';
import { authCall } from './authCall';

let running: Running | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

const call = (method: string, path: string, body?: unknown, session?: string) =>
  authCall(running!.url, method, path, body, session);
const login = (userName: string) =>
  call('POST', '/auth/login', { userName, password: `${userName}123` }).then((r) => r.body.data);
const refresh = (refreshToken: string) => call('POST', '/auth/refresh', { refreshToken });
const me = (session: string) => call('GET', '/auth/me', undefined, session).then((r) => r.status);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('POST /auth/refresh', () => {
  it('rotates: a new session and refresh token, the old session ends', async () => {
    running = await start();
    const first = await login('editor');
    expect(first.refreshToken).toMatch(/^[\w-]{43}$/);
    expect(Date.parse(first.refreshExpiresAt)).toBeGreaterThan(Date.parse(first.expiresAt));
    const res = await refresh(first.refreshToken);
    expect(res.status).toBe(200);
    const next = res.body.data;
    expect(next.user).toMatchObject({ userName: 'editor' });
    expect(next.user).not.toHaveProperty('passwordHash');
    expect(next.sessionId).not.toBe(first.sessionId);
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(Date.parse(next.expiresAt)).toBeGreaterThan(Date.now());
    expect(await me(first.sessionId)).toBe(401);
    expect(await me(next.sessionId)).toBe(200);
    // The refresh token itself is never stored.
    expect(JSON.stringify(running.server.snapshot())).not.toContain(next.refreshToken);
  });

  it('a reused refresh token revokes the whole family, and only that family', async () => {
    running = await start();
    const first = await login('viewer');
    const other = await login('viewer');
    const second = (await refresh(first.refreshToken)).body.data;
    const third = (await refresh(second.refreshToken)).body.data;
    expect(await me(third.sessionId)).toBe(200);

    const reuse = await refresh(first.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('UNAUTHORIZED');
    expect(reuse.body.error).toMatch(/already used/);
    expect(await me(third.sessionId)).toBe(401);
    expect((await refresh(third.refreshToken)).status).toBe(401);
    // Another sign-in of the same user is another family.
    expect(await me(other.sessionId)).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('refreshes after the session expired (or was expired by the test hook)', async () => {
    running = await start({ sessionTtlMs: 100 });
    const first = await login('admin');
    await wait(150);
    expect(await me(first.sessionId)).toBe(401);
    const next = (await refresh(first.refreshToken)).body.data;
    running.server.expireSessions();
    expect(await me(next.sessionId)).toBe(401);
    const after = await refresh(next.refreshToken);
    expect(after.status).toBe(200);
    expect(await me(after.body.data.sessionId)).toBe(200);
  });

  it('refuses a refresh token older than refreshTtlMs', async () => {
    running = await start({ refreshTtlMs: 100 });
    const first = await login('admin');
    await wait(150);
    const late = await refresh(first.refreshToken);
    expect(late.status).toBe(401);
    expect(late.body.error).toMatch(/invalid or has expired/);
  });

  it('logout ends the refresh token too, with or without a live session', async () => {
    running = await start({ sessionTtlMs: 100 });
    const a = await login('editor');
    await call('POST', '/auth/logout', undefined, a.sessionId);
    expect((await refresh(a.refreshToken)).status).toBe(401);
    const b = await login('editor');
    await wait(150);
    await call('POST', '/auth/logout', { refreshToken: b.refreshToken }, b.sessionId);
    expect((await refresh(b.refreshToken)).status).toBe(401);
  });

  it('a password change keeps the current family and ends the others', async () => {
    running = await start();
    const current = await login('editor');
    const stolen = await login('editor');
    const change = await call(
      'POST',
      '/auth/password/change',
      { oldPassword: 'editor123', newPassword: 'n3w-secret' },
      current.sessionId,
    );
    expect(change.body.data).toEqual({ endedSessions: 1 });
    expect((await refresh(stolen.refreshToken)).status).toBe(401);
    expect((await refresh(current.refreshToken)).status).toBe(200);
  });

  it("an admin's change of a user's password or type, or its deletion, ends its refresh tokens", async () => {
    running = await start();
    const admin = (await login('admin')).sessionId;
    const editor = await login('editor');
    const viewer = await login('viewer');
    expect((await call('PATCH', '/users/2', { password: 'changed-by-admin' }, admin)).status).toBe(
      200,
    );
    expect((await refresh(editor.refreshToken)).status).toBe(401);
    expect((await call('DELETE', '/users/3', undefined, admin)).status).toBe(200);
    expect((await refresh(viewer.refreshToken)).status).toBe(401);
    // The admin's own family is untouched.
    const own = await login('admin');
    expect((await refresh(own.refreshToken)).status).toBe(200);
  });

  it('register answers a refresh token too; malformed bodies get 422 / 400', async () => {
    running = await start();
    const reg = await call('POST', '/auth/register', { email: 'r@x.io', password: '12345678' });
    expect((await refresh(reg.body.data.refreshToken)).status).toBe(200);
    const missing = await call('POST', '/auth/refresh', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ refreshToken: 'refreshToken is required' });
    expect((await call('POST', '/auth/refresh', [1])).status).toBe(400);
    expect((await refresh('made-up')).status).toBe(401);
  });
});
