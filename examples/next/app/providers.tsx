'use client';
import { BridgeProvider } from '@bridgekit/nextjs';
import type { ReactNode } from 'react';

// The browser calls this app's own /api, which proxy.ts forwards to the Bridgekit API.
const config = { baseUrl: '/api' };

export function Providers({ children }: { children: ReactNode }) {
  return <BridgeProvider config={config}>{children}</BridgeProvider>;
}
