import { createBridgeApiService, createClient, MemoryStorage } from '@bridgekit/core';
import {
  BridgeProvider,
  useAuth,
  useAuthGuard,
  useAuthService,
  useBridgeApi,
  useBridgeClient,
  useBridgeCrud,
  useBridgeMutation,
  useBridgeQuery,
} from '@bridgekit/react/hooks';
import { render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});

describe('BridgeProvider', () => {
  it('creates one client and auth service from config, once', () => {
    const seen = new Set<unknown>();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <BridgeProvider config={{ baseUrl: 'http://127.0.0.1:9/api', headers: { 'X-App': 'a' } }}>
        {children}
      </BridgeProvider>
    );
    const { result, rerender } = renderHook(
      () => {
        const client = useBridgeClient();
        seen.add(client);
        return { client, auth: useAuthService() };
      },
      { wrapper },
    );
    rerender();
    expect(seen.size).toBe(1);
    expect(result.current.client.getBaseUrl()).toBe('http://127.0.0.1:9/api');
    expect(result.current.client.getConfig().headers).toMatchObject({ 'X-App': 'a' });
    expect(result.current.auth.client).toBe(result.current.client);
    expect(result.current.auth.paths.login).toBe('/auth/login');
  });

  it('takes a ready client, auth paths and a userStorageKey', () => {
    const client = createClient('http://127.0.0.1:9/api', { storage: new MemoryStorage() });
    const { result } = renderHook(() => useAuthService(), {
      wrapper: ({ children }) => (
        <BridgeProvider client={client} authPaths={{ me: '/users/me' }}>
          {children}
        </BridgeProvider>
      ),
    });
    expect(result.current.client).toBe(client);
    expect(result.current.paths).toMatchObject({ me: '/users/me', login: '/auth/login' });
  });

  it('serves several instances; hooks pick the default or the named one', () => {
    const { result } = renderHook(
      () => ({
        main: useBridgeClient(),
        billing: useBridgeClient('billing'),
        billingAuth: useAuthService('billing'),
      }),
      {
        wrapper: ({ children }) => (
          <BridgeProvider
            instances={{
              main: { baseUrl: 'http://127.0.0.1:9/api' },
              billing: { baseUrl: 'http://127.0.0.1:10/billing', authPaths: { login: '/signin' } },
            }}
            defaultInstance="main"
          >
            {children}
          </BridgeProvider>
        ),
      },
    );
    expect(result.current.main.getBaseUrl()).toBe('http://127.0.0.1:9/api');
    expect(result.current.billing.getBaseUrl()).toBe('http://127.0.0.1:10/billing');
    expect(result.current.billingAuth.paths.login).toBe('/signin');
  });

  it('every hook throws an Error naming itself and the instance outside a provider', () => {
    quiet();
    const service = { endpoint: '/x', getList() {} } as never;
    const hooks: Array<[string, () => unknown]> = [
      ['useAuth', () => useAuth()],
      ['useBridgeClient', () => useBridgeClient('billing')],
      ['useAuthService', () => useAuthService()],
      ['useBridgeApi', () => useBridgeApi({ endpoint: '/products' })],
      ['useBridgeQuery', () => useBridgeQuery(service, 'list', {})],
      ['useBridgeMutation', () => useBridgeMutation(service, 'create')],
      ['useBridgeCrud', () => useBridgeCrud({ endpoint: '/p' })],
      ['useAuthGuard', () => useAuthGuard()],
    ];
    for (const [name, hook] of hooks) {
      expect(() => renderHook(hook)).toThrow(new RegExp(`${name}\\(\\)`));
    }
    expect(() => renderHook(() => useBridgeClient('billing'))).toThrow(/"billing"/);
    expect(() => renderHook(() => useAuth())).toThrow(/<BridgeProvider>.*"default"/);
  });

  it('throws an Error naming the hook and the id for an unknown instance', () => {
    quiet();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <BridgeProvider config={{ baseUrl: 'http://127.0.0.1:9/api' }}>{children}</BridgeProvider>
    );
    expect(() => renderHook(() => useAuth('nope'), { wrapper })).toThrow(
      'useAuth(): unknown Bridgekit instance "nope" (known: "default")',
    );
    expect(() => renderHook(() => useBridgeApi({ endpoint: '/p' }, 'other'), { wrapper })).toThrow(
      /useBridgeApi\(\).*"other"/,
    );
    // An id that is a property of every object names no instance either.
    expect(() => renderHook(() => useAuth('toString'), { wrapper })).toThrow(
      'useAuth(): unknown Bridgekit instance "toString" (known: "default")',
    );
  });

  it('rejects props with none or several of config, client, instances', () => {
    quiet();
    expect(() => render(<BridgeProvider>x</BridgeProvider>)).toThrow(TypeError);
    expect(() =>
      render(
        <BridgeProvider
          config={{ baseUrl: 'http://127.0.0.1:9' }}
          client={createClient('http://127.0.0.1:9')}
        >
          x
        </BridgeProvider>,
      ),
    ).toThrow(/exactly one/);
    expect(() => render(<BridgeProvider instances={{}}>x</BridgeProvider>)).toThrow(
      /at least one instance/,
    );
  });

  it('refuses a service whose client is no instance of the provider, naming the hook', () => {
    quiet();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <BridgeProvider config={{ baseUrl: 'http://127.0.0.1:9/api' }}>{children}</BridgeProvider>
    );
    const foreign = createBridgeApiService(createClient('http://127.0.0.1:9/other'), {
      endpoint: '/p',
    });
    expect(() => renderHook(() => useBridgeQuery(foreign, 'list'), { wrapper })).toThrow(
      'useBridgeQuery(): the service of "/p" belongs to no <BridgeProvider> instance (use useBridgeApi)',
    );
  });
});

