// npm test's check of what no npm install brings (Chromium, DRF + django-filter), with an
// injected machine: nothing is installed or removed here.
import { describe, expect, it } from 'vitest';
import { decide, findMissing } from '../prerequisites.mjs';

const DRF = ['python3-djangorestframework', 'python3-django-filters'];
const machine = ({ files = [], env = {}, drf = true } = {}) => ({
  env,
  exists: (path) => files.includes(path),
  run: (command, args) =>
    command === '/usr/bin/python3' && args.join(' ') === '-c import rest_framework, django_filters'
      ? drf
        ? 0
        : 1
      : 127,
});

describe('findMissing', () => {
  it('finds nothing missing on a machine with both', () => {
    expect(findMissing(machine({ files: ['/usr/bin/chromium'] }))).toEqual({
      packages: [],
      problems: [],
    });
  });
  it('names the Debian packages of a fresh machine', () => {
    expect(findMissing(machine({ drf: false }))).toEqual({
      packages: ['chromium', ...DRF],
      problems: [],
    });
    expect(findMissing(machine({ files: ['/usr/bin/chromium'], drf: false })).packages).toEqual(
      DRF,
    );
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
  const missing = { packages: ['chromium', ...DRF], problems: [] };
  it('goes on when nothing is missing', () => {
    expect(decide({ packages: [], problems: [] }, { isRoot: false, hasAptGet: false })).toEqual({
      action: 'ok',
    });
  });
  it('installs only as root with apt-get', () => {
    expect(decide(missing, { isRoot: true, hasAptGet: true })).toEqual({
      action: 'install',
      packages: ['chromium', ...DRF],
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
        '  sudo apt-get install -y chromium python3-djangorestframework python3-django-filters',
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
