/*
 * A web app's Jest setup, as a user writes it: jsdom, Testing Library, the installed packages
 * as they are. No transformIgnorePatterns, no moduleNameMapper: node_modules is not
 * transformed, so what Jest loads under the jsdom environment's `browser` condition must be
 * CommonJS.
 */
module.exports = {
  testEnvironment: '<rootDir>/jsdomWithFetch.cjs',
  testMatch: ['<rootDir>/*.test.cjs'],
  globalSetup: '<rootDir>/globalSetup.cjs',
  globalTeardown: '<rootDir>/globalTeardown.cjs',
  testTimeout: 20_000,
};
