// The app's import of @bridgekit/react-native, as an app's files write it (an import
// statement, so Metro takes the package's ES build, as it does for an app).
import { BridgeProvider } from '@bridgekit/react-native';

export const loaded = typeof BridgeProvider === 'function';
