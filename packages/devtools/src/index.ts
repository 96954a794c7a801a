'use client';
/**
 * `@bridgekit/devtools`: the devtools panel for React on the web, for development. In a
 * production build (`process.env.NODE_ENV === 'production'`) `BridgeDevtools` renders nothing
 * and the bundler drops the rest: the button, the recorder and the panel's chunk. To ship the
 * panel on purpose, import from `@bridgekit/devtools/production`. React Native:
 * `@bridgekit/devtools/native`.
 *
 * @example
 * import { BridgeDevtools } from '@bridgekit/devtools';
 * <BridgeProvider config={{ baseUrl: '/api' }}><BridgeDevtools /><App /></BridgeProvider>
 */
import type { ReactNode } from 'react';
import { type BridgeDevtoolsProps, createBridgeDevtools } from './web/BridgeDevtools';

export type { BridgeDevtoolsProps } from './web/BridgeDevtools';
export * from './shared';

/**
 * The devtools of the `BridgeProvider` above: a floating button that opens a panel with every
 * request of its instances (attempts, retries, redirects, headers, bodies, the URL a dialect
 * made; copy as cURL, export as HAR), their cached queries, offline queue and session events.
 * Credentials are never shown or exported. The panel's code loads when it first opens. Place it
 * before the app in the provider: it then hears the app's first requests. Renders nothing in a
 * production build (`process.env.NODE_ENV === 'production'`), where the bundler drops the rest
 * (the button, the recorder, the panel's chunk): import it from `@bridgekit/devtools/production`
 * to ship it on purpose.
 *
 * @example
 * <BridgeProvider config={{ baseUrl: '/api' }}>
 *   <BridgeDevtools initialIsOpen={false} />
 *   <App />
 * </BridgeProvider>
 */
export const BridgeDevtools: (props: BridgeDevtoolsProps) => ReactNode =
  process.env.NODE_ENV === 'production'
    ? () => null
    : createBridgeDevtools(() => import('./web/panel/Panel'));
