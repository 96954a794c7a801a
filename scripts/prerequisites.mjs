// What `npm test` needs from the system that no `npm install` brings: Chromium (the e2e suites
// and the cookie tests drive it through playwright-core), Django REST Framework with
// django-filter in Debian's Python (the djangoRest() dialect tests start a real DRF server) and
// Laravel 8 with PHP's SQLite driver (the laravel() dialect tests start a real Laravel app).
// Missing ones are installed with apt-get when running as root where apt-get exists (as CI
// does, see .ci/run); otherwise npm test stops at once with the command to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's interpreter: the one python3-djangorestframework installs into. */
export const PYTHON = '/usr/bin/python3';
/** Debian's PHP, with php-laravel-framework's autoloader and the SQLite driver the Laravel app needs. */
export const PHP = '/usr/bin/php';
export const LARAVEL_CHECK = [
  '-r',
  "exit(extension_loaded('pdo_sqlite') && is_file('/usr/share/php/Illuminate/autoload.php') ? 0 : 1);",
];
export const LARAVEL_PACKAGES = ['php-laravel-framework', 'php-cli', 'php-sqlite3'];
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const APT_GET = '/usr/bin/apt-get';

/**
 * The Debian packages missing for npm test, and problems no package fixes.
 * @param {{ env: Record<string, string | undefined>, exists(path: string): boolean,
 *   run(command: string, args: string[]): number }} system
 * @returns {{ packages: string[], problems: string[] }}
 *
 * @example
 * findMissing({ env: {}, exists: () => false, run: () => 1 });
 * // { packages: ['chromium', 'python3-djangorestframework', 'python3-django-filters',
 * //   'php-laravel-framework', 'php-cli', 'php-sqlite3'], problems: [] }
 */
export function findMissing(system) {
  const packages = [];
  const problems = [];
  const chromium = system.env.CHROMIUM_PATH;
  if (chromium) {
    if (!system.exists(chromium)) problems.push(`CHROMIUM_PATH is ${chromium}: no such file`);
  } else if (!system.exists(DEFAULT_CHROMIUM)) {
    packages.push('chromium');
  }
  if (system.run(PYTHON, ['-c', 'import rest_framework, django_filters']) !== 0) {
    packages.push('python3-djangorestframework', 'python3-django-filters');
  }
  // A missing /usr/bin/php fails the check too (spawnSync has no status).
  if (system.run(PHP, LARAVEL_CHECK) !== 0) packages.push(...LARAVEL_PACKAGES);
  return { packages, problems };
}

/**
 * What to do about `missing`: nothing, install the packages (only as root with apt-get), or
 * stop with the command that installs them.
 * @returns {{ action: 'ok' } | { action: 'install', packages: string[] }
 *   | { action: 'stop', messages: string[] }}
 */
export function decide(missing, { isRoot, hasAptGet }) {
  if (missing.problems.length) return { action: 'stop', messages: missing.problems };
  if (missing.packages.length === 0) return { action: 'ok' };
  if (isRoot && hasAptGet) return { action: 'install', packages: missing.packages };
  return {
    action: 'stop',
    messages: [
      `npm test needs ${missing.packages.join(', ')} (Debian packages). Install them with:`,
      `  sudo apt-get install -y ${missing.packages.join(' ')}`,
    ],
  };
}

/** This machine, as `findMissing` sees it. */
export const realSystem = {
  env: process.env,
  exists: existsSync,
  run: (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status ?? 1,
};

/**
 * Checks the prerequisites and acts on what is missing; `true` when npm test may go on.
 * @param {typeof realSystem} [system]
 */
export function ensurePrerequisites(system = realSystem) {
  const missing = findMissing(system);
  const decision = decide(missing, {
    isRoot: process.getuid?.() === 0,
    hasAptGet: system.exists(APT_GET),
  });
  if (decision.action === 'ok') return true;
  if (decision.action === 'stop') {
    for (const message of decision.messages) console.error(message);
    return false;
  }
  console.log(`npm test: installing ${decision.packages.join(' ')} (apt-get, as root)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => spawnSync(APT_GET, args, { stdio: 'inherit', env }).status === 0;
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', ...decision.packages])) {
    console.error(`npm test: apt-get install ${decision.packages.join(' ')} failed`);
    return false;
  }
  const after = findMissing(system);
  if (after.packages.length || after.problems.length) {
    console.error(`npm test: still missing after apt-get: ${after.packages.join(' ')}`);
    return false;
  }
  return true;
}
