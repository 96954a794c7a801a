// Packs every published package the way `npm publish` would (`npm pack`), into one folder,
// and makes scratch projects outside the workspace that install those tarballs: what a user
// installs is what the "ships" checks load. Needs `npm run build` first.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const packageDirs = ['core', 'react', 'react-native', 'nextjs', 'server', 'devtools'];

/** The root lock's version of a dev dependency, so scratch projects use what CI tested. */
export function lockedVersion(name) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const entry = lock.packages[`node_modules/${name}`];
  if (!entry) throw new Error(`pack: ${name} is not in package-lock.json`);
  return entry.version;
}

/**
 * Packs every package into `dir` (a fresh temporary folder when omitted). Under `npm test`,
 * which packs once for all its stages, it returns those tarballs (`BK_PACKED`) instead.
 * @returns {Record<string, string>} npm name -> absolute tarball path
 */
export function packAll(dir) {
  if (process.env.BK_PACKED) return JSON.parse(process.env.BK_PACKED);
  dir ??= mkdtempSync(join(tmpdir(), 'bk-pack-'));
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

const installArgs = [
  'install',
  '--prefer-offline',
  '--no-audit',
  '--no-fund',
  '--ignore-scripts',
  '--loglevel=error',
];

/** Makes the folder of a scratch project with its files and package.json; no install yet. */
function prepareScratch(label, dependencies, extra, files) {
  const dir = mkdtempSync(join(tmpdir(), `bk-${label}-`));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  // Our packages depend on each other by version (`@bridgekit/core: 0.1.0`); overrides send
  // those to the tarballs too, so nothing is fetched from the registry under our names.
  const overrides = Object.fromEntries(
    Object.entries(dependencies).filter(([name]) => name.startsWith('@bridgekit/')),
  );
  const manifest = { name: `scratch-${label}`, private: true, dependencies, overrides, ...extra };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  return dir;
}

/**
 * A scratch project in the system temp folder (outside the workspace, so nothing resolves
 * through it) with `dependencies` installed by `npm install`: tarball paths for our packages,
 * locked versions for everything else.
 * @param {string} label folder name prefix
 * @param {Record<string, string>} dependencies name -> version or tarball path
 * @param {object} [extra] more package.json fields (type, scripts, jest…)
 * @param {Record<string, string>} [files] relative path -> content, written before the install
 *   (test files, configs, `.npmrc`)
 */
export function scratchProject(label, dependencies, extra = {}, files = {}) {
  const dir = prepareScratch(label, dependencies, extra, files);
  execFileSync('npm', installArgs, { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
  return dir;
}

/** {@link scratchProject} with the install in the background, so several run at once. */
export function scratchProjectAsync(label, dependencies, extra = {}, files = {}) {
  const dir = prepareScratch(label, dependencies, extra, files);
  return new Promise((resolvePromise, reject) => {
    const child = spawn('npm', installArgs, { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolvePromise(dir) : reject(new Error(`npm install in ${dir} exited ${code}`)),
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tarballs = packAll(process.argv[2]);
  for (const [name, path] of Object.entries(tarballs)) console.log(`${name} ${path}`);
}
