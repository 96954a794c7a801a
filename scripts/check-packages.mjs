#!/usr/bin/env node
// Packaging guard, as SWR and TanStack Query do: publint (strict) and attw on the tarball of
// every published package, packed as `npm publish` would pack it (scripts/ship/pack.mjs), so
// what is checked is what users install. Needs `npm run build` first. Checks them all, then
// exits non-zero if any failed.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { packAll } from './ship/pack.mjs';

const tarballs = packAll();
let failed = 0;
for (const [name, tarball] of Object.entries(tarballs)) {
  for (const [tool, args] of [
    ['publint', ['publint', 'run', '--strict', tarball]],
    // node10 resolution cannot see subpath exports; every supported runtime and bundler is node16+.
    ['attw', ['attw', tarball, '--profile', 'node16', '--format', 'table-flipped']],
  ]) {
    try {
      execFileSync('npx', ['--no-install', ...args], { stdio: 'inherit' });
    } catch {
      failed++;
      console.error(`✗ ${tool} failed for ${name}`);
    }
  }
}
// Tarballs handed down by `npm test` (BK_PACKED) are its own to remove.
if (!process.env.BK_PACKED) {
  rmSync(dirname(tarballs['@bridgekit/core']), { recursive: true, force: true });
}
if (failed) {
  console.error(`packaging: ${failed} check(s) failed`);
  process.exit(1);
}
console.log(
  `packaging: the tarballs of ${Object.keys(tarballs).join(', ')} pass publint --strict and attw`,
);
