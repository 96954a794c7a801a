// Packs the published packages the way `npm publish` would (`npm pack`), into one folder, and
// makes scratch projects outside the workspace that install those tarballs: what a user
// installs is what the "ships" checks load. Needs `npm run build` first.
//
// As a command (`npm run pack`, which builds first) it writes the tarballs into `packs/`:
//   node scripts/ship/pack.mjs              every published package
//   node scripts/ship/pack.mjs react        @bridgekit/react and the packages it depends on
// An app installs them all in one `npm install packs/*.tgz` (their exact ranges between each
// other resolve to the tarballs beside them; alone, one would be looked up on the registry).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));

/**
 * The workspaces that are published (not `private`), in the root package.json's order, each
 * with its folder and the published packages it depends on.
 * @type {Array<{ name: string, dir: string, internal: string[] }>}
 */
export const publishedPackages = (() => {
  const manifests = readJson('package.json').workspaces.map((dir) => ({
    dir,
    manifest: readJson(`${dir}/package.json`),
  }));
  const published = manifests.filter(({ manifest }) => !manifest.private);
  const names = new Set(published.map(({ manifest }) => manifest.name));
  return published.map(({ dir, manifest }) => ({
    name: manifest.name,
    dir,
    internal: Object.keys(manifest.dependencies ?? {}).filter((dep) => names.has(dep)),
  }));
})();

/**
 * The published packages an app needs for `wanted` (names, with or without the `@bridgekit/`
 * scope): each one and those it depends on. Every published package when `wanted` is empty.
 * An unknown name is a `RangeError` listing the known ones.
 * @param {string[]} [wanted]
 * @returns {string[]} npm names, in publishing order
 */
export function packagesFor(wanted = []) {
  if (wanted.length === 0) return publishedPackages.map((p) => p.name);
  const byName = new Map(publishedPackages.map((p) => [p.name, p]));
  const needed = new Set();
  const add = (name) => {
    if (needed.has(name)) return;
    needed.add(name);
    for (const dep of byName.get(name).internal) add(dep);
  };
  for (const want of wanted) {
    const name = want.startsWith('@') ? want : `@bridgekit/${want}`;
    if (!byName.has(name)) {
      const known = publishedPackages.map((p) => p.name.replace('@bridgekit/', '')).join(', ');
      throw new RangeError(`pack: no published package "${want}" (known: ${known})`);
    }
    add(name);
  }
  return publishedPackages.map((p) => p.name).filter((name) => needed.has(name));
}

/** The root lock's version of a dev dependency, so scratch projects use what CI tested. */
export function lockedVersion(name) {
  const lock = readJson('package-lock.json');
  const entry = lock.packages[`node_modules/${name}`];
  if (!entry) throw new Error(`pack: ${name} is not in package-lock.json`);
  return entry.version;
}

/**
 * Packs the packages `wanted` needs (see {@link packagesFor}; every published one by default)
 * into `dir` (a fresh temporary folder when omitted). Under `npm test`, which packs every
 * package once for all its stages, it returns those tarballs (`BK_PACKED`) instead.
 * @param {string} [dir]
 * @param {string[]} [wanted]
 * @returns {Record<string, string>} npm name -> absolute tarball path
 */
export function packAll(dir, wanted = []) {
  const names = packagesFor(wanted);
  if (process.env.BK_PACKED) {
    const packed = JSON.parse(process.env.BK_PACKED);
    return Object.fromEntries(names.map((name) => [name, packed[name]]));
  }
  dir ??= mkdtempSync(join(tmpdir(), 'bk-pack-'));
  mkdirSync(dir, { recursive: true });
  const tarballs = {};
  for (const { dir: packageDir } of publishedPackages.filter((p) => names.includes(p.name))) {
    const out = execFileSync(
      'npm',
      ['pack', '--json', '--silent', '--pack-destination', dir, `./${packageDir}`],
      { cwd: root, encoding: 'utf8' },
    );
    const [info] = JSON.parse(out);
    tarballs[info.name] = resolve(dir, info.filename);
  }
  return tarballs;
}

/** What every install of a scratch project adds: the npm cache first, no audit, no scripts. */
export const installFlags = [
  '--prefer-offline',
  '--no-audit',
  '--no-fund',
  '--ignore-scripts',
  '--loglevel=error',
];
const installArgs = ['install', ...installFlags];

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
  // `npm run pack [-- name…]`: the tarballs in packs/, and nothing else there (a tarball of an
  // earlier version left beside them would be installed too by `packs/*.tgz`).
  const out = join(root, 'packs');
  mkdirSync(out, { recursive: true });
  for (const file of readdirSync(out).filter((f) => f.endsWith('.tgz'))) rmSync(join(out, file));
  let tarballs;
  try {
    tarballs = packAll(out, process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof RangeError ? error.message : error);
    process.exit(1);
  }
  for (const path of Object.values(tarballs)) console.log(relative(process.cwd(), path));
  console.log(
    `\nIn your app, install them in one command, with your framework's peers:\n  npm install ${join(out, '*.tgz')}`,
  );
}
