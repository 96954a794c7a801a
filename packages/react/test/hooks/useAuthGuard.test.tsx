// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
import type { Client } from '@bridgekit/core';
import {
  type UseAuthGuardOptions,
  type UseAuthGuardResult,
  useAuthGuard,
  useBridgeApi,
  useBridgeQuery,
} from '@bridgekit/react/hooks';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  makeClient,
  type Product,
  renderWithProvider,
  signIn,
  startServer,
  type TestServer,
} from './helpers';

let server: TestServer;
let client: Client;
beforeEach(async () => {
  server = await startServer();
  client = makeClient(server.url);
});
afterEach(async () => {
  await server.close();
});

let guard: UseAuthGuardResult;
function Guarded(props: UseAuthGuardOptions) {
  guard = useAuthGuard(props);
  if (guard.isLoading) return <p>loading</p>;
  return <p>{guard.isAuthorized ? 'inside' : `away: ${guard.redirectReason}`}</p>;
}

describe('useAuthGuard', () => {
  it('unauthenticated: redirects once to /login (default) after validating on mount', async () => {
    const onRedirect = vi.fn();
    renderWithProvider({ client }, <Guarded onRedirect={onRedirect} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await screen.findByText('away: unauthenticated');
    // onRedirect runs in an effect, after the render that shows the reason.
    await waitFor(() => expect(onRedirect).toHaveBeenCalledTimes(1));
    expect(onRedirect).toHaveBeenCalledWith('/login', 'unauthenticated');
    expect(guard).toMatchObject({ user: null, isAuthenticated: false, isAuthorized: false });
  });

  it("admits any signed-in user with the default ['authenticated'], validating the session", async () => {
    await signIn(client, 'viewer');
    const onRedirect = vi.fn();
    renderWithProvider({ client }, <Guarded onRedirect={onRedirect} />);
    await screen.findByText('inside');
    expect(server.count('GET', '/auth/validation')).toBe(1);
    expect(guard.user?.userType).toBe('viewer');
    expect(onRedirect).not.toHaveBeenCalled();
  });

  it('unauthorized for a type outside allowedTypes, to accessDeniedPath; types compare case-insensitively', async () => {
    await signIn(client, 'viewer');
    const onRedirect = vi.fn();
    renderWithProvider(
      { client },
      <Guarded allowedTypes={['Admin', 'EDITOR']} onRedirect={onRedirect} accessDeniedPath="/no" />,
    );
    await screen.findByText('away: unauthorized');
    // onRedirect runs in an effect, after the render that shows the reason.
    await waitFor(() => expect(onRedirect).toHaveBeenCalledExactlyOnceWith('/no', 'unauthorized'));

    const admin = makeClient(server.url);
    await signIn(admin, 'admin');
    renderWithProvider({ client: admin }, <Guarded allowedTypes={['ADMIN']} />);
    await waitFor(() => expect(guard.isAuthorized).toBe(true));
  });

  it("reports 'session-expired' after a 401 on a call made with the session, once", async () => {
    await signIn(client, 'editor');
    const onRedirect = vi.fn();
    const onSessionExpired = vi.fn();
    let refetch: () => Promise<void> = async () => {};
    function Page() {
      const products = useBridgeApi<Product>({ endpoint: '/products' });
      refetch = useBridgeQuery(
        products,
        'list',
        { limit: 1 },
        { shouldRetryOnError: false },
      ).refetch;
      return (
        <Guarded
          onRedirect={onRedirect}
          onSessionExpired={onSessionExpired}
          loginRedirectPath="/signin"
        />
      );
    }
    renderWithProvider({ client }, <Page />);
    await screen.findByText('inside');
    server.expireSessions();
    await act(() => refetch());
    await screen.findByText('away: session-expired');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onRedirect).toHaveBeenCalledExactlyOnceWith('/signin', 'session-expired');
    // The expired session is gone: later calls carry none and do not report again.
    await act(() => refetch());
    expect(onRedirect).toHaveBeenCalledTimes(1);
    expect(await client.hasSession()).toBe(false);
  });

  it('validateOnMount: false trusts the local state without a request', async () => {
    await signIn(client, 'viewer');
    renderWithProvider({ client }, <Guarded validateOnMount={false} />);
    // No stored user: the auth service fetched /auth/me to restore it, but no validation ran.
    await screen.findByText('inside');
    expect(server.count('GET', '/auth/validation')).toBe(0);
  });

  it('enableLogging writes its decisions with console.debug, silent by default', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    renderWithProvider({ client }, <Guarded />);
    await screen.findByText('away: unauthenticated');
    expect(debug).not.toHaveBeenCalled();
    renderWithProvider({ client: makeClient(server.url) }, <Guarded enableLogging />);
    await waitFor(() =>
      expect(debug).toHaveBeenCalledWith(
        '[bridgekit:useAuthGuard]',
        'redirect',
        expect.objectContaining({ reason: 'unauthenticated', path: '/login' }),
      ),
    );
  });
});
