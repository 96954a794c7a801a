#!/usr/bin/env node
// The "ships" stage of `npm test`: what a user installs is what runs. Packs every package
// (`npm pack`, as `npm publish` would), installs the tarballs in scratch projects outside the
// workspace, and checks them there with no alias and no module mapping:
//   nodeEntries  every entry with `import` and `require` in plain Node, and using it
//   builtFiles   the CommonJS files' default-import interop
//   jestWeb      Jest + jsdom + Testing Library against the reference server
//   jestNative   Jest on React Native's preset + Testing Library against the reference server
// Needs `npm run build` first. `--json <file>` writes the counts in Jest's report shape for
// scripts/test.mjs; the last line is `ships: N passed, N failed`; exit code 1 on a failure.
import { rmSync } from 'node:fs';
import { checkBuiltFiles } from './builtFiles.mjs';
import { checkJestNative, nativeProject } from './jestNative.mjs';
import { checkJestWeb, webProject } from './jestWeb.mjs';
import { checkNodeEntries, nodeProject } from './nodeEntries.mjs';
import { packAll, scratchProject } from './pack.mjs';
import { createReport } from './report.mjs';

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const keep = args.includes('--keep'); // leave the scratch projects for a look
const started = Date.now();
const report = createReport();
const made = [];

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

try {
  const tarballs = packAll();
  made.push(tarballs['@bridgekit/core'].replace(/[/\\][^/\\]+$/, ''));
  const projects = [nodeProject, webProject, nativeProject];
  const dirs = {};
  for (const project of projects) {
    const step = Date.now();
    const { label, dependencies, extra, files } = project(tarballs);
    dirs[label] = scratchProject(label, dependencies, extra, files);
    made.push(dirs[label]);
    console.log(`ships: ${label} project installed in ${seconds(step)} (${dirs[label]})`);
  }
  console.log('ships: plain Node');
  await checkNodeEntries(dirs.node, report);
  await checkBuiltFiles(dirs.node, report, Object.keys(tarballs));
  console.log('ships: Jest, jsdom');
  await checkJestWeb(dirs.web, report);
  console.log('ships: Jest, React Native preset');
  await checkJestNative(dirs.native, report);
} catch (error) {
  await report.test('ships stage set-up', () => {
    throw error;
  });
} finally {
  if (!keep) for (const dir of made) rmSync(dir, { recursive: true, force: true });
}

if (jsonAt !== -1) report.write(args[jsonAt + 1]);
if (report.failures.length) console.log(`\nships failures:\n  ${report.failures.join('\n  ')}`);
console.log(`\nships: ${report.passed} passed, ${report.failed} failed (${seconds(started)})`);
process.exit(report.failed ? 1 : 0);
