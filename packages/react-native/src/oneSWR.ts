/**
 * One SWR in the app's bundle, or a clear error at start-up in development.
 *
 * SWR ships stub folders (`swr/infinite/package.json`, `swr/_internal/package.json`…) for
 * tools without package `exports`. Metro (React Native 0.86) takes the stub for `swr/infinite`
 * rather than the `exports` of `swr`, and with it SWR's CommonJS build, while `swr` itself
 * resolves to SWR's ES build: two SWRs, two React contexts, two caches. `BridgeList` and
 * `useBridgeInfiniteQuery` (on `swr/infinite`) would then ignore `<SWRConfig>` and the
 * provider's `swr` prop and keep a cache of their own, silently. No file of this package can
 * send `swr/infinite` elsewhere (every `swr/<subpath>` has a stub); the app's Metro config can:
 * `withBridgekit` (`@bridgekit/react-native/metro`).
 */
import { useSWRConfig } from 'swr';
// `swr/_internal` resolves as `swr/infinite` does (both have a stub), and holds the SWR that
// `swr/infinite` uses: the same module as the `swr` above when the bundle has one SWR.
import { useSWRConfig as useSubpathSWRConfig } from 'swr/_internal';

// React Native's development flag; absent elsewhere (react-native-web, a test runner).
declare const __DEV__: boolean | undefined;

/** Whether `swr` and its subpaths resolve to one SWR in this bundle. */
export function hasOneSWR(): boolean {
  return useSWRConfig === useSubpathSWRConfig;
}

/**
 * In development, throws when the bundle holds two SWRs, naming the fix; does nothing in
 * production or when there is one SWR. `@bridgekit/react-native` runs it once, when the app
 * first imports it.
 *
 * @example
 * checkOneSWR(); // Error: @bridgekit/react-native: this bundle holds two copies of SWR … withBridgekit …
 */
export function checkOneSWR(): void {
  if (typeof __DEV__ === 'undefined' || !__DEV__ || hasOneSWR()) return;
  throw new Error(
    "@bridgekit/react-native: this bundle holds two copies of SWR. Metro took SWR's CommonJS build for swr/infinite (through its swr/infinite/package.json stub) and its ES build for swr, so BridgeList and useBridgeInfiniteQuery would keep a cache of their own and ignore <SWRConfig> and the provider's swr prop. Wrap metro.config.js in withBridgekit: const { withBridgekit } = require('@bridgekit/react-native/metro'); module.exports = withBridgekit(mergeConfig(getDefaultConfig(__dirname), config)); (README of @bridgekit/react-native, \"Metro: one copy of SWR\").",
  );
}
