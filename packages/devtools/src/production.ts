'use client';
/**
 * `@bridgekit/devtools/production`: the same devtools as `@bridgekit/devtools`, in every build,
 * production included: for a staging site, or a panel opened on purpose. Its panel still loads
 * only when the button first opens it.
 *
 * @example
 * import { BridgeDevtools } from '@bridgekit/devtools/production';
 * const showDevtools = new URLSearchParams(location.search).has('devtools');
 * <BridgeProvider config={{ baseUrl: '/api' }}><App />{showDevtools && <BridgeDevtools />}</BridgeProvider>
 */
export { BridgeDevtools, type BridgeDevtoolsProps } from './web/BridgeDevtools';
export * from './shared';
