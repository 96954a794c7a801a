#!/usr/bin/env node
// Installs the third-party backends the dialect tests start (backends/package.json) when
// they are missing. They live outside the workspaces so the project's own `npm install` stays
// free of their engine warnings (json-server 1.x declares node >=22.12 but runs on 20).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../backends/', import.meta.url));
if (!existsSync(`${dir}node_modules/.package-lock.json`)) {
  const result = spawnSync(
    'npm',
    ['ci', '--prefix', dir, '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) {
    console.error('install-backends: npm ci in backends/ failed');
    process.exit(result.status ?? 1);
  }
}
