import { afterEach, describe, expect, it } from 'vitest';
import { type Running, raw, start } from './helpers';

let running: Running | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

describe('auth', () => {
  it('logs in by email or user name and never exposes the password hash', async () => {
    running = await start();
    const api = running.client();
    for (const credentials of [
      { email: 'ADMIN@example.com', password: 'admin123' },
      { userName: 'editor', password: 'editor123' },
    ]) {
      const res = await api.post('/auth/login', credentials);
      expect(res.status).toBe(200);
      expect(res.success).toBe(true);
      expect(typeof res.data.sessionId).toBe('string');
      expect(res.data.sessionId.length).toBeGreaterThan(20);
      expect(Date.parse(res.data.expiresAt)).toBeGreaterThan(Date.now());
      expect(res.data.user).not.toHaveProperty('passwordHash');
      expect(res.data.user).not.toHaveProperty('password');
    }
    const admin = await running.signIn('admin');
    const users = await admin.get('/users');
    expect(users.data).toHaveLength(3);
    expect(users.data.map((u: any) => u.userType).sort()).toEqual(['admin', 'editor', 'viewer']);
    for (const u of users.data) expect(Object.keys(u)).not.toContain('passwordHash');
    expect(JSON.stringify(running.server.snapshot())).not.toContain('admin123');
  });

  it('answers 401 for wrong credentials and 422/400 for malformed bodies', async () => {
    running = await start();
    const api = running.client();
    const wrong = await api.post('/auth/login', { email: 'admin@example.com', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.code).toBe('UNAUTHORIZED');
    const unknown = await api.post('/auth/login', { email: 'who@example.com', password: 'x' });
    expect(unknown.status).toBe(401);
    const missing = await api.post('/auth/login', { email: 'admin@example.com' });
    expect(missing.status).toBe(422);
    expect(missing.code).toBe('VALIDATION_ERROR');
    expect(missing.errors).toEqual({ password: 'password is required' });
    const noName = await api.post('/auth/login', { password: 'admin123' });
    expect(noName.errors?.email).toMatch(/email or userName/);
    const notObject = await api.post('/auth/login', ['admin']);
    expect(notObject.status).toBe(400);
    expect(notObject.code).toBe('BAD_REQUEST');
  });

  it('runs the lifecycle: validation, me, logout', async () => {
    running = await start();
    const api = running.client();
    const before = await api.get('/auth/validation');
    expect(before.status).toBe(200);
    expect(before.data).toEqual({ isValid: false });
    const anonymous = await api.get('/auth/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.error).toBe('Authentication required');

    const viewer = await running.signIn('viewer');
    const valid = await viewer.get('/auth/validation');
    expect(valid.data.isValid).toBe(true);
    expect(valid.data.user).toMatchObject({ userName: 'viewer', userType: 'viewer' });
    expect(Date.parse(valid.data.expiresAt)).toBeGreaterThan(Date.now());
    const me = await viewer.get('/auth/me');
    expect(me.data).toMatchObject({ email: 'viewer@example.com', userType: 'viewer' });
    expect(me.data).not.toHaveProperty('passwordHash');

    const out = await viewer.post('/auth/logout');
    expect(out).toMatchObject({ status: 200, success: true });
    expect((await viewer.get('/auth/me')).status).toBe(401);
    expect((await viewer.get('/auth/validation')).data.isValid).toBe(false);
    expect((await viewer.get('/products')).status).toBe(401);
    // Logging out twice is harmless.
    expect((await viewer.post('/auth/logout')).status).toBe(200);
  });

  it('expires sessions after sessionTtlMs', async () => {
    running = await start({ sessionTtlMs: 150 });
    const editor = await running.signIn('editor');
    expect((await editor.get('/products')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const expired = await editor.get('/products');
    expect(expired.status).toBe(401);
    expect(expired.code).toBe('UNAUTHORIZED');
    expect(expired.error).toMatch(/expired/);
    expect((await editor.get('/auth/validation')).data).toEqual({ isValid: false });
  });

  it('expires every session on expireSessions()', async () => {
    running = await start();
    const admin = await running.signIn('admin');
    const viewer = await running.signIn('viewer');
    running.server.expireSessions();
    expect((await admin.get('/auth/me')).status).toBe(401);
    expect((await viewer.get('/tasks')).status).toBe(401);
    const again = await running.signIn('admin');
    expect((await again.get('/auth/me')).status).toBe(200);
  });

  it('reads the session from the session_id cookie when the header is absent', async () => {
    running = await start();
    const login = await running
      .client()
      .post('/auth/login', { userName: 'viewer', password: 'viewer123' });
    const res = await raw(`${running.url}/auth/me`, {
      headers: { cookie: `other=1; session_id=${login.data.sessionId}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.userName).toBe('viewer');
  });

  it('answers CORS preflights of a listed origin with credentials and X-Session-ID', async () => {
    running = await start({ cors: { origins: ['http://localhost:5173'] } });
    const res = await raw(`${running.url}/products`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-session-id,content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/x-session-id/i);
    expect(res.headers.get('access-control-allow-methods')).toMatch(/PATCH/);
  });
});
