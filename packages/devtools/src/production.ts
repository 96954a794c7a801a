'use client';
/**
 * `@bridgekit/devtools/production`: the same devtools as `@bridgekit/devtools`, in every build,
 * production included: for a staging site, or a panel opened on purpose. Its panel still loads
 * only when the button first opens it.
 *
 * @example
 * import { BridgeDevtools } from '@bridgekit/devtools/production';
 * const showDevtools = new URLSearchParams(location.search).has('devtools');
 * <BridgeProvider config={{ baseUrl: '/api' }}>{showDevtools && <BridgeDevtools />}<App /></BridgeProvider>
 */
import type { ReactNode } from 'react';
import { type BridgeDevtoolsProps, createBridgeDevtools } from './web/BridgeDevtools';

export type { BridgeDevtoolsProps } from './web/BridgeDevtools';
export * from './shared';

/**
 * The devtools of the `BridgeProvider` above (see `@bridgekit/devtools`), in every build.
 *
 * @example
 * <BridgeProvider config={{ baseUrl: '/api' }}>
 *   <BridgeDevtools />
 *   <App />
 * </BridgeProvider>
 */
export const BridgeDevtools: (props: BridgeDevtoolsProps) => ReactNode = createBridgeDevtools(
  () => import('./web/panel/Panel'),
);
