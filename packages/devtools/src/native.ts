/**
 * `@bridgekit/devtools/native`: the devtools for React Native: a floating button and a panel with
 * the requests, the offline queue and the session of the `BridgeProvider` above. Renders nothing
 * in a release build (`process.env.NODE_ENV === 'production'`, which Metro sets).
 *
 * @example
 * import { BridgeDevtools } from '@bridgekit/devtools/native';
 * <BridgeProvider config={{ baseUrl: 'https://api.example.com/api' }}><App /><BridgeDevtools /></BridgeProvider>
 */
import type { ReactNode } from 'react';
import * as native from './native/BridgeDevtools';

export type { BridgeDevtoolsProps } from './native/BridgeDevtools';
export * from './shared';

/**
 * The devtools of the `BridgeProvider` above, on a device: a floating button that opens a panel
 * with the Requests (each call's attempts, retries, headers and answer), Queue and Session tabs.
 * Credentials are never shown. Nothing in a release build.
 *
 * @example
 * export default function App() {
 *   return (
 *     <BridgeProvider config={{ baseUrl: 'https://api.example.com/api' }}>
 *       <Navigation />
 *       <BridgeDevtools />
 *     </BridgeProvider>
 *   );
 * }
 */
export const BridgeDevtools: (props: native.BridgeDevtoolsProps) => ReactNode =
  process.env.NODE_ENV === 'production' ? () => null : native.BridgeDevtools;
