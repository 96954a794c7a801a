// The CommonJS files in the tarballs read a dependency's default export the way Babel, TypeScript
// and every bundler do (its `__esModule` marker decides), not with Node's rule for ES modules
// (`default` is the whole `module.exports`), which esbuild applies to a `"type": "module"`
// package's CommonJS build and which breaks `swr`, `swr/infinite`, AsyncStorage and NetInfo.
// See scripts/build/cjsInterop.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

function* cjsFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* cjsFiles(path);
    else if (entry.name.endsWith('.cjs')) yield path;
  }
}

/** @param {string} dir a scratch project that installed every tarball */
export async function checkBuiltFiles(dir, report, packageNames) {
  for (const name of packageNames) {
    await report.test(
      `${name}: no CommonJS file reads a default export with Node's ESM rule`,
      () => {
        const packageDir = join(dir, 'node_modules', name);
        const found = [];
        for (const file of cjsFiles(join(packageDir, 'dist'))) {
          for (const [call] of readFileSync(file, 'utf8').matchAll(
            /__toESM\(require\("[^"]+"\), 1\)/g,
          )) {
            found.push(`${relative(packageDir, file)}: ${call}`);
          }
        }
        if (found.length) throw new Error(found.join('\n'));
      },
    );
  }
}
