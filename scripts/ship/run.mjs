#!/usr/bin/env node
// The "ships" stage of `npm test`: what a user installs is what runs. Packs every package
// (`npm pack`, as `npm publish` would), installs the tarballs in scratch projects outside the
// workspace, and checks them there with no alias and no module mapping:
//   nodeEntries  every entry with `import` and `require` in plain Node, and using it
//   builtFiles   the CommonJS files' default-import interop
//   jestWeb      Jest + jsdom + Testing Library against the reference server
//   jestNative   Jest on React Native's preset + Testing Library against the reference server
// Needs `npm run build` first. `--json <file>` writes the counts, `{ passed, failed }`, for
// scripts/test.mjs; the last line is `ships: N passed, N failed`; exit code 1 on a failure.
import { spawn } from 'node:child_process';
import { checkBuiltFiles } from './builtFiles.mjs';
import { checkJestNative, nativeProject } from './jestNative.mjs';
import { checkJestWeb, webProject } from './jestWeb.mjs';
import { checkNodeEntries, nodeProject } from './nodeEntries.mjs';
import { packAll, scratchProjectAsync } from './pack.mjs';
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
  console.log(`ships: packed in ${seconds(started)}`);
  // Tarballs handed down by `npm test` (BK_PACKED) are its own to remove, after every stage.
  if (!process.env.BK_PACKED) made.push(tarballs['@bridgekit/core'].replace(/[/\\][^/\\]+$/, ''));
  // The three installs at once: they mostly wait on the npm cache and the disk.
  const step = Date.now();
  const dirs = Object.fromEntries(
    await Promise.all(
      [nodeProject, webProject, nativeProject].map(async (project) => {
        const { label, dependencies, extra, files } = project(tarballs);
        const dir = await scratchProjectAsync(label, dependencies, extra, files);
        made.push(dir);
        return [label, dir];
      }),
    ),
  );
  console.log(
    `ships: scratch projects installed in ${seconds(step)} (${Object.values(dirs).join(', ')})`,
  );
  const phases = [
    ['plain Node', () => checkNodeEntries(dirs.node, report)],
    ['built files', () => checkBuiltFiles(dirs.node, report, Object.keys(tarballs))],
    ['Jest, jsdom', () => checkJestWeb(dirs.web, report)],
    ['Jest, React Native preset', () => checkJestNative(dirs.native, report)],
  ];
  for (const [name, phase] of phases) {
    const phaseStarted = Date.now();
    console.log(`ships: ${name}`);
    await phase();
    console.log(`ships: ${name} done in ${seconds(phaseStarted)}`);
  }
} catch (error) {
  await report.test('ships stage set-up', () => {
    throw error;
  });
} finally {
  // Removing three node_modules takes a while on a busy disk: a detached process does it after
  // the stage has reported.
  if (!keep) {
    const script = `for (const dir of ${JSON.stringify(made)}) require('node:fs').rmSync(dir, { recursive: true, force: true });`;
    spawn(process.execPath, ['-e', script], { detached: true, stdio: 'ignore' }).unref();
  }
}

if (jsonAt !== -1) report.write(args[jsonAt + 1]);
if (report.failures.length) console.log(`\nships failures:\n  ${report.failures.join('\n  ')}`);
console.log(`\nships: ${report.passed} passed, ${report.failed} failed (${seconds(started)})`);
process.exit(report.failed ? 1 : 0);
