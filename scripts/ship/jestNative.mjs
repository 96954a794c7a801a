// Jest on React Native's preset + Testing Library in a scratch app that installed the
// tarballs, with the AsyncStorage and NetInfo mocks: the CommonJS builds (under the preset's
// `react-native` condition for @bridgekit/core) render BridgeList against the reference
// server. The project's files are in jest/ and jest/native/.
import { lockedVersion } from './pack.mjs';
import { fixtureFiles, runJest } from './runJest.mjs';

const locked = (...names) => Object.fromEntries(names.map((name) => [name, lockedVersion(name)]));

export function nativeProject(tarballs) {
  return {
    label: 'native',
    dependencies: {
      '@bridgekit/core': tarballs['@bridgekit/core'],
      '@bridgekit/react': tarballs['@bridgekit/react'],
      '@bridgekit/react-native': tarballs['@bridgekit/react-native'],
      '@bridgekit/server': tarballs['@bridgekit/server'],
      ...locked(
        'react',
        'react-native',
        'swr',
        '@react-native-async-storage/async-storage',
        '@react-native-community/netinfo',
        'jest',
        'babel-jest',
        '@babel/core',
        '@react-native/jest-preset',
        '@react-native/babel-preset',
        '@testing-library/react-native',
        'react-test-renderer',
      ),
    },
    files: fixtureFiles('native'),
  };
}

export function checkJestNative(dir, report) {
  return runJest(dir, 'Jest + React Native preset', report);
}
