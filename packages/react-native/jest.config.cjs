/*
 * Jest for @bridgekit/react-native, on React Native's own preset (`@react-native/jest-preset`,
 * where RN 0.86 moved it): haste platforms, the RN environment and resolver, babel-jest and the
 * native-module and host-component mocks all come from there.
 */
const path = require('node:path');

const packages = path.resolve(__dirname, '..');

/** @type {import('jest').Config} */
module.exports = {
  preset: '@react-native/jest-preset',
  rootDir: __dirname,
  // The preset's list plus AsyncStorage, which ships ES modules.
  transformIgnorePatterns: [
    'node_modules/(?!((jest-)?react-native|@react-native(-community)?|@react-native-async-storage)/)',
  ],
  // Tests import the public package names; they resolve to source, as in vitest.config.ts.
  // Jest merges these with the preset's `react-native` mapping.
  moduleNameMapper: {
    '^@bridgekit/core$': `${packages}/core/src/index.ts`,
    '^@bridgekit/core/auth$': `${packages}/core/src/auth/index.ts`,
    '^@bridgekit/core/offline$': `${packages}/core/src/offline/index.ts`,
    '^@bridgekit/core/live$': `${packages}/core/src/live/index.ts`,
    '^@bridgekit/core/dialects$': `${packages}/core/src/dialects/index.ts`,
    '^@bridgekit/react/hooks$': `${packages}/react/src/hooks/index.ts`,
    '^@bridgekit/react$': `${packages}/react/src/index.ts`,
    '^@bridgekit/react-native$': `${packages}/react-native/src/index.ts`,
    '^@bridgekit/devtools/native$': `${packages}/devtools/src/native.ts`,
  },
  // Runs after the preset's setup file.
  setupFiles: ['<rootDir>/test/setup/mocks.cjs'],
  globalSetup: '<rootDir>/test/setup/globalSetup.cjs',
  globalTeardown: '<rootDir>/test/setup/globalTeardown.cjs',
  // The devtools' native component is tested here too, under React Native's preset.
  roots: ['<rootDir>', `${packages}/devtools/test/native`],
  testMatch: [
    '<rootDir>/test/**/*.test.{ts,tsx}',
    `${packages}/devtools/test/native/**/*.test.{ts,tsx}`,
  ],
  testTimeout: 15_000,
};
