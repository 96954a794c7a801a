/*
 * Jest globalSetup of the scratch projects: the reference server from its tarball (its CommonJS
 * build, through require), in Jest's own process on 127.0.0.1 with an OS-chosen port, as a
 * user's test setup would start it. The API base URL reaches the tests as BRIDGEKIT_URL.
 */
const { createServer } = require('@bridgekit/server');

module.exports = async function globalSetup() {
  const server = createServer({ seed: 'demo' });
  const { url } = await server.listen(0, '127.0.0.1');
  globalThis.__BRIDGEKIT_SERVER__ = server;
  process.env.BRIDGEKIT_URL = url;
};
