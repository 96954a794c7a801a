import {
  BridgeProvider,
  type UseAuthResult,
  type UseBridgeViewOptions,
  type UseBridgeViewResult,
  useAuth,
  useBridgeView,
} from '@bridgekit/react/hooks';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClient, providerProps, startServer, type TestServer } from './helpers';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

let auth: UseAuthResult;
let view: UseBridgeViewResult;
let seen: string[] = [];
function Probe(props: UseBridgeViewOptions) {
  auth = useAuth();
  view = useBridgeView(props);
  if (seen.at(-1) !== view.state) seen.push(view.state);
  return null;
}

describe('useBridgeView', () => {
  it('decides loading, then unauthorized with a reason, then authorized after sign-in', async () => {
    const onUnauthorized = vi.fn();
    seen = [];
    const provider = providerProps({ client: makeClient(server.url) });
    const { rerender } = render(
      <BridgeProvider {...provider}>
        <Probe allowedTypes="admin" onUnauthorized={onUnauthorized} />
      </BridgeProvider>,
    );
    await waitFor(() => expect(view.state).toBe('unauthorized'));
    expect(view.redirectReason).toBe('unauthenticated');
    expect(onUnauthorized).toHaveBeenCalledWith('unauthenticated');
    // Another render with an inline array and a new callback is not a new change.
    const again = vi.fn();
    rerender(
      <BridgeProvider {...provider}>
        <Probe allowedTypes={['admin']} onUnauthorized={again} />
      </BridgeProvider>,
    );
    expect(again).not.toHaveBeenCalled();

    await act(async () => {
      await auth.login({ email: 'viewer@example.com', password: 'viewer123' });
    });
    await waitFor(() => expect(view.redirectReason).toBe('unauthorized'));
    expect(view.state).toBe('unauthorized');
    await act(() => auth.logout());
    await act(async () => {
      await auth.login({ email: 'admin@example.com', password: 'admin123' });
    });
    await waitFor(() => expect(view.state).toBe('authorized'));
    expect(view.redirectReason).toBeNull();
    expect(seen[0]).toBe('loading');
    expect(seen.at(-1)).toBe('authorized');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
