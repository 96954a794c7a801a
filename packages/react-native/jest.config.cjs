/*
 * Jest for @bridgekit/react-native. React Native 0.86 moved its preset to
 * `@react-native/jest-preset` (not installed here), so the preset's parts are set up by hand:
 * haste platforms, the React Native Babel preset and test/setup/native.cjs for the native side.
 */
const path = require('node:path');

const packages = path.resolve(__dirname, '..');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  haste: { defaultPlatform: 'ios', platforms: ['android', 'ios', 'native'] },
  transform: { '^.+\\.(js|jsx|ts|tsx)$': 'babel-jest' },
  transformIgnorePatterns: [
    'node_modules/(?!((jest-)?react-native|@react-native(-community)?|@react-native-async-storage)/)',
  ],
  // Tests import the public package names; they resolve to source, as in vitest.config.ts.
  moduleNameMapper: {
    '^@bridgekit/core$': `${packages}/core/src/index.ts`,
    '^@bridgekit/react/hooks$': `${packages}/react/src/hooks/index.ts`,
    '^@bridgekit/react$': `${packages}/react/src/index.ts`,
    '^@bridgekit/react-native$': `${packages}/react-native/src/index.ts`,
  },
  setupFiles: ['<rootDir>/test/setup/native.cjs', '<rootDir>/test/setup/mocks.cjs'],
  globalSetup: '<rootDir>/test/setup/globalSetup.cjs',
  globalTeardown: '<rootDir>/test/setup/globalTeardown.cjs',
  testMatch: ['<rootDir>/test/**/*.test.{ts,tsx}'],
  testTimeout: 15_000,
};
