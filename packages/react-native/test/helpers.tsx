import { authLifecycle } from '@bridgekit/core/auth';
import { createClient } from '@bridgekit/core';
import type { ReactNode } from 'react';
import { BridgeProvider, type BridgeProviderProps } from '../src/BridgeProvider';

/** Base URL of the reference server started by setup/globalSetup.cjs. */
export function serverUrl(): string {
  const url = process.env.BRIDGEKIT_TEST_SERVER_URL;
  if (!url) throw new Error('BRIDGEKIT_TEST_SERVER_URL is not set: run the tests with jest');
  return url;
}

/** A pass-through to the real `fetch` that remembers every request (method and URL). */
export function countingFetch() {
  const requests: { method: string; url: string }[] = [];
  const fetchThrough: typeof fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    requests.push({ method: init?.method ?? 'GET', url });
    return fetch(input, init);
  };
  const count = (pathPart: string, query?: Record<string, string>) =>
    requests.filter((r) => {
      const u = new URL(r.url);
      if (!u.pathname.endsWith(pathPart)) return false;
      return Object.entries(query ?? {}).every(([k, v]) => u.searchParams.get(k) === v);
    }).length;
  return { fetch: fetchThrough, requests, count };
}

/** Signs in with a plain client and returns the session id. */
export async function sessionFor(email: string, password: string): Promise<string> {
  const res = await createClient(serverUrl()).post<{ sessionId: string }>('/auth/login', {
    email,
    password,
  });
  if (!res.success || !res.data) throw new Error(`login of ${email} failed: ${res.error}`);
  return res.data.sessionId;
}

/**
 * The provider as an app would set it up (AsyncStorage by default), with a fresh SWR cache per
 * test and no deduplication window, so each test sees its own requests.
 */
export function TestProvider({
  children,
  fetch: fetchImpl,
  ...props
}: { children: ReactNode; fetch?: typeof fetch } & Partial<BridgeProviderProps>) {
  return (
    <BridgeProvider
      config={{
        baseUrl: serverUrl(),
        timeout: 5_000,
        lifecycle: authLifecycle(),
        ...(fetchImpl && { fetch: fetchImpl }),
      }}
      swr={{
        provider: () => new Map(),
        dedupingInterval: 0,
        revalidateOnFocus: false,
        shouldRetryOnError: false,
        // SWR's slow-loading timer (3 s) is never cleared; it would keep jest alive after the run.
        loadingTimeout: 0,
      }}
      {...props}
    >
      {children}
    </BridgeProvider>
  );
}
