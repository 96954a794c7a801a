// DOM-free entry (`@bridgekit/react/hooks`), reused by @bridgekit/react-native and @bridgekit/nextjs.
export * from './BridgeContext';
export * from './BridgeProvider';
export * from './bridgeQueryKey';
export * from './coreExports';
export * from './invalidateBridgeQueries';
export * from './useAuth';
export * from './useAuthGuard';
export * from './useAuthService';
export * from './useBridgeApi';
export * from './useBridgeClient';
export * from './useBridgeCrud';
export * from './useBridgeFormSubmit';
export * from './useBridgeInfiniteQuery';
export * from './useBridgeMutation';
export * from './useBridgeQuery';
export * from './useBridgeView';
export * from './useSearchQueryBuilder';
