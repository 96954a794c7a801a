#!/usr/bin/env node
// `npm test`: every suite in one command. Builds the packages (the e2e apps use the built
// output) and the documentation site, runs Vitest (core, server, react, nextjs, e2e in
// Chromium, the docs site walked in Chromium), the React Native Jest
// suite, the demo's type check, the stages that check what ships (the packed packages
// installed in scratch projects: README examples, plain Node and Jest, Metro + Hermes, a Vite
// and a Next.js app) and `npm start` driven in Chromium (scripts/first-run.mjs), then prints
// one closing line `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const out = mkdtempSync(join(tmpdir(), 'bk-test-'));
const run = (cmd, cmdArgs, env = {}) =>
  spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

// Chromium, Django REST Framework and Laravel 8 + PHP, which no npm install brings: installed when running as
// root with apt-get, else npm test stops here with the command (scripts/prerequisites.mjs).
const { ensurePrerequisites } = await import('./prerequisites.mjs');
if (!ensurePrerequisites()) process.exit(1);

let passed = 0;
let failed = 0;
let status = 0;

if (!skipBuild) {
  // The packages, then the documentation site (its reference is generated from their TSDoc;
  // the `docs` project walks the built site in Chromium).
  status = run('npm', ['run', 'build', '--silent']);
  if (status === 0) status = run('npm', ['run', 'docs:build', '--silent']);
  if (status !== 0) {
    console.error('build failed; tests not run');
    process.exit(status);
  }
}

// Both runners write jest's JSON report format; count it the same way.
function count(runner, file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    // A file that fails to load counts as one failure even though no test in it ran.
    failed += report.numFailedTests || (report.success ? 0 : 1);
  } catch {
    failed += 1;
    console.error(`${runner} wrote no report`);
  }
}

// The dialect tests start third-party backends installed apart from the workspaces.
status = run('node', ['scripts/install-backends.mjs']);
if (status !== 0) {
  console.error('backends install failed; tests not run');
  process.exit(status);
}

const vitestJson = join(out, 'vitest.json');
status |= run('npx', [
  '--no-install',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
count('vitest', vitestJson);

const jestJson = join(out, 'jest.json');
status |= run('npm', [
  'test',
  '--silent',
  '-w',
  '@bridgekit/react-native',
  '--',
  '--json',
  `--outputFile=${jestJson}`,
]);
count('jest', jestJson);

// The demo is typed end to end from the reference server's document (src/api.d.ts, kept in
// sync by the server's openapi.sync test): its type check counts as one test.
const demoTypes = run('npm', ['run', 'typecheck', '--silent', '-w', '@bridgekit/example-web']);
if (demoTypes === 0) passed += 1;
else {
  failed += 1;
  status |= demoTypes;
  console.error('examples/web does not type-check');
}

// Stages that check what ships write `{ passed, failed }`; each check counts as one test.
// They install the same tarballs, so the packages are packed once for all of them.
const { packAll } = await import('./ship/pack.mjs');
const packed = JSON.stringify(packAll(join(out, 'packed')));
function stage(label, script, flag) {
  const file = join(out, `${label}.json`);
  status |= run('node', [script, flag, file], { BK_PACKED: packed });
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.passed;
    failed += report.failed;
  } catch {
    failed += 1;
    console.error(`${label} wrote no report`);
  }
}

// The README examples, run against the reference server with the packed packages.
stage('readme-examples', 'scripts/run-readme-examples.mjs', '--json');
// Metro bundles the packed packages for android and ios (one SWR); the request path runs on
// Hermes with React Native's polyfills.
stage('metro-hermes', 'scripts/ship/metro-hermes.mjs', '--report');
// Every entry of every package with import and require in plain Node, and renders under Jest
// (jsdom; React Native's preset) with no alias, module mapping or transform of @bridgekit.
stage('ships', 'scripts/ship/run.mjs', '--json');
// The README's Quick start: `npm start` driven in Chromium as a newcomer would, then Ctrl-C.
stage('first-run', 'scripts/first-run.mjs', '--json');
// A Vite app and a Next.js app outside the workspace, set up as the docs say: the packed packages
// installed in one npm install, type-checked and built; the offline guide's service workers
// reload each app without a connection in Chromium.
stage('apps', 'scripts/ship/apps.mjs', '--json');

rmSync(out, { recursive: true, force: true });
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(status || (failed ? 1 : 0));
