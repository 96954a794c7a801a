// The metro.config.js of a new React Native app (RN's own defaults: package exports on,
// the `react-native` condition) wrapped in `withBridgekit`, as the React Native README says
// (one copy of SWR), with two workers and the transform cache inside the scratch project.
const path = require('node:path');
const { getDefaultConfig, mergeConfig } = require('@react-native/metro-config');
const { withBridgekit } = require('@bridgekit/react-native/metro');
const { FileStore } = require('metro-cache');

module.exports = withBridgekit(
  mergeConfig(getDefaultConfig(__dirname), {
    maxWorkers: 2,
    cacheStores: [new FileStore({ root: path.join(__dirname, '.metro-cache') })],
  }),
);
