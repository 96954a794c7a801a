'use client';
import { authLifecycle, crossTabSync } from '@bridgekit/core/auth';
import { BridgeProvider } from '@bridgekit/nextjs';
import type { ReactNode } from 'react';

// The browser calls this app's own /api, which proxy.ts forwards to the Bridgekit API. The
// provider adds the auth lifecycle by itself; this app passes its own to keep tabs in step
// (cross-tab sync is an opt-in module).
const config = { baseUrl: '/api', lifecycle: authLifecycle({ crossTab: crossTabSync() }) };

export function Providers({ children }: { children: ReactNode }) {
  return <BridgeProvider config={config}>{children}</BridgeProvider>;
}
