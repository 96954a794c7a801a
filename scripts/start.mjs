#!/usr/bin/env node
// `npm start`: builds what is stale (the packages, then the demo app), starts the reference
// server with demo data, serves the built app with `/api` proxied to it (one origin, so no
// CORS), prints the URL and the demo accounts, and stops both on Ctrl-C / SIGTERM.
//
// Options: --port <n> (API, default 4000; 0 = any free port), --web-port <n> (app, default
// 5173; 0 = any free port), --rebuild (build everything again), --log-requests (print each
// API request and its status here).
// Every path is taken from this file's place, never from the working directory, so
// `node path/to/scripts/start.mjs` works from anywhere. Works offline: everything it needs is
// in node_modules after `npm install`. The tests (scripts/first-run.mjs, the demo's e2e) start
// it as a user does, with these options only: no switch of its exists for them alone.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(root, 'examples/web');
const HOST = '127.0.0.1';

const DEMO_ACCOUNTS = [
  ['admin@example.com', 'admin123', 'admin'],
  ['editor@example.com', 'editor123', 'editor'],
  ['viewer@example.com', 'viewer123', 'viewer'],
];

const { values: args } = parseArgs({
  options: {
    port: { type: 'string' },
    'web-port': { type: 'string', default: '5173' },
    rebuild: { type: 'boolean', default: false },
    'log-requests': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  console.log('Usage: npm start -- [--port 4000] [--web-port 5173] [--rebuild] [--log-requests]');
  process.exit(0);
}

function portArg(name, value) {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--${name} must be a port number (0-65535), got ${value}`);
    process.exit(1);
  }
  return port;
}

/** Newest modification time of the files under `paths` (folders walked, node_modules and dist skipped). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) {
        if (name !== 'node_modules' && name !== 'dist') visit(join(path, name));
      }
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of paths) visit(path);
  return newest;
}

/** Whether `output` is missing or older than any of `inputs`. */
function isStale(output, inputs) {
  return args.rebuild || !existsSync(output) || statSync(output).mtimeMs < newestMtime(inputs);
}

/** Runs a command quietly; its output is shown only when it fails. */
function run(command, commandArgs) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: String(error) }));
    child.on('close', (code) => resolve({ code, output }));
  });
}

// 1. The packages the demo runs on; fresh ones are skipped. They build in parallel: each
// resolves the others' types from source (tsconfig paths), so no order is needed.
const packages = ['core', 'server', 'react', 'devtools'];
const stale = packages.filter((name) => {
  const dir = join(root, 'packages', name);
  // The declarations are written last, so a build cut short counts as stale.
  return isStale(join(dir, 'dist/index.d.ts'), [
    join(dir, 'src'),
    join(dir, 'package.json'),
    join(dir, 'tsup.config.ts'),
  ]);
});
if (stale.length > 0) {
  const started = Date.now();
  console.log(`Building ${stale.map((name) => `@bridgekit/${name}`).join(', ')}…`);
  const results = await Promise.all(
    stale.map((name) => run('npm', ['run', 'build', '--silent', '-w', `@bridgekit/${name}`])),
  );
  const failed = results.findIndex((result) => result.code !== 0);
  if (failed !== -1) {
    console.error(results[failed].output);
    console.error(`Building @bridgekit/${stale[failed]} failed.`);
    process.exit(1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

// Vite is imported only now: the build above must not wait for it.
const { build, preview } = await import('vite');

// 2. The app, built against packages/react/dist exactly as a user's app would be. It is served
// as a production build whatever NODE_ENV the shell has (a test runner sets `test`, which would
// make Vite bundle React's development build).
process.env.NODE_ENV = 'production';
if (
  isStale(join(webDir, 'dist/index.html'), [
    join(webDir, 'src'),
    join(webDir, 'public'),
    join(webDir, 'index.html'),
    join(webDir, 'vite.config.ts'),
    join(webDir, 'package.json'),
    join(root, 'packages/react/dist'),
    join(root, 'packages/core/dist'),
    join(root, 'packages/devtools/dist'),
  ])
) {
  console.log('Building the demo app…');
  await build({ root: webDir, logLevel: 'warn' });
}

/** Whether nothing listens on HOST:port yet. */
function isFree(port) {
  return new Promise((resolve) => {
    const probe = createNetServer()
      .once('error', () => resolve(false))
      .listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

// 3. The reference server with demo data. An explicit --port must be free; the default falls
// back to any free port, since the browser only talks to it through the app's proxy.
const { createServer } = await import('@bridgekit/server');
let apiPort = args.port === undefined ? 4000 : portArg('port', args.port);
if (!(await isFree(apiPort))) {
  if (args.port !== undefined) {
    console.error(`Port ${apiPort} on ${HOST} is in use: choose another with --port.`);
    process.exit(1);
  }
  console.warn(`Port ${apiPort} is in use; the API takes a free port instead.`);
  apiPort = 0;
}
// The demo server sends no mail: a reset link goes to this terminal, pointing at the app's
// reset page (the app's URL is known once it listens, before anyone can ask for a link).
let appUrl = `http://${HOST}:${args['web-port']}/`;
const api = createServer({
  seed: 'demo',
  onPasswordReset: (email, token) =>
    console.log(
      `\n  Password reset requested for ${email}. The mail would hold this link:\n  ${appUrl}#/reset-password?token=${encodeURIComponent(token)}\n`,
    ),
});
if (args['log-requests']) {
  api.app.addHook('onResponse', async (request, reply) => {
    // A write answered again from its Idempotency-Key changed nothing: said so.
    const replayed = reply.getHeader('idempotent-replayed') === 'true' ? ' (replayed)' : '';
    console.log(`  ${request.method} ${request.url} → ${reply.statusCode}${replayed}`);
  });
}
const { port: boundApiPort } = await api.listen(apiPort, HOST);
const apiOrigin = `http://${HOST}:${boundApiPort}`;

// 4. The built app, with /api proxied to the server (the app calls the relative '/api').
let web;
try {
  web = await preview({
    root: webDir,
    logLevel: 'warn',
    preview: {
      host: HOST,
      port: portArg('web-port', args['web-port']),
      strictPort: false,
      open: false,
      proxy: { '/api': { target: apiOrigin, changeOrigin: false } },
    },
  });
} catch (error) {
  await api.close();
  throw error;
}
appUrl = web.resolvedUrls?.local[0] ?? appUrl;

console.log(`
  Bridgekit demo is running

  App:  ${appUrl}
  API:  ${apiOrigin}/api   (reference server, in-memory demo data)

  Demo accounts:
${DEMO_ACCOUNTS.map(([email, password, type]) => `    ${email.padEnd(20)} ${password.padEnd(10)} (${type})`).join('\n')}

  "Forgot your password?" prints the reset link here (no mail is sent).

  Press Ctrl-C to stop.
`);

let stopping = false;
async function stop(signal) {
  if (stopping) {
    // A second Ctrl-C does not wait for open connections.
    process.exit(130);
  }
  stopping = true;
  console.log(`\n${signal}: stopping the app and the API…`);
  // Open keep-alive connections must not hold the terminal hostage.
  setTimeout(() => {
    console.error('Connections still open after 5 s: stopped without waiting for them.');
    process.exit(1);
  }, 5000).unref();
  const results = await Promise.allSettled([web.close(), api.close()]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) console.error(failed.reason);
  else console.log('Stopped.');
  process.exit(failed ? 1 : 0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
