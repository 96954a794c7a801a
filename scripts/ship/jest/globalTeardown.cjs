/* Stops the reference server globalSetup.cjs started. */
module.exports = async function globalTeardown() {
  await globalThis.__BRIDGEKIT_SERVER__?.close();
};
