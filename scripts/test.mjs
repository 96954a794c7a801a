#!/usr/bin/env node
// `npm test`: every suite in one command. Builds the packages (the e2e apps use the built
// output), runs Vitest (core, server, react, nextjs, e2e in Chromium), the React Native Jest
// suite and the "ships" stage (the packed tarballs, installed in scratch projects, under plain
// Node and Jest: scripts/ship/run.mjs), then prints one closing line `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const out = mkdtempSync(join(tmpdir(), 'bk-test-'));
const run = (cmd, cmdArgs, env = {}) =>
  spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let passed = 0;
let failed = 0;
let status = 0;

if (!skipBuild) {
  status = run('npm', ['run', 'build', '--silent']);
  if (status !== 0) {
    console.error('build failed; tests not run');
    process.exit(status);
  }
}

// Every runner writes jest's JSON report format (the ships stage its counts in that shape);
// count them the same way.
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

// What users install: the tests above import the sources through aliases, this stage the
// tarballs `npm pack` makes, with no alias or module mapping.
const shipsJson = join(out, 'ships.json');
status |= run('node', ['scripts/ship/run.mjs', '--json', shipsJson]);
count('ships', shipsJson);

rmSync(out, { recursive: true, force: true });
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(status || (failed ? 1 : 0));
