import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

/** Props of {@link BridgeHydrate}. */
export interface BridgeHydrateProps {
  /** SWR fallback data, as returned by `prefetchList` of `@bridgekit/nextjs/server`. */
  fallback: Record<string, unknown>;
  children: ReactNode;
}

/**
 * Hands server-prefetched data to the Bridgekit hooks below it (SWR `fallback`), so the
 * first paint shows the data instead of a loading state. Merges with fallbacks set higher up.
 *
 * @example
 * // app/products/page.tsx (server component)
 * const fallback = await prefetchList({ client, endpoint: '/products', params: { page: 1, limit: 10 } });
 * return <BridgeHydrate fallback={fallback}><ProductsTable /></BridgeHydrate>;
 */
export function BridgeHydrate({ fallback, children }: BridgeHydrateProps) {
  return <SWRConfig value={{ fallback }}>{children}</SWRConfig>;
}
