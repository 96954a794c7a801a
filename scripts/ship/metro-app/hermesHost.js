// What the Hermes command line lacks and a React Native host has: a native module registry
// (empty here: RN's polyfills ask it for optional modules such as BlobModule). Nothing else is
// added: no DOMException, no structuredClone, no fetch (each check passes its own).
global.nativeModuleProxy = global.nativeModuleProxy || {};
