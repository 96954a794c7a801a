// npm test's check of what no npm install brings (Chromium, DRF + django-filter, Laravel 8 +
// PHP's SQLite driver), with an
// injected machine: nothing is installed or removed here.
import { describe, expect, it } from 'vitest';
import { decide, findMissing, LARAVEL_CHECK, PHP, realSystem } from '../prerequisites.mjs';

const DRF = ['python3-djangorestframework', 'python3-django-filters'];
const LARAVEL = ['php-laravel-framework', 'php-cli', 'php-sqlite3'];
const machine = ({ files = [], env = {}, drf = true, laravel = true } = {}) => ({
  env,
  exists: (path) => files.includes(path),
  run: (command, args) => {
    if (
      command === '/usr/bin/python3' &&
      args.join(' ') === '-c import rest_framework, django_filters'
    ) {
      return drf ? 0 : 1;
    }
    if (command === '/usr/bin/php' && args.join(' ') === LARAVEL_CHECK.join(' ')) {
      return laravel ? 0 : 1;
    }
    return 127;
  },
});

describe('findMissing', () => {
  it('finds nothing missing on a machine with both', () => {
    expect(findMissing(machine({ files: ['/usr/bin/chromium'] }))).toEqual({
      packages: [],
      problems: [],
    });
  });
  it('names the Debian packages of a fresh machine', () => {
    expect(findMissing(machine({ drf: false, laravel: false }))).toEqual({
      packages: ['chromium', ...DRF, ...LARAVEL],
      problems: [],
    });
    expect(findMissing(machine({ files: ['/usr/bin/chromium'], drf: false })).packages).toEqual(
      DRF,
    );
  });
  it('names Laravel, PHP and its SQLite driver when the Laravel app could not boot', () => {
    expect(findMissing(machine({ files: ['/usr/bin/chromium'], laravel: false }))).toEqual({
      packages: LARAVEL,
      problems: [],
    });
  });
  it("the Laravel check is PHP that passes here (npm test installed the packages) and fails without Debian's autoloader", () => {
    expect(realSystem.run(PHP, LARAVEL_CHECK)).toBe(0);
    const elsewhere = LARAVEL_CHECK[1].replace('/usr/share/php/', '/nonexistent/');
    expect(realSystem.run(PHP, ['-r', elsewhere])).toBe(1);
  });
  it('takes CHROMIUM_PATH instead of /usr/bin/chromium; a wrong one is a problem, not a package', () => {
    const env = { CHROMIUM_PATH: '/opt/chrome/chrome' };
    expect(findMissing(machine({ env, files: ['/opt/chrome/chrome'] })).packages).toEqual([]);
    expect(findMissing(machine({ env, files: ['/usr/bin/chromium'] }))).toEqual({
      packages: [],
      problems: ['CHROMIUM_PATH is /opt/chrome/chrome: no such file'],
    });
  });
});

describe('decide', () => {
  const missing = { packages: ['chromium', ...DRF, ...LARAVEL], problems: [] };
  it('goes on when nothing is missing', () => {
    expect(decide({ packages: [], problems: [] }, { isRoot: false, hasAptGet: false })).toEqual({
      action: 'ok',
    });
  });
  it('installs only as root with apt-get', () => {
    expect(decide(missing, { isRoot: true, hasAptGet: true })).toEqual({
      action: 'install',
      packages: ['chromium', ...DRF, ...LARAVEL],
    });
  });
  it('otherwise stops with the exact command', () => {
    for (const how of [
      { isRoot: false, hasAptGet: true },
      { isRoot: true, hasAptGet: false },
    ]) {
      const decision = decide(missing, how);
      expect(decision.action).toBe('stop');
      expect(decision.messages).toContain(
        '  sudo apt-get install -y chromium python3-djangorestframework python3-django-filters php-laravel-framework php-cli php-sqlite3',
      );
    }
  });
  it('stops on a problem no package fixes, even as root', () => {
    expect(
      decide(
        { packages: [], problems: ['CHROMIUM_PATH is /x: no such file'] },
        {
          isRoot: true,
          hasAptGet: true,
        },
      ),
    ).toEqual({ action: 'stop', messages: ['CHROMIUM_PATH is /x: no such file'] });
  });
});
