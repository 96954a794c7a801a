// Packs every published package the way `npm publish` would (`npm pack`), into one folder,
// and makes scratch projects outside the workspace that install those tarballs: what a user
// installs is what the "ships" checks load. Needs `npm run build` first.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const packageDirs = ['core', 'react', 'react-native', 'nextjs', 'server'];

/** The root lock's version of a dev dependency, so scratch projects use what CI tested. */
export function lockedVersion(name) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const entry = lock.packages[`node_modules/${name}`];
  if (!entry) throw new Error(`pack: ${name} is not in package-lock.json`);
  return entry.version;
}

/**
 * Packs every package into `dir` (a fresh temporary folder when omitted).
 * @returns {Record<string, string>} npm name -> absolute tarball path
 */
export function packAll(dir = mkdtempSync(join(tmpdir(), 'bk-pack-'))) {
  mkdirSync(dir, { recursive: true });
  const tarballs = {};
  for (const name of packageDirs) {
    const out = execFileSync(
      'npm',
      ['pack', '--json', '--silent', '--pack-destination', dir, `./packages/${name}`],
      { cwd: root, encoding: 'utf8' },
    );
    const [info] = JSON.parse(out);
    tarballs[info.name] = resolve(dir, info.filename);
  }
  return tarballs;
}

/**
 * A scratch project in the system temp folder (outside the workspace, so nothing resolves
 * through it) with `dependencies` installed by `npm install`: tarball paths for our packages,
 * locked versions for everything else.
 * @param {string} label folder name prefix
 * @param {Record<string, string>} dependencies name -> version or tarball path
 * @param {object} [extra] more package.json fields (type, scripts, jest…)
 */
export function scratchProject(label, dependencies, extra = {}) {
  const dir = mkdtempSync(join(tmpdir(), `bk-${label}-`));
  // Our packages depend on each other by version (`@bridgekit/core: 0.1.0`); overrides send
  // those to the tarballs too, so nothing is fetched from the registry under our names.
  const overrides = Object.fromEntries(
    Object.entries(dependencies).filter(([name]) => name.startsWith('@bridgekit/')),
  );
  const manifest = { name: `scratch-${label}`, private: true, dependencies, overrides, ...extra };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  execFileSync(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--loglevel=error',
    ],
    { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return dir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tarballs = packAll(process.argv[2]);
  for (const [name, path] of Object.entries(tarballs)) console.log(`${name} ${path}`);
}
