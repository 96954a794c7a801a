/* Stops the reference server started by globalSetup.cjs. */
module.exports = async function globalTeardown() {
  const child = globalThis.__BRIDGEKIT_SERVER__;
  if (!child || child.exitCode !== null) return;
  child.removeAllListeners('exit');
  await new Promise((resolve) => {
    const started = Date.now();
    child.once('exit', () => {
      if (process.env.BK_DEBUG) console.log('teardown ms', Date.now() - started);
      resolve();
    });
    child.kill('SIGTERM');
    // The data is in memory only; a server still draining connections after 500 ms is stopped.
    setTimeout(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    }, 500).unref();
  });
};
