#!/usr/bin/env node
// The "apps" stage of `npm test`: apps outside the workspace, set up as the documentation tells
// a user, built with their own tools and loaded in Chromium.
//   Vite     a fresh Vite + React + TypeScript app (viteApp.mjs) installs the tarballs of
//            `npm run pack -- react` with Getting started's one `npm install`, type-checks
//            (`tsc -b`, TypeScript 7 as the template has it) and builds (`vite build`), its
//            App.tsx rendering BridgeProvider and a hook; vite-plugin-pwa is set up as the
//            offline guide writes it.
//   Next.js  a Next.js app (nextApp.mjs) with Serwist set up as the offline guide writes it,
//            built once with `next build` (Turbopack; it type-checks too).
// Each is served (`vite preview`, `next start`), loaded once in Chromium, then its server is
// stopped and the browser taken offline: the reload must come from the service worker and show
// the app's page. The packages the guide installs get the versions below. Needs
// `npm run build` first. `--json <file>` writes `{ passed, failed }` for scripts/test.mjs; the
// last line is `apps: N passed, N failed`; exit code 1 on a failure; `--keep` keeps the apps.
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { checkOfflineReload } from './appShell.mjs';
import { buildNextApp, installNextApp, startNextApp } from './nextApp.mjs';
import { lockedVersion, packAll } from './pack.mjs';
import { createReport } from './report.mjs';
import { buildViteApp, installViteApp, previewViteApp, typeCheckViteApp } from './viteApp.mjs';

/** The versions the offline guide's install lines get (the guide names no version). */
const PINNED = {
  'vite-plugin-pwa': '2.0.0',
  '@serwist/turbopack': '9.5.12',
  serwist: '9.5.12', // the one @serwist/turbopack 9.5.12 depends on
  esbuild: lockedVersion('esbuild'),
};
function pinned(name) {
  if (!PINNED[name])
    throw new Error(`the offline guide installs ${name}: give it a version in apps.mjs`);
  return PINNED[name];
}

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const keep = args.includes('--keep');
const started = Date.now();
const report = createReport();
const made = [];
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs `step`, says how long it took, and hands its result on. */
async function timed(label, step) {
  const since = Date.now();
  const result = await step();
  console.log(`apps: ${label} in ${seconds(since)}`);
  return result;
}

/** Serves the built app, checks the reload offline, and stops the server in any case. */
async function reloadOffline(start) {
  const server = await start();
  try {
    await checkOfflineReload({ url: server.url, heading: 'Products', stopServer: server.stop });
  } finally {
    await server.stop();
  }
}

let packDir;
/** The app's folder, once its install succeeded. */
function installed(app, name) {
  if (app === undefined) throw new Error(`the ${name} app did not install`);
  return app;
}

try {
  const tarballs = packAll(undefined, ['react']);
  if (!process.env.BK_PACKED) packDir = dirname(tarballs['@bridgekit/core']);
  // Both installs at once: they mostly wait on the npm cache and the disk.
  const viteInstall = timed('Vite app installed', () => installViteApp(tarballs, pinned));
  const nextInstall = timed('Next.js app installed', () => installNextApp(pinned));
  // Each is awaited by its check below; until then a failure of either is not unhandled.
  for (const install of [viteInstall, nextInstall]) install.catch(() => {});
  let vite;
  let next;
  await report.test(
    'Vite app: one npm install of the packed packages (Getting started) and vite-plugin-pwa',
    async () => {
      vite = await viteInstall;
      made.push(dirname(vite));
    },
  );
  await report.test('Next.js app: npm install of Serwist (the offline guide)', async () => {
    next = await nextInstall;
    made.push(dirname(next));
  });
  await report.test(
    "Vite app: tsc -b type-checks App.tsx on the packed types and the guide's vite.config.ts",
    () => timed('tsc -b', () => typeCheckViteApp(installed(vite, 'Vite'))),
  );
  await report.test('Vite app: vite build', () =>
    timed('vite build', () => buildViteApp(installed(vite, 'Vite'))),
  );
  await report.test('Vite app: a reload without a connection shows the app (vite-plugin-pwa)', () =>
    timed('Vite app reloaded offline', () =>
      reloadOffline(() => previewViteApp(installed(vite, 'Vite'))),
    ),
  );
  await report.test("Next.js app: next build, the guide's Serwist files type-checked", () =>
    timed('next build', () => buildNextApp(installed(next, 'Next.js'))),
  );
  await report.test('Next.js app: a reload without a connection shows the page (Serwist)', () =>
    timed('Next.js app reloaded offline', () =>
      reloadOffline(() => startNextApp(installed(next, 'Next.js'))),
    ),
  );
} catch (error) {
  await report.test('apps stage set-up', () => {
    throw error;
  });
} finally {
  if (packDir) made.push(packDir);
  if (keep) console.log(`apps: kept ${made.join(', ')}`);
  else {
    // Two node_modules take a while to remove on a busy disk: a detached process does it.
    const script = `for (const dir of ${JSON.stringify(made)}) require('node:fs').rmSync(dir, { recursive: true, force: true });`;
    spawn(process.execPath, ['-e', script], { detached: true, stdio: 'ignore' }).unref();
  }
}

if (jsonAt !== -1) report.write(args[jsonAt + 1]);
if (report.failures.length) console.log(`\napps failures:\n  ${report.failures.join('\n  ')}`);
console.log(`\napps: ${report.passed} passed, ${report.failed} failed (${seconds(started)})`);
process.exit(report.failed ? 1 : 0);
