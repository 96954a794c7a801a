/** POST /auth/register. */
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

describe('POST /auth/register', () => {
  it('creates a viewer, signs it in (201), and the new password works for login', async () => {
    running = await start();
    const res = await call('POST', '/auth/register', {
      email: 'new@example.com',
      password: 'long-enough',
      name: 'New Person',
      userName: 'newbie',
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data.user).toMatchObject({
      email: 'new@example.com',
      userName: 'newbie',
      name: 'New Person',
      userType: 'viewer',
    });
    expect(res.body.data.user).not.toHaveProperty('passwordHash');
    expect(Date.parse(res.body.data.expiresAt)).toBeGreaterThan(Date.now());
    const me = await call('GET', '/auth/me', undefined, res.body.data.sessionId);
    expect(me.body.data.email).toBe('new@example.com');
    // Least privilege: reads products, may not write them or read users.
    expect((await call('GET', '/products', undefined, res.body.data.sessionId)).status).toBe(200);
    expect(
      (await call('POST', '/products', { name: 'x', price: 1 }, res.body.data.sessionId)).status,
    ).toBe(403);
    expect((await call('GET', '/users', undefined, res.body.data.sessionId)).status).toBe(403);

    const login = await call('POST', '/auth/login', {
      userName: 'newbie',
      password: 'long-enough',
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user.id).toBe(res.body.data.user.id);
    expect(JSON.stringify(running.server.snapshot())).not.toContain('long-enough');
  });

  it('answers 422 with errors per field, 409 for a taken email or user name, 400 for a non-object', async () => {
    running = await start();
    const bad = await call('POST', '/auth/register', {
      email: 'not-an-email',
      password: 'short',
      userName: 'has space',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect(bad.body.errors).toEqual({
      email: 'email is not an e-mail address',
      password: 'password must have at least 8 characters',
      userName: 'userName must be 1 to 64 letters, digits, _ . or -',
    });
    const missing = await call('POST', '/auth/register', {});
    expect(missing.body.errors).toEqual({
      email: 'email is required',
      password: 'password is required',
    });
    const taken = await call('POST', '/auth/register', {
      email: 'ADMIN@example.com',
      password: 'long-enough',
      userName: 'Editor',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('CONFLICT');
    expect(taken.body.errors).toEqual({
      email: 'email is already registered',
      userName: 'userName is already taken',
    });
    expect((await call('POST', '/auth/register', ['x'])).status).toBe(400);
    expect(running.server.snapshot().entities.users?.rows).toHaveLength(3);
  });

  it('gives new users the configured type, and counts sign-ups per address', async () => {
    running = await start({ registerUserType: 'editor', loginThrottle: { maxFailures: 2 } });
    const first = await call('POST', '/auth/register', { email: 'a@x.io', password: '12345678' });
    expect(first.body.data.user.userType).toBe('editor');
    expect((await call('POST', '/auth/register', { email: 'b@x.io', password: 'x' })).status).toBe(
      422,
    );
    const third = await call('POST', '/auth/register', { email: 'c@x.io', password: '12345678' });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 404 when the data set has no users', async () => {
    running = await start({ seed: 'none' });
    const res = await call('POST', '/auth/register', { email: 'a@x.io', password: '12345678' });
    expect(res.status).toBe(404);
  });
});
