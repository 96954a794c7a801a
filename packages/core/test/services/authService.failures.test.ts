/**
 * Every failure of login and validateSession is a BridgeApiError and ends
 * loading, whatever failed (the server, the mapping, an unusable session id).
 */
import { createAuthService, createClient, isBridgeApiError } from '@bridgekit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const credentials = { email: 'a@example.com', password: 'pw' };

describe('auth failures', () => {
  it('a login answer with a session id the platform cannot send rejects with a BridgeApiError and ends loading', async () => {
    server.reply({
      json: {
        success: true,
        data: { user: { id: '1', userType: 'admin' }, sessionId: 'a\r\nX-Evil: 1' },
      },
    });
    const auth = createAuthService(createClient(server.url));
    await auth.ready;
    const error = await auth.login(credentials).catch((e: unknown) => e);
    expect(isBridgeApiError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(auth.getState()).toMatchObject({ isLoading: false, isAuthenticated: false });
  });

  it('a throwing dialect login mapping is a CLIENT_ERROR BridgeApiError and ends loading', async () => {
    server.reply({ json: { token: 't' } });
    const client = createClient(server.url, {
      dialect: {
        name: 'broken-auth',
        auth: {
          login: () => {
            throw new Error('mapping bug');
          },
        },
      },
    });
    const auth = createAuthService(client);
    await auth.ready;
    const error = await auth.login(credentials).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'BridgeApiError',
      code: 'CLIENT_ERROR',
      message: 'mapping bug',
    });
    expect(auth.getState().isLoading).toBe(false);
  });

  it('validateSession failing in a dialect user mapping rejects with a BridgeApiError and ends loading', async () => {
    server.reply({ json: { success: true, data: { isValid: true, user: { id: '1' } } } });
    const client = createClient(server.url, {
      sessionId: 's',
      dialect: {
        name: 'broken-user',
        auth: {
          user: () => {
            throw new TypeError('user bug');
          },
        },
      },
    });
    const auth = createAuthService(client);
    const error = await auth.validateSession().catch((e: unknown) => e);
    expect(isBridgeApiError(error)).toBe(true);
    expect(auth.getState().isLoading).toBe(false);
  });
});
