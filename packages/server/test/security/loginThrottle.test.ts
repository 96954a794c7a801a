/**
 * Failed sign-ins are throttled per account and per client address in a
 * sliding window (429 + Retry-After + the JSON envelope); a success clears the account's
 * failures. Other addresses are real: the client binds 127.0.0.2 on loopback.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createLoginThrottle } from '../../src/loginThrottle';
import { type Running, rawHttp, start } from '../helpers';

let running: Running | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

function login(userName: string, password: string, localAddress = '127.0.0.1') {
  return rawHttp(new URL(running!.url).origin, '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
    localAddress,
  });
}

describe('login throttling (on by default)', () => {
  it('20 bad passwords: 401 until the account limit, then 429 with Retry-After', async () => {
    running = await start();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof login>> | undefined;
    for (let i = 0; i < 20; i++) {
      last = await login('viewer', `wrong-${i}`);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number.isInteger(Number(last?.headers['retry-after']))).toBe(true);
    expect(last?.headers['content-type']).toMatch(/^application\/json/);
    expect(last?.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    expect(last?.body.error).toMatch(/try again/);

    // The account stays throttled, even with its password and from another address.
    expect((await login('viewer', 'viewer123')).status).toBe(429);
    expect((await login('viewer', 'viewer123', '127.0.0.2')).status).toBe(429);
    // Other accounts from the same address are not (the address limit is higher).
    expect((await login('editor', 'editor123')).status).toBe(200);
    // The same account asked for by e-mail is the same account.
    const byEmail = await rawHttp(new URL(running.url).origin, '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'VIEWER@example.com', password: 'viewer123' }),
    });
    expect(byEmail.status).toBe(429);
  }, 30_000); // 23 password checks (scrypt) in a row: slow on a loaded machine, not a hang

  it('throttles an address across accounts, and leaves other addresses alone', async () => {
    running = await start({ loginThrottle: { maxFailures: 100, maxFailuresPerAddress: 5 } });
    for (const who of ['admin', 'editor', 'viewer', 'nobody', 'admin']) {
      expect((await login(who, 'wrong')).status).toBe(401);
    }
    expect((await login('editor', 'editor123')).status).toBe(429);
    expect((await login('editor', 'editor123', '127.0.0.2')).status).toBe(200);
  });

  it('a successful sign-in clears the account counter', async () => {
    running = await start({ loginThrottle: { maxFailures: 3 } });
    expect((await login('admin', 'x')).status).toBe(401);
    expect((await login('admin', 'x')).status).toBe(401);
    expect((await login('admin', 'admin123')).status).toBe(200);
    expect((await login('admin', 'x')).status).toBe(401);
    expect((await login('admin', 'x')).status).toBe(401);
    expect((await login('admin', 'x')).status).toBe(401);
    expect((await login('admin', 'admin123')).status).toBe(429);
  });

  it('unknown accounts are throttled like known ones', async () => {
    running = await start({ loginThrottle: { maxFailures: 2 } });
    expect((await login('ghost', 'x')).status).toBe(401);
    expect((await login('ghost', 'x')).status).toBe(401);
    expect((await login('ghost', 'x')).status).toBe(429);
  });

  it('the window slides: once the failures are older than windowMs, sign-in works again', async () => {
    // The window is wide enough that three password checks on a loaded machine stay inside
    // it; the exact sliding arithmetic is checked with a fake clock in createLoginThrottle.
    running = await start({ loginThrottle: { maxFailures: 2, windowMs: 2000 } });
    await login('viewer', 'x');
    await login('viewer', 'x');
    expect((await login('viewer', 'viewer123')).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await login('viewer', 'viewer123')).status).toBe(200);
  });

  it('loginThrottle: false answers every wrong password with 401', async () => {
    running = await start({ loginThrottle: false });
    for (let i = 0; i < 20; i++) expect((await login('viewer', 'wrong')).status).toBe(401);
    expect((await login('viewer', 'viewer123')).status).toBe(200);
  });
});

describe('createLoginThrottle', () => {
  it('waits until the oldest failure in the window leaves it', () => {
    let t = 1000;
    const throttle = createLoginThrottle(
      { maxFailures: 3, maxFailuresPerAddress: 100, windowMs: 1000 },
      () => t,
    );
    throttle.fail('a', 'ip');
    t = 1200;
    throttle.fail('a', 'ip');
    t = 1500;
    expect(throttle.retryAfterMs('a', 'ip')).toBe(0);
    throttle.fail('a', 'ip');
    expect(throttle.retryAfterMs('a', 'ip')).toBe(500);
    expect(throttle.retryAfterMs('b', 'ip')).toBe(0);
    t = 2000;
    expect(throttle.retryAfterMs('a', 'ip')).toBe(0);
    throttle.fail('a', 'ip');
    expect(throttle.retryAfterMs('a', 'ip')).toBe(200);
    throttle.succeed('a');
    expect(throttle.retryAfterMs('a', 'ip')).toBe(0);
  });
});
