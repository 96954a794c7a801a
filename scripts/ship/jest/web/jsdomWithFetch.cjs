/*
 * jsdom has no fetch. This is the usual fix in a web app's Jest setup: the jsdom environment
 * with Node's fetch and the classes it checks its arguments against (a jsdom AbortSignal is
 * not one to Node's fetch).
 */
const { TestEnvironment } = require('jest-environment-jsdom');

const fromNode = ['fetch', 'Request', 'Response', 'Headers', 'AbortController', 'AbortSignal'];

module.exports = class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of fromNode) this.global[name] = globalThis[name];
  }
};
