#!/usr/bin/env node
// The Metro + Hermes stage of `npm test`: React Native as users run it. Needs `npm run build`.
//
// 1. Packs every package (`npm pack`) and installs the tarballs in a scratch project outside
//    the workspace, beside react, react-native, swr, Metro and React Native's Metro config at
//    the versions of the root lock: what an app installs.
// 2. The app's metro.config.js is the React Native template's, as generated, and stays so: the
//    development start-up bundle of an app importing @bridgekit/react-native must hold one SWR
//    and start on Hermes (metro-app/swr-check-entry.js, native peers stubbed), no
//    `withBridgekit` needed. `withBridgekit` stays for an app that imports an SWR subpath
//    itself (metro-app/swr-subpath-entry.js): with the template's config that app holds two
//    SWRs (Metro takes SWR's CommonJS stub for `swr/infinite`), wrapped in `withBridgekit` one.
// 3. Metro bundles a small app (scripts/ship/metro-app) for android and for ios with the
//    template's config as generated (package exports, the `react-native` condition): each
//    bundle must hold exactly one copy of SWR.
// 4. Metro bundles the request path (metro-app/hermes-entry.js: `createClient` from
//    @bridgekit/core with React Native's own polyfills, no DOMException); React Native's Hermes
//    compiler (hermes-compiler) must compile it, and a Hermes VM (hermes-engine-cli) runs it:
//    a time-out resolves `{ success: false, code: 'TIMEOUT' }`, a JSON answer is read, an abort
//    is reported, credentials in a base URL are refused.
//
// Prints one line per check and `metro-hermes: N passed, N failed`; exits 1 on any failure.
// `--keep` keeps the scratch project (its path is printed); `--report <file>` writes the counts
// as JSON (`{ "passed": N, "failed": N }`) for scripts/test.mjs.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockedVersion, packAll, root, scratchProject } from './pack.mjs';

const started = Date.now();
const keep = process.argv.includes('--keep');
const appFiles = fileURLToPath(new URL('./metro-app/', import.meta.url));
let passed = 0;
let failed = 0;

