// What the Hermes command line lacks and a device has: React Native's native side. The start-up
// check bundles (swr-check-entry.js) get this module for react-native, NetInfo and
// AsyncStorage, so that @bridgekit/react-native can load there: any member is a function that
// returns the stub again, enough for module code that only stores what it imports.
const stub = new Proxy(() => stub, {
  get: (_target, name) => (typeof name === 'symbol' || name === '__esModule' ? undefined : stub),
});
module.exports = stub;
