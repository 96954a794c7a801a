import { createClient, MemoryStorage } from '@bridgekit/core';
import { BridgeProvider, type BridgeProviderProps, useBridgeClient } from '@bridgekit/react/hooks';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

function clientsOf(props: Omit<BridgeProviderProps, 'children'>) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <BridgeProvider {...props}>{children}</BridgeProvider>
  );
  return renderHook(() => ({ main: useBridgeClient(), billing: useBridgeClient('billing') }), {
    wrapper,
  }).result.current;
}

describe('BridgeProvider transformConfig', () => {
  it('maps each config instance, with its id, before the client is created; ready clients are left alone', () => {
    const ready = createClient('http://127.0.0.1:9/billing', { storage: new MemoryStorage() });
    const transform = vi.fn((config: { baseUrl: string }, id: string) => ({
      ...config,
      baseUrl: `${config.baseUrl}/v2`,
      headers: { 'X-Instance': id },
      storage: new MemoryStorage(),
    }));
    const { main, billing } = clientsOf({
      instances: { main: { baseUrl: 'http://127.0.0.1:9/api' }, billing: { client: ready } },
      defaultInstance: 'main',
      transformConfig: transform,
    });
    expect(transform).toHaveBeenCalledTimes(1);
    expect(transform).toHaveBeenCalledWith({ baseUrl: 'http://127.0.0.1:9/api' }, 'main');
    expect(main.getBaseUrl()).toBe('http://127.0.0.1:9/api/v2');
    expect(main.getConfig().headers).toMatchObject({ 'X-Instance': 'main' });
    expect(billing).toBe(ready);
  });

  it('maps the config form under the default instance id, once', () => {
    const transform = vi.fn((config: { baseUrl: string }, _id: string) => ({
      ...config,
      storage: new MemoryStorage(),
      timeout: 1234,
    }));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <BridgeProvider config={{ baseUrl: 'http://127.0.0.1:9/api' }} transformConfig={transform}>
        {children}
      </BridgeProvider>
    );
    const { result, rerender } = renderHook(() => useBridgeClient(), { wrapper });
    rerender();
    expect(transform).toHaveBeenCalledTimes(1);
    expect(transform.mock.calls[0]?.[1]).toBe('default');
    expect(result.current.getConfig().timeout).toBe(1234);
  });

  it('checks the mapped config: a mapped-away baseUrl is a TypeError naming the instance', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() =>
        clientsOf({
          config: { baseUrl: 'http://127.0.0.1:9/api' },
          transformConfig: (config) => ({ ...config, baseUrl: '' }),
        }),
      ).toThrow(/config\.baseUrl of instance "default"/);
    } finally {
      quiet.mockRestore();
    }
  });
});
