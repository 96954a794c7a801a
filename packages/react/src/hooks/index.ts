// DOM-free entry (`@bridgekit/react/hooks`), reused by @bridgekit/react-native and @bridgekit/nextjs.
export * from './useBridgeInfiniteQuery';
