/*
 * Starts the reference server once for the whole jest run, as a child process (so Fastify and
 * its dependencies never go through the React Native transform), on 127.0.0.1 with an
 * OS-chosen port. Its base URL reaches the tests through BRIDGEKIT_TEST_SERVER_URL.
 */
const { spawn } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '../../../..');

module.exports = async function globalSetup() {
  // One process (node with tsx's loader, not the tsx CLI, which would add a second one), so
  // the pid globalTeardown stops is the server's.
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/server/src/cli.ts',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--seed',
      'demo',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
  );
  globalThis.__BRIDGEKIT_SERVER__ = child;
  const url = await new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error('the reference server did not start in 20 s')),
      20_000,
    );
    function fail(error) {
      clearTimeout(timer);
      child.kill();
      reject(new Error(`${error.message}\n${output}`));
    }
    function onData(chunk) {
      output += chunk;
      const match = /https?:\/\/127\.0\.0\.1:\d+[^\s'"]*/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    }
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', fail);
    child.on('exit', (code) => fail(new Error(`the reference server exited with ${code}`)));
  });
  child.stdout.resume();
  child.stderr.resume();
  // The CLI prints the API base URL (origin + '/api').
  process.env.BRIDGEKIT_TEST_SERVER_URL = url.replace(/[.,]$/, '');
};
