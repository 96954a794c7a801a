/**
 * `@bridgekit/server` installs as a user installs it, on every Node its `engines` names: the
 * packed tarball goes into a scratch project outside the workspace (whose `overrides` would
 * hide what users get) with `npm install --engine-strict`, which fails on any dependency that
 * does not support the Node running it; and every installed package's `engines.node` must
 * cover the whole range the server promises (Node 22 and 24 as well as this one).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const ours = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const scratch = mkdtempSync(join(tmpdir(), 'bk-server-engines-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every package.json under a node_modules folder, scoped packages and nested copies included. */
function installed(modules: string): Array<{ name: string; version: string; engines?: any }> {
  let names: string[];
  try {
    names = readdirSync(modules);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    if (name.startsWith('.')) return [];
    if (name.startsWith('@')) return installed(join(modules, name));
    const dir = join(modules, name);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return [manifest, ...installed(join(dir, 'node_modules'))];
  });
}

describe('@bridgekit/server as installed from its tarball', () => {
  it('installs with --engine-strict, and every dependency supports every Node it names', () => {
    const [packed] = JSON.parse(
      execFileSync(
        'npm',
        ['pack', '--json', '--silent', '--pack-destination', scratch, packageDir],
        {
          encoding: 'utf8',
        },
      ),
    );
    const project = join(scratch, 'project');
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'scratch', private: true, dependencies: {} }),
    );
    const install = spawnSync(
      'npm',
      [
        'install',
        '--engine-strict',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        join(scratch, packed.filename),
      ],
      { cwd: project, encoding: 'utf8' },
    );
    expect(install.status, install.stderr).toBe(0);

    // npm's own range logic (the semver package fastify depends on, installed with it).
    const semver = createRequire(join(project, 'package.json'))('semver');
    const promised: string = ours.engines.node;
    const narrower = installed(join(project, 'node_modules'))
      .filter(({ engines }) => typeof engines?.node === 'string')
      .filter(({ engines }) => !semver.subset(promised, engines.node))
      .map(({ name, version, engines }) => `${name}@${version} wants node ${engines.node}`);
    expect(narrower, `@bridgekit/server promises node ${promised}`).toEqual([]);
  }, 180_000);
});
