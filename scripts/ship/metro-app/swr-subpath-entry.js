// An app that imports an SWR subpath itself (`swr/infinite`) beside @bridgekit/react-native:
// with the template's metro.config.js, Metro takes SWR's CommonJS stub for the subpath (two
// SWRs); wrapped in `withBridgekit`, the ES build of `swr`'s exports (one). Bundled only.
import { BridgeProvider } from '@bridgekit/react-native';
import useSWRInfinite from 'swr/infinite';

export const loaded = typeof BridgeProvider === 'function' && typeof useSWRInfinite === 'function';
