#!/usr/bin/env node
// Packaging guard, as SWR and TanStack Query do: publint (strict) and attw on every package.
// Needs `npm run build` first. Exits non-zero on the first package with an error.
import { execFileSync } from 'node:child_process';

const packages = ['core', 'server', 'react', 'react-native', 'nextjs', 'devtools'];
let failed = 0;
for (const name of packages) {
  const dir = `packages/${name}`;
  for (const [tool, args] of [
    ['publint', ['publint', '--strict', dir]],
    // node10 resolution cannot see subpath exports; every supported runtime and bundler is node16+.
    ['attw', ['attw', '--pack', dir, '--profile', 'node16', '--format', 'table-flipped']],
  ]) {
    try {
      execFileSync('npx', ['--no-install', ...args], { stdio: 'inherit' });
    } catch {
      failed++;
      console.error(`✗ ${tool} failed for ${dir}`);
    }
  }
}
if (failed) {
  console.error(`packaging: ${failed} check(s) failed`);
  process.exit(1);
}
console.log('packaging: all packages pass publint --strict and attw');