describe('useBridgeApi', () => {
  it('returns the same service across renders for the same instance and config content', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <BridgeProvider
        instances={{
          default: { baseUrl: 'http://127.0.0.1:9/api' },
          b: { baseUrl: 'http://127.0.0.1:9/b' },
        }}
      >
        {children}
      </BridgeProvider>
    );
    const { result, rerender } = renderHook(
      ({ method }: { method: 'PUT' | 'PATCH' }) => ({
        // Inline config objects: a new object on every render.
        a: useBridgeApi({ endpoint: '/products', customEndpoints: { get: '/p/:id', list: '/p' } }),
        a2: useBridgeApi({ endpoint: '/products', customEndpoints: { list: '/p', get: '/p/:id' } }),
        other: useBridgeApi({ endpoint: '/products', updateMethod: method }),
        onB: useBridgeApi(
          { endpoint: '/products', customEndpoints: { get: '/p/:id', list: '/p' } },
          'b',
        ),
      }),
      { wrapper, initialProps: { method: 'PUT' } },
    );
    const first = result.current;
    rerender({ method: 'PUT' });
    expect(result.current.a).toBe(first.a);
    expect(result.current.a2).toBe(first.a);
    expect(result.current.other).toBe(first.other);
    expect(first.other).not.toBe(first.a);
    expect(first.onB).not.toBe(first.a);
    expect(first.onB.client.getBaseUrl()).toBe('http://127.0.0.1:9/b');
    rerender({ method: 'PATCH' });
    expect(result.current.other).not.toBe(first.other);
  });

  it('an explicit updateMethod never shares the service of the default (the merge)', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <BridgeProvider instances={{ default: { baseUrl: 'http://127.0.0.1:9/api' } }}>
        {children}
      </BridgeProvider>
    );
    const { result } = renderHook(
      () => ({
        merge: useBridgeApi({ endpoint: '/products' }),
        replace: useBridgeApi({ endpoint: '/products', updateMethod: 'PUT' }),
        patch: useBridgeApi({ endpoint: '/products', updateMethod: 'PATCH' }),
      }),
      { wrapper },
    );
    expect(result.current.replace).not.toBe(result.current.merge);
    expect(result.current.patch).not.toBe(result.current.merge);
  });
});