function check(name, ok, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} metro-hermes: ${name}${detail ? ` (${detail})` : ''}`);
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** The Hermes binaries for this machine, or undefined where npm ships none. */
function hermesBinaries() {
  const dir = { linux: 'linux64-bin', darwin: 'osx-bin', win32: 'win64-bin' }[process.platform];
  if (dir === undefined) return undefined;
  const exe = process.platform === 'win32' ? '.exe' : '';
  const requireRoot = createRequire(join(root, 'package.json'));
  const compilerDir = join(requireRoot.resolve('hermes-compiler/package.json'), '..');
  const vmDir = join(requireRoot.resolve('hermes-engine-cli/package.json'), '..');
  return {
    hermesc: join(compilerDir, 'hermesc', dir, `hermesc${exe}`),
    hermes: join(vmDir, dir, `hermes${exe}`),
  };
}

/**
 * The copies of SWR in a bundle, from its source map: one per folder holding SWR's shared
 * module (`config-context-*`, where its React contexts live), named by file format.
 */
function swrCopies(map) {
  const sources = JSON.parse(map).sources;
  const contexts = sources.filter((s) => /node_modules\/swr\/dist\/config-context-[^/]+$/.test(s));
  return contexts.map((s) => s.replace(/^.*node_modules\/swr\/dist\//, ''));
}

let app;
const packDir = mkdtempSync(join(tmpdir(), 'bk-pack-'));
try {
  // 1. The tarballs in a scratch project.
  let since = Date.now();
  const tarballs = packAll(packDir);
  const deps = {
    '@bridgekit/core': tarballs['@bridgekit/core'],
    '@bridgekit/react': tarballs['@bridgekit/react'],
    '@bridgekit/react-native': tarballs['@bridgekit/react-native'],
  };
  for (const name of [
    'react',
    'react-native',
    'swr',
    '@react-native-async-storage/async-storage',
    '@react-native-community/netinfo',
    'metro',
    'metro-cache',
    '@react-native/metro-config',
    '@react-native/babel-preset',
    '@babel/core',
    '@babel/runtime',
  ]) {
    deps[name] = lockedVersion(name);
  }
  app = scratchProject('metro', deps);
  cpSync(appFiles, app, { recursive: true });
  console.log(`metro-hermes: scratch project ready in ${seconds(since)}: ${app}`);

  const requireApp = createRequire(join(app, 'package.json'));
  const Metro = requireApp('metro');
  const bundleOutput = requireApp('metro/private/shared/output/bundle');
  const { withBridgekit } = requireApp('@bridgekit/react-native/metro');
  // The app's metro.config.js is the React Native template's, as generated; only what this
  // machine needs (two workers, the transform cache inside the scratch project) is set here.
  const template = await Metro.loadConfig({ cwd: app, config: join(app, 'metro.config.js') });
  const { FileStore } = requireApp('metro-cache');
  const machine = {
    maxWorkers: 2,
    cacheStores: [new FileStore({ root: join(app, '.metro-cache') })],
    reporter: { update() {} },
  };

  /**
   * Builds `jobs` (`{ name, entry, platform, dev }`) side by side on one Metro server (one
   * crawl of the project) with `config`: `runBuild` hands its server to `output.build`, which
   * builds every job on it. Each job gets `result` (`{ code, map }`) or `error`, and `seconds`.
   */
  async function bundle(config, jobs) {
    await Metro.runBuild(
      { ...config, ...machine },
      {
        entry: jobs[0].entry,
        platform: jobs[0].platform,
        dev: false,
        minify: false,
        sourceMap: true,
        sourceMapUrl: 'bundle.map',
        output: {
          async build(server, requestOptions) {
            await Promise.all(
              jobs.map(async (job) => {
                const started = Date.now();
                try {
                  job.result = await bundleOutput.build(server, {
                    ...requestOptions,
                    entryFile: job.entry,
                    platform: job.platform,
                    dev: job.dev === true,
                  });
                } catch (error) {
                  job.error = error;
                }
                job.seconds = seconds(started);
              }),
            );
            return { code: '', map: '{}' };
          },
          save: async () => {},
        },
      },
    );
    for (const job of jobs) {
      if (job.error !== undefined) {
        check(`${job.name} builds`, false, String(job.error?.message ?? job.error).slice(0, 2000));
      }
    }
  }

  // 2. The start-up of an app in development with the template's Metro config as generated:
  //    one SWR, and it starts. Then an app that imports `swr/infinite` itself, with that config
  //    (two SWRs: what withBridgekit is for) and wrapped in withBridgekit (one). The Hermes
  //    command line has no native side, so these bundles get a stub for react-native, NetInfo
  //    and AsyncStorage (nativeStub.js); SWR resolves as in the app.
  const NATIVE = new Set([
    'react-native',
    '@react-native-community/netinfo',
    '@react-native-async-storage/async-storage',
  ]);
  const stubNatives = (context, name, platform) =>
    NATIVE.has(name)
      ? { type: 'sourceFile', filePath: join(app, 'nativeStub.js') }
      : context.resolveRequest(context, name, platform);
  const withStubs = {
    ...template,
    resolver: { ...template.resolver, resolveRequest: stubNatives },
  };
  const bins = hermesBinaries();
  const development = (name, entry) => ({ name, entry, platform: 'android', dev: true });
  const startUp = development(
    'start-up bundle (the template metro.config.js)',
    'swr-check-entry.js',
  );
  const subpath = [
    {
      ...development('swr/infinite app (the template metro.config.js)', 'swr-subpath-entry.js'),
      copies: 2,
      setup: 'the template metro.config.js',
    },
    {
      ...development('swr/infinite app (withBridgekit)', 'swr-subpath-entry.js'),
      copies: 1,
      setup: 'withBridgekit',
    },
  ];
  since = Date.now();
  await bundle(withStubs, [startUp, subpath[0]]);
  await bundle(withBridgekit(withStubs), [subpath[1]]);
  console.log(`metro-hermes: development bundles built in ${seconds(since)}`);

  if (startUp.result !== undefined) {
    const copies = swrCopies(startUp.result.map);
    check(
      'the template metro.config.js, no withBridgekit: the development bundle has one copy of SWR',
      copies.length === 1,
      copies.join(', ') || 'none',
    );
    if (bins !== undefined) {
      const file = join(app, 'swr-check.bundle.js');
      writeFileSync(file, startUp.result.code);
      const ran = spawnSync(bins.hermes, ['-Xmicrotask-queue', file], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      const line = (ran.stdout ?? '').split('\n').find((l) => l.startsWith('CHECK start ')) ?? '';
      check(
        'the template metro.config.js, no withBridgekit: the app starts',
        line === 'CHECK start ok',
        line.slice(0, 400) || `no result: exit ${ran.status} ${(ran.stderr ?? '').slice(-600)}`,
      );
    }
  }
  for (const job of subpath) {
    if (job.result === undefined) continue;
    const copies = swrCopies(job.result.map);
    check(
      `an app importing swr/infinite itself, ${job.setup}: ${job.copies === 1 ? 'one copy' : 'two copies'} of SWR`,
      copies.length === job.copies,
      copies.join(', ') || 'none',
    );
  }

  // 3. The app, for android and ios, with the template's Metro config as generated, and the
  //    request path on Hermes.
  const jobs = [
    { name: 'android bundle', entry: 'index.js', platform: 'android' },
    { name: 'ios bundle', entry: 'index.js', platform: 'ios' },
    { name: 'hermes entry bundle', entry: 'hermes-entry.js', platform: 'android' },
  ];
  since = Date.now();
  await bundle(template, jobs);
  console.log(`metro-hermes: three Metro bundles in ${seconds(since)}`);

  for (const job of jobs.slice(0, 2)) {
    if (job.result === undefined) continue;
    const copies = swrCopies(job.result.map);
    check(
      `the template metro.config.js, no withBridgekit: the ${job.platform} bundle has one copy of SWR`,
      copies.length === 1,
      `${copies.join(', ') || 'none'}; ${Math.round(job.result.code.length / 1024)} KB in ${job.seconds}`,
    );
  }

  since = Date.now();
  const hermesBundle = join(app, 'hermes-entry.bundle.js');
  const bundled = jobs[2].result !== undefined;
  if (bundled) writeFileSync(hermesBundle, jobs[2].result.code);
  if (bundled && bins === undefined) {
    check('hermes binaries for this platform', false, process.platform);
  } else if (bundled) {
    const compiled = spawnSync(
      bins.hermesc,
      ['-emit-binary', '-O', '-out', join(app, 'hermes-entry.hbc'), hermesBundle],
      { encoding: 'utf8' },
    );
    check(
      "React Native's Hermes compiler (hermes-compiler) compiles the bundle",
      compiled.status === 0,
      compiled.status === 0
        ? ''
        : (compiled.stderr || compiled.error?.message || '').slice(0, 2000),
    );
    // The VM compiles the source itself (its bytecode version is its own), with the
    // microtask queue React Native enables.
    const ran = spawnSync(bins.hermes, ['-Xmicrotask-queue', hermesBundle], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    const lines = (ran.stdout ?? '').split('\n');
    const expected = ['no-DOMException', 'rn-polyfills', 'timeout', 'success', 'abort'];
    expected.push('credentials-refused');
    for (const name of expected) {
      const line = lines.find((l) => l.startsWith(`CHECK ${name} `));
      check(
        `hermes: ${name}`,
        line?.startsWith(`CHECK ${name} ok`) === true,
        line === undefined ? 'no result: the promise never settled' : line.slice(0, 300),
      );
    }
    const other = lines.filter(
      (l) => l.startsWith('CHECK ') && !expected.some((name) => l.startsWith(`CHECK ${name} `)),
    );
    for (const line of other) check(`hermes: ${line.split(' ')[1]}`, false, line.slice(0, 2000));
    const ended = ran.status === 0 && lines.includes('DONE');
    check(
      'hermes run ends (DONE, exit 0)',
      ended,
      ended
        ? ''
        : `exit ${ran.status}${ran.error ? ` ${ran.error.message}` : ''} ${(ran.stderr ?? '').slice(0, 1000)}`,
    );
    console.log(`metro-hermes: hermes compile and run in ${seconds(since)}`);
  }
} catch (error) {
  check('stage', false, String(error?.stack ?? error));
} finally {
  rmSync(packDir, { recursive: true, force: true });
  if (app !== undefined && !keep) rmSync(app, { recursive: true, force: true });
}

const reportAt = process.argv.indexOf('--report');
if (reportAt !== -1) writeFileSync(process.argv[reportAt + 1], JSON.stringify({ passed, failed }));
console.log(`metro-hermes: stage wall time ${seconds(started)}`);
console.log(`metro-hermes: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
