// Change-password holds a new password to the same rule as register and reset (8 to 1024
// characters), against the real server.
import { afterEach, describe, expect, it } from 'vitest';
import { type Running, start } from '../helpers';

let running: Running | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

describe('POST /auth/password/change', () => {
  it.each([
    ['one character', 'x'],
    ['seven characters', 'abcdefg'],
    ['more than 1024 characters', 'p'.repeat(1025)],
  ])('refuses a new password of %s with 422, like register and reset', async (_name, weak) => {
    running = await start({ seed: 'demo', loginThrottle: false });
    const admin = await running.signIn('admin');
    const res = await admin.post('/auth/password/change', {
      oldPassword: 'admin123',
      newPassword: weak,
    });
    expect(res).toMatchObject({ success: false, status: 422 });
    expect(res.errors?.newPassword).toMatch(/characters/);
    // The old password still works: nothing was changed.
    const again = await running.client().post('/auth/login', {
      userName: 'admin',
      password: 'admin123',
    });
    expect(again.status).toBe(200);
  });

  it('accepts an 8-character password', async () => {
    running = await start({ seed: 'demo', loginThrottle: false });
    const admin = await running.signIn('admin');
    const res = await admin.post('/auth/password/change', {
      oldPassword: 'admin123',
      newPassword: 'eight888',
    });
    expect(res.status).toBe(200);
  });
});
