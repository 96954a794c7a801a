// The core values this entry re-exports. Kept in a module of this (side-effect-free) package,
// so a bundle that imports none of them does not keep an import of `@bridgekit/core` for them.
export {
  BridgeApiError,
  bridgeQueryKey,
  Client,
  createClient,
  isBridgeApiError,
} from '@bridgekit/core';
