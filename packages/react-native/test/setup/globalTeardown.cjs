/* Stops the reference server started by globalSetup.cjs. */
module.exports = async function globalTeardown() {
  const child = globalThis.__BRIDGEKIT_SERVER__;
  if (!child || child.exitCode !== null) return;
  child.removeAllListeners('exit');
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    }, 3_000).unref();
  });
};
