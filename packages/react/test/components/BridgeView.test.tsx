import { type UseAuthResult, useAuth } from '@bridgekit/react/hooks';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgeView, type BridgeViewProps } from '../../src/components/BridgeView';
import {
  type DemoUser,
  makeClient,
  PASSWORDS,
  renderWithClient,
  startServer,
  type TestServer,
} from './helpers';

let server: TestServer;
let client: ReturnType<typeof makeClient>;
let auth: UseAuthResult;

function AuthProbe() {
  auth = useAuth();
  return null;
}

// Each test signs in with its own client and session, so one server serves the file.
beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  client = makeClient(server.apiUrl);
});

afterEach(() => {
  cleanup();
});

const view = (props: Partial<BridgeViewProps> = {}) => (
  <>
    <AuthProbe />
    <BridgeView fallback={<p>fallback</p>} loadingComponent={<p>loading</p>} {...props}>
      <p>secret</p>
    </BridgeView>
  </>
);

async function login(user: DemoUser) {
  await act(async () => {
    await auth.login({ email: `${user}@example.com`, password: PASSWORDS[user] });
  });
}

const shown = () => ['secret', 'fallback', 'loading'].filter((t) => screen.queryByText(t));

describe('BridgeView', () => {
  it('shows the fallback to a signed-out visitor and calls onUnauthorized once', async () => {
    const onUnauthorized = vi.fn();
    const { rerender } = renderWithClient(client, view({ onUnauthorized }));
    await waitFor(() => expect(shown()).toEqual(['fallback']));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('unauthenticated');

    // Re-rendering (even with a new callback and a new inline array) is not a new change.
    const again = vi.fn();
    rerender(view({ onUnauthorized: again, allowedTypes: ['authenticated'] }));
    rerender(view({ onUnauthorized: again, allowedTypes: ['authenticated'] }));
    expect(shown()).toEqual(['fallback']);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(again).not.toHaveBeenCalled();
  });

  it('shows children to any signed-in user by default', async () => {
    const onUnauthorized = vi.fn();
    renderWithClient(client, view({ onUnauthorized }));
    await waitFor(() => expect(shown()).toEqual(['fallback']));
    await login('viewer');
    await waitFor(() => expect(shown()).toEqual(['secret']));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('shows an admin-only view to the admin', async () => {
    const onUnauthorized = vi.fn();
    renderWithClient(client, view({ allowedTypes: 'admin', onUnauthorized }));
    await login('admin');
    await waitFor(() => expect(shown()).toEqual(['secret']));
    // The signed-out moment before login counts once; being the admin never does.
    expect(onUnauthorized.mock.calls.every(([reason]) => reason === 'unauthenticated')).toBe(true);
  });

  it('shows the fallback to a viewer and reports unauthorized once', async () => {
    const onUnauthorized = vi.fn();
    renderWithClient(client, view({ allowedTypes: ['admin', 'editor'], onUnauthorized }));
    await login('viewer');
    await waitFor(() => expect(onUnauthorized).toHaveBeenLastCalledWith('unauthorized'));
    expect(shown()).toEqual(['fallback']);
    const calls = onUnauthorized.mock.calls.filter(([reason]) => reason === 'unauthorized');
    expect(calls).toHaveLength(1);
  });

  it('compares user types case-insensitively', async () => {
    renderWithClient(client, view({ allowedTypes: ['ADMIN'] }));
    await login('admin');
    await waitFor(() => expect(shown()).toEqual(['secret']));
  });

  it('goes back to the fallback on logout and reports it again', async () => {
    const onUnauthorized = vi.fn();
    renderWithClient(client, view({ allowedTypes: 'viewer', onUnauthorized }));
    await login('viewer');
    await waitFor(() => expect(shown()).toEqual(['secret']));
    const before = onUnauthorized.mock.calls.length;
    await act(async () => {
      await auth.logout();
    });
    await waitFor(() => expect(shown()).toEqual(['fallback']));
    expect(onUnauthorized).toHaveBeenCalledTimes(before + 1);
  });

  it('falls back and reports session-expired when the server rejects the session', async () => {
    const onUnauthorized = vi.fn();
    renderWithClient(client, view({ allowedTypes: 'admin', onUnauthorized }));
    await login('admin');
    await waitFor(() => expect(shown()).toEqual(['secret']));
    onUnauthorized.mockClear();

    server.expireSessions();
    await act(async () => {
      expect((await client.get('/products')).status).toBe(401);
    });
    await waitFor(() => expect(shown()).toEqual(['fallback']));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('session-expired');
  });

  it('shows loadingComponent while the session is being validated', async () => {
    const slow = await startServer({ latencyMs: 150 });
    try {
      const slowClient = makeClient(slow.apiUrl);
      const res = await slowClient.post<{ sessionId: string }>('/auth/login', {
        email: 'admin@example.com',
        password: PASSWORDS.admin,
      });
      if (!res.success) throw new Error(res.error);
      slowClient.setSessionId(res.data.sessionId);
      cleanup();
      renderWithClient(slowClient, view({ allowedTypes: 'admin', validateOnMount: true }));
      expect(shown()).toEqual(['loading']);
      await waitFor(() => expect(shown()).toEqual(['secret']));
    } finally {
      cleanup();
      await slow.close();
    }
  });
});
