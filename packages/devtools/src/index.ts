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
 * <BridgeProvider config={{ baseUrl: '/api' }}><App /><BridgeDevtools /></BridgeProvider>
 */
import type { ReactNode } from 'react';
import * as web from './web/BridgeDevtools';

export type { BridgeDevtoolsProps } from './web/BridgeDevtools';
export * from './shared';

/**
 * The devtools of the `BridgeProvider` above: a floating button that opens the panel (see
 * `@bridgekit/devtools/production`'s `BridgeDevtools`). Nothing in a production build.
 *
 * @example
 * <BridgeProvider config={{ baseUrl: '/api' }}>
 *   <App />
 *   <BridgeDevtools initialIsOpen={false} />
 * </BridgeProvider>
 */
export const BridgeDevtools: (props: web.BridgeDevtoolsProps) => ReactNode =
  process.env.NODE_ENV === 'production' ? () => null : web.BridgeDevtools;
