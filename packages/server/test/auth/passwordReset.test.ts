/** POST /auth/password/forgot and /auth/password/reset. */
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerOptions } from '../../src/ServerOptions';
import { type Running, start } from '../helpers';
import { authCall } from './authCall';

let running: Running | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

const call = (method: string, path: string, body?: unknown, session?: string) =>
  authCall(running!.url, method, path, body, session);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a server whose reset mails land in `mails`. */
async function startWithMailbox(options: ServerOptions = {}) {
  const mails: { email: string; token: string }[] = [];
  running = await start({
    ...options,
    onPasswordReset: (email, token) => mails.push({ email, token }),
  });
  // The hook runs after the answer; wait for it rather than for a fixed time.
  const nextMail = async (count: number) => {
    for (let i = 0; i < 100 && mails.length < count; i++) await wait(10);
    return mails[count - 1];
  };
  return { mails, nextMail };
}

describe('password reset', () => {
  it('register → forgot → reset → old password refused, every session ended', async () => {
    const { nextMail } = await startWithMailbox();
    const reg = await call('POST', '/auth/register', { email: 'sam@x.io', password: 'first-pass' });
    const session = reg.body.data.sessionId;
    const forgot = await call('POST', '/auth/password/forgot', { email: 'SAM@x.io' });
    expect(forgot.status).toBe(202);
    expect(forgot.body).toEqual({ success: true, data: null });
    const mail = await nextMail(1);
    expect(mail?.email).toBe('sam@x.io');
    expect(mail?.token).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(running!.server.snapshot())).not.toContain(mail?.token);

    const reset = await call('POST', '/auth/password/reset', {
      token: mail?.token,
      password: 'second-pass',
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true, data: { endedSessions: 1 } });
    expect((await call('GET', '/auth/me', undefined, session)).status).toBe(401);
    expect(
      (await call('POST', '/auth/refresh', { refreshToken: reg.body.data.refreshToken })).status,
    ).toBe(401);
    expect(
      (await call('POST', '/auth/login', { email: 'sam@x.io', password: 'first-pass' })).status,
    ).toBe(401);
    expect(
      (await call('POST', '/auth/login', { email: 'sam@x.io', password: 'second-pass' })).status,
    ).toBe(200);

    // Single use.
    const again = await call('POST', '/auth/password/reset', {
      token: mail?.token,
      password: 'third-pass',
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatch(/invalid or was already used/);
  });

  it('answers an unknown e-mail exactly like a known one, and mails nobody', async () => {
    const { mails, nextMail } = await startWithMailbox();
    const known = await call('POST', '/auth/password/forgot', { email: 'viewer@example.com' });
    const unknown = await call('POST', '/auth/password/forgot', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers.get('content-length')).toBe(known.headers.get('content-length'));
    await nextMail(1);
    // A second known request proves the hook has had its turn for the unknown one too.
    await call('POST', '/auth/password/forgot', { email: 'editor@example.com' });
    await nextMail(2);
    expect(mails.map((m) => m.email)).toEqual(['viewer@example.com', 'editor@example.com']);
    const missing = await call('POST', '/auth/password/forgot', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ email: 'email is required' });
  });

  it('keeps the token on a weak password (422), refuses a made-up one (400) and an expired one (410)', async () => {
    const { nextMail } = await startWithMailbox({ passwordResetTtlMs: 100 });
    await call('POST', '/auth/password/forgot', { email: 'editor@example.com' });
    const mail = await nextMail(1);
    const weak = await call('POST', '/auth/password/reset', {
      token: mail?.token,
      password: 'short',
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors).toEqual({ password: 'password must have at least 8 characters' });
    const madeUp = await call('POST', '/auth/password/reset', {
      token: 'nope',
      password: 'long-enough',
    });
    expect(madeUp.status).toBe(400);
    await wait(150);
    const late = await call('POST', '/auth/password/reset', {
      token: mail?.token,
      password: 'long-enough',
    });
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('GONE');
    expect(
      (await call('POST', '/auth/login', { userName: 'editor', password: 'editor123' })).status,
    ).toBe(200);
  });

  it('a reset ends the tokens asked for earlier', async () => {
    const { nextMail } = await startWithMailbox();
    await call('POST', '/auth/password/forgot', { email: 'viewer@example.com' });
    await call('POST', '/auth/password/forgot', { email: 'viewer@example.com' });
    const first = await nextMail(1);
    const second = await nextMail(2);
    expect(first?.token).not.toBe(second?.token);
    expect(
      (
        await call('POST', '/auth/password/reset', {
          token: second?.token,
          password: 'long-enough',
        })
      ).status,
    ).toBe(200);
    expect(
      (await call('POST', '/auth/password/reset', { token: first?.token, password: 'long-enough' }))
        .status,
    ).toBe(400);
  });

  it('counts reset requests per address', async () => {
    await startWithMailbox({ loginThrottle: { maxFailures: 2 } });
    expect((await call('POST', '/auth/password/forgot', { email: 'a@x.io' })).status).toBe(202);
    expect((await call('POST', '/auth/password/forgot', { email: 'b@x.io' })).status).toBe(202);
    const third = await call('POST', '/auth/password/forgot', { email: 'c@x.io' });
    expect(third.status).toBe(429);
  });

  it('logs the token through the server logger when no hook is set', async () => {
    const lines: string[] = [];
    running = await start({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    await call('POST', '/auth/password/forgot', { email: 'admin@example.com' });
    for (let i = 0; i < 100 && !lines.some((l) => l.includes('resetToken')); i++) await wait(10);
    const entry = JSON.parse(lines.find((l) => l.includes('resetToken')) ?? '{}');
    expect(entry).toMatchObject({ email: 'admin@example.com', msg: 'password reset requested' });
    expect(entry.resetToken).toMatch(/^[\w-]{43}$/);
  });
});
