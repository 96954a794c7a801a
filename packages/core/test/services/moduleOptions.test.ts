// Every factory of the auth modules rejects an option it does not know (a typo, an option of
// another library) with a TypeError naming it, as createClient does, instead of ignoring it.
import { createAuthService, createClient, MemoryStorage } from '@bridgekit/core';
import {
  authLifecycle,
  cookieSession,
  createAuthLifecycle,
  crossTabSync,
} from '@bridgekit/core/auth';
import { describe, expect, it } from 'vitest';

const client = () =>
  createClient('http://127.0.0.1:9', { storage: new MemoryStorage(), fetch: globalThis.fetch });

describe('an unknown option is a TypeError naming it', () => {
  it('authLifecycle and createAuthLifecycle', () => {
    expect(() => authLifecycle({ validateIntervall: 1000 } as never)).toThrow(
      new TypeError(
        'options.validateIntervall is not an option of authLifecycle (see AuthLifecycleOptions)',
      ),
    );
    const auth = createAuthService(client());
    expect(() => createAuthLifecycle(auth, { crossTabs: crossTabSync() } as never)).toThrow(
      new TypeError(
        'options.crossTabs is not an option of createAuthLifecycle (see AuthLifecycleOptions)',
      ),
    );
    expect(() =>
      createAuthLifecycle(auth, { paths: { refrsh: '/auth/refresh' } } as never),
    ).toThrow(
      /^options\.paths\.refrsh is not a path of createAuthLifecycle \(see AccountPaths: register, refresh, /,
    );
    // Nothing was created by the refused calls: the next one with good options works.
    expect(createAuthLifecycle(auth, { validateInterval: 1000 }).paths.refresh).toBe(
      '/auth/refresh',
    );
  });

  it('crossTabSync and cookieSession, which take no options', () => {
    expect(() => crossTabSync({ channel: 'x' } as never)).toThrow(
      new TypeError('options.channel is not an option of crossTabSync (it takes none)'),
    );
    expect(() => cookieSession({ name: 'sid' } as never)).toThrow(
      new TypeError('options.name is not an option of cookieSession (it takes none)'),
    );
    expect(() => crossTabSync('x' as never)).toThrow(TypeError);
    expect(typeof crossTabSync()).toBe('function');
    expect(typeof crossTabSync({})).toBe('function');
    expect(cookieSession().credentials).toBe('include');
  });

  it('createAuthService, its paths included', () => {
    expect(() => createAuthService(client(), { userStorageKy: 'me' } as never)).toThrow(
      new TypeError(
        'options.userStorageKy is not an option of createAuthService (see AuthServiceOptions)',
      ),
    );
    expect(() => createAuthService(client(), { paths: { logon: '/in' } } as never)).toThrow(
      new TypeError(
        'options.paths.logon is not a path of createAuthService (see AuthPaths: login, logout, validation, me)',
      ),
    );
    expect(() => createAuthService(client(), 'x' as never)).toThrow(TypeError);
  });
});
