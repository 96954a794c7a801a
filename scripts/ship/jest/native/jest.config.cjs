/*
 * A React Native app's Jest setup, as a user writes it: React Native's preset
 * (`@react-native/jest-preset` since RN 0.86), the AsyncStorage and NetInfo jest mocks their
 * documentation gives, Testing Library. transformIgnorePatterns is the preset's list plus
 * AsyncStorage, whose documentation asks for it (it ships ES modules); @bridgekit is not in it:
 * node_modules/@bridgekit is not transformed, so what Jest loads under the preset's
 * `react-native` condition must be CommonJS.
 */
module.exports = {
  preset: '@react-native/jest-preset',
  transformIgnorePatterns: [
    'node_modules/(?!((jest-)?react-native|@react-native(-community)?|@react-native-async-storage)/)',
  ],
  setupFiles: ['<rootDir>/mocks.cjs'],
  testMatch: ['<rootDir>/*.test.tsx'],
  globalSetup: '<rootDir>/globalSetup.cjs',
  globalTeardown: '<rootDir>/globalTeardown.cjs',
  // The first render transforms React Native's own sources, uncached in a fresh project.
  testTimeout: 60_000,
};
