// The app's import of @bridgekit/react-native, as an app's files write it (an import
// statement, so Metro takes the package's ES build, as it does for an app): the provider and
// the infinite list, whose hook once imported `swr/infinite`.
import { BridgeList, BridgeProvider, useBridgeInfiniteQuery } from '@bridgekit/react-native';

export const loaded = [BridgeProvider, BridgeList, useBridgeInfiniteQuery].every(
  (loadedExport) => typeof loadedExport === 'function',
);
