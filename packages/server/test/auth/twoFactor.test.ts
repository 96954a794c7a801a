/** TOTP two-factor sign-in, codes computed here with the same library. */
import { Secret, TOTP } from 'otpauth';
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
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) });
// The next period's code: accepted (one step of drift) and never the one used just before.
const nextCode = (secret: string) => totp(secret).generate({ timestamp: Date.now() + 30_000 });
// A code that is wrong now and in the neighbouring periods.
function wrongCode(secret: string): string {
  const valid = [-30_000, 0, 30_000, 60_000].map((d) =>
    totp(secret).generate({ timestamp: Date.now() + d }),
  );
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.includes(code)) return code;
  }
}
const login = () => call('POST', '/auth/login', { userName: 'admin', password: 'admin123' });

/** Signs the admin in, enables 2FA; returns the secret and the recovery codes. */
async function enableForAdmin(): Promise<{ secret: string; recoveryCodes: string[] }> {
  const session = (await login()).body.data.sessionId;
  const setup = await call('POST', '/auth/2fa/setup', undefined, session);
  expect(setup.status).toBe(200);
  const { secret, uri } = setup.body.data;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(uri).toMatch(/^otpauth:\/\/totp\/Bridgekit:admin%40example\.com\?/);
  expect(uri).toContain(`secret=${secret}`);
  const enable = await call('POST', '/auth/2fa/enable', { code: totp(secret).generate() }, session);
  expect(enable.status).toBe(200);
  return { secret, recoveryCodes: enable.body.data.recoveryCodes };
}

describe('two-factor sign-in', () => {
  it('setup → enable → login asks for a code → verify signs in; codes work once', async () => {
    running = await start();
    const { secret, recoveryCodes } = await enableForAdmin();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const first = await login();
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      twoFactorRequired: true,
      challenge: expect.stringMatching(/^[\w-]{43}$/),
      expiresAt: expect.any(String),
    });
    expect(first.body.data).not.toHaveProperty('sessionId');
    const code = nextCode(secret);
    const verified = await call('POST', '/auth/2fa/verify', {
      challenge: first.body.data.challenge,
      code,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({
      user: { userName: 'admin', twoFactorEnabled: true },
      sessionId: expect.any(String),
      refreshToken: expect.any(String),
    });
    for (const hidden of ['twoFactorSecret', 'twoFactorRecoveryCodes', 'passwordHash']) {
      expect(verified.body.data.user).not.toHaveProperty(hidden);
    }
    const session = verified.body.data.sessionId;
    expect((await call('GET', '/auth/me', undefined, session)).body.data.twoFactorEnabled).toBe(
      true,
    );
    // The challenge is spent, and the same code is not accepted twice.
    const again = await call('POST', '/auth/2fa/verify', {
      challenge: first.body.data.challenge,
      code,
    });
    expect(again.status).toBe(401);
    const second = await login();
    const replay = await call('POST', '/auth/2fa/verify', {
      challenge: second.body.data.challenge,
      code,
    });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('Invalid two-factor code');

    // A recovery code (typed loosely) works once.
    const loose = ` ${recoveryCodes[0]?.toUpperCase().replace('-', ' ')} `;
    const byRecovery = await call('POST', '/auth/2fa/verify', {
      challenge: second.body.data.challenge,
      code: loose,
    });
    expect(byRecovery.status).toBe(200);
    const third = await login();
    const reused = await call('POST', '/auth/2fa/verify', {
      challenge: third.body.data.challenge,
      code: recoveryCodes[0],
    });
    expect(reused.status).toBe(401);

    // Only the TOTP secret is kept readable (it must verify); recovery codes only as hashes.
    const stored = JSON.stringify(running.server.snapshot());
    expect(stored).toContain(secret);
    for (const c of recoveryCodes) expect(stored).not.toContain(c);
  });

  it('disable needs a right code (403 otherwise); then login signs in directly', async () => {
    running = await start();
    const { secret, recoveryCodes } = await enableForAdmin();
    const challenge = (await login()).body.data.challenge;
    const session = (await call('POST', '/auth/2fa/verify', { challenge, code: nextCode(secret) }))
      .body.data.sessionId;
    const wrong = await call('POST', '/auth/2fa/disable', { code: wrongCode(secret) }, session);
    expect(wrong.status).toBe(403);
    expect(wrong.body.errors).toEqual({ code: 'code is not correct' });
    const off = await call('POST', '/auth/2fa/disable', { code: recoveryCodes[1] }, session);
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ twoFactorEnabled: false });
    const plain = await login();
    expect(plain.body.data.sessionId).toEqual(expect.any(String));
    expect(plain.body.data.user).not.toHaveProperty('twoFactorEnabled');
    expect(JSON.stringify(running.server.snapshot())).not.toContain(secret);
  });

  it('refuses setup without a session, enable with a wrong code or without setup', async () => {
    running = await start();
    expect((await call('POST', '/auth/2fa/setup')).status).toBe(401);
    const session = (await login()).body.data.sessionId;
    const early = await call('POST', '/auth/2fa/enable', { code: '123456' }, session);
    expect(early.status).toBe(409);
    const { secret } = (await call('POST', '/auth/2fa/setup', undefined, session)).body.data;
    const bad = await call('POST', '/auth/2fa/enable', { code: wrongCode(secret) }, session);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ code: 'code is not valid' });
    const missing = await call('POST', '/auth/2fa/enable', {}, session);
    expect(missing.body.errors).toEqual({ code: 'code is required' });
    // Not enabled yet: login still signs in directly.
    expect((await login()).body.data.sessionId).toEqual(expect.any(String));
    expect((await call('POST', '/auth/2fa/disable', { code: '123456' }, session)).status).toBe(409);
  });

  it('challenges expire, and wrong codes are throttled like sign-ins', async () => {
    running = await start({ twoFactorChallengeTtlMs: 100, loginThrottle: { maxFailures: 2 } });
    const { secret } = await enableForAdmin();
    const stale = (await login()).body.data.challenge;
    await wait(150);
    const late = await call('POST', '/auth/2fa/verify', {
      challenge: stale,
      code: nextCode(secret),
    });
    expect(late.status).toBe(401);
    expect(late.body.error).toMatch(/challenge is invalid or has expired/);

    const challenge = (await login()).body.data.challenge;
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', '/auth/2fa/verify', { challenge, code: wrongCode(secret) });
      expect(res.status).toBe(401);
    }
    const blocked = await call('POST', '/auth/2fa/verify', { challenge, code: nextCode(secret) });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('an admin replacing the user row does not drop its two-factor state', async () => {
    running = await start();
    const { secret } = await enableForAdmin();
    const challenge = (await login()).body.data.challenge;
    const session = (await call('POST', '/auth/2fa/verify', { challenge, code: nextCode(secret) }))
      .body.data.sessionId;
    const put = await call(
      'PUT',
      '/users/1',
      { email: 'admin@example.com', userName: 'admin', userType: 'admin' },
      session,
    );
    expect(put.status).toBe(200);
    expect(put.body.data.twoFactorEnabled).toBe(true);
    expect((await login()).body.data.twoFactorRequired).toBe(true);
  });
});
