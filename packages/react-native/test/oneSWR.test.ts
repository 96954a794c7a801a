/**
 * The start-up check of @bridgekit/react-native: two SWRs in the bundle (Metro without
 * withBridgekit) stop an app in development with the fix; one SWR, or production, goes on.
 * Metro itself is in scripts/ship/metro-hermes.mjs; here the second SWR is a mock.
 */
import { describe, expect, it, jest } from '@jest/globals';

declare let __DEV__: boolean;

/** The check of a fresh module registry, with another `swr` when `twoSWRs`. */
function loadCheck(twoSWRs: boolean): typeof import('../src/oneSWR') {
  let loaded: typeof import('../src/oneSWR') | undefined;
  jest.isolateModules(() => {
    if (twoSWRs) {
      // `swr` from another copy of SWR than `swr/_internal` (and so `swr/infinite`): its own
      // useSWRConfig, as SWR's ES build beside its CommonJS build in Metro.
      jest.doMock('swr', () => ({ useSWRConfig: () => ({}) }));
    }
    loaded = require('../src/oneSWR');
  });
  jest.dontMock('swr');
  return loaded!;
}

describe('one SWR, or an error at start-up in development', () => {
  it('here (one SWR), it does nothing', () => {
    const { checkOneSWR, hasOneSWR } = loadCheck(false);
    expect(hasOneSWR()).toBe(true);
    expect(() => checkOneSWR()).not.toThrow();
  });

  it('with two SWRs in development it throws, naming withBridgekit', () => {
    const { checkOneSWR, hasOneSWR } = loadCheck(true);
    expect(hasOneSWR()).toBe(false);
    expect(__DEV__).toBe(true);
    expect(() => checkOneSWR()).toThrow(/two copies of SWR/);
    expect(() => checkOneSWR()).toThrow(
      'module.exports = withBridgekit(mergeConfig(getDefaultConfig(__dirname), config));',
    );
  });

  it('in production it does not throw', () => {
    const { checkOneSWR } = loadCheck(true);
    __DEV__ = false;
    try {
      expect(() => checkOneSWR()).not.toThrow();
    } finally {
      __DEV__ = true;
    }
  });
});
