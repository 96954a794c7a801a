#!/usr/bin/env node
// Installs the third-party backends the dialect tests start (backends/package.json) with
// `npm ci --prefix backends`, the same install as the README's setup and CI, when they are
// missing or older than backends/package-lock.json. They live outside the workspaces so the
// project's own `npm install` stays free of their engine warnings (json-server 1.x declares
// node >=22.12 but runs on 20).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const installed = `${root}backends/node_modules/.package-lock.json`;
const lock = `${root}backends/package-lock.json`;
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  console.log('install-backends: npm ci --prefix backends');
  const result = spawnSync(
    'npm',
    ['ci', '--prefix', 'backends', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) {
    console.error('install-backends: npm ci --prefix backends failed');
    process.exit(result.status ?? 1);
  }
}
