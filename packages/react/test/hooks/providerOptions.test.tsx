// The provider's own keys (`authPaths`, `userStorageKey`, `lifecycle`, the props) are checked
// like createClient's: a typo, or a key given where the provider does not read it, is a
// TypeError naming it on the first render, not an option silently ignored.
import { createClient, MemoryStorage } from '@bridgekit/core';
import { authLifecycle } from '@bridgekit/core/auth';
import { BridgeProvider, type BridgeProviderProps } from '@bridgekit/react/hooks';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  // React reports the error a render threw; the tests read the error itself.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const baseUrl = 'http://127.0.0.1:9/api';
const client = () => createClient(baseUrl, { storage: new MemoryStorage() });
const mount = (props: Record<string, unknown>) => () =>
  render(<BridgeProvider {...(props as BridgeProviderProps)} />);

describe('BridgeProvider rejects what it would ignore', () => {
  it('an unknown prop', () => {
    expect(mount({ client: client(), lifecyle: authLifecycle() })).toThrow(
      new TypeError('props.lifecyle is not a prop of BridgeProvider (see BridgeProviderProps)'),
    );
  });

  it('an unknown key of a client instance', () => {
    expect(mount({ instances: { billing: { client: client(), userStorageKy: 'me' } } })).toThrow(
      new TypeError(
        'instances.billing.userStorageKy is not an option of a BridgeProvider instance (see BridgeClientInstance)',
      ),
    );
  });

  it('an unknown auth path, in a config or a client instance', () => {
    expect(mount({ config: { baseUrl, authPaths: { logon: '/in' } } })).toThrow(
      new TypeError(
        'config.authPaths.logon is not an auth path of BridgeProvider (see AuthPaths: login, logout, validation, me)',
      ),
    );
    expect(mount({ client: client(), authPaths: { logon: '/in' } })).toThrow(
      /^props\.authPaths\.logon is not an auth path of BridgeProvider/,
    );
  });

  it('the client-form props beside a config or instances', () => {
    for (const [name, value] of Object.entries({
      authPaths: { login: '/in' },
      userStorageKey: 'me',
      lifecycle: authLifecycle(),
    })) {
      expect(mount({ config: { baseUrl }, [name]: value })).toThrow(
        new TypeError(
          `BridgeProvider: the ${name} prop goes with the client prop; give it in the config (config.${name})`,
        ),
      );
    }
  });

  it('a lifecycle that is no module', () => {
    expect(mount({ config: { baseUrl, lifecycle: { validateInterval: 1000 } } })).toThrow(
      /^BridgeProvider: config\.lifecycle must be a module \(authLifecycle\(options\)/,
    );
  });

  it('a typo in a config, as createClient says', () => {
    expect(mount({ config: { baseUrl, lifecyle: authLifecycle() } })).toThrow(
      /config\.lifecyle is not an option/,
    );
  });
});
