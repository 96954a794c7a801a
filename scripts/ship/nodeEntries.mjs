// Plain Node, no alias or module mapping: every `exports` entry of every package, installed from
// its tarball, loads with `import` (ES modules) and with `require` (CommonJS), has the names
// node/expected.json lists with the same types in both, and works: the SWR-backed hooks render,
// the reference server answers the core client, the React Native storage adapter finds
// AsyncStorage's default export.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { lockedVersion } from './pack.mjs';

const here = new URL('./node/', import.meta.url);
const expected = JSON.parse(readFileSync(new URL('expected.json', here), 'utf8'));

/**
 * React Native's three packages do not load in plain Node (`react-native` and NetInfo need a
 * native runtime; AsyncStorage 3 ships ES modules with extensionless imports, for Metro), so
 * these stand-ins take their place, each shaped like the real package's module format:
 * `react-native` has the names the builds import (read from the installed builds, so a new import
 * needs no edit here) as host-component strings and the few APIs called at load; NetInfo is
 * CommonJS with `__esModule` and a default object; AsyncStorage is an ES module whose default
 * export is the storage.
 */
function nativeStubs(dir) {
  // The React Native package's build and the devtools' native one.
  const build = ['@bridgekit/react-native/dist/index.js', '@bridgekit/devtools/dist/native.js']
    .map((file) => readFileSync(join(dir, 'node_modules', file), 'utf8'))
    .join('\n');
  const names = new Set();
  for (const [, list] of build.matchAll(/import\s*\{([^}]*)\}\s*from\s*"react-native"/g)) {
    for (const spec of list.split(',')) {
      const name = spec.trim().split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  const apis = {
    StyleSheet: '{ create: (styles) => styles, flatten: (style) => style }',
    Platform: "{ OS: 'ios', select: (choices) => choices.ios ?? choices.default }",
    AppState: "{ currentState: 'active', addEventListener: () => ({ remove() {} }) }",
  };
  const reactNative = [...names]
    .map((name) => `exports.${name} = ${apis[name] ?? `'${name}'`};`)
    .join('\n');
  // NetInfo's CommonJS build: __esModule, a default object and the same functions as names.
  const netInfo = [
    "Object.defineProperty(exports, '__esModule', { value: true });",
    'const addEventListener = () => () => {};',
    'const fetch = async () => ({ isConnected: true, isInternetReachable: true });',
    'exports.addEventListener = addEventListener;',
    'exports.fetch = fetch;',
    'exports.default = { addEventListener, fetch };',
  ].join('\n');
  const asyncStorage = [
    'const memory = new Map();',
    'export default {',
    '  getItem: async (key) => memory.get(key) ?? null,',
    '  setItem: async (key, value) => void memory.set(key, value),',
    '  removeItem: async (key) => void memory.delete(key),',
    '};',
    'export const createAsyncStorage = () => {',
    "  throw new Error('not in this stand-in');",
    '};',
  ].join('\n');
  const manifest = (name, fields = { main: 'index.js' }) =>
    JSON.stringify({ name, version: lockedVersion(name), ...fields });
  const asyncStorageName = '@react-native-async-storage/async-storage';
  return {
    'node_modules/react-native/package.json': manifest('react-native'),
    'node_modules/react-native/index.js': reactNative,
    'node_modules/@react-native-community/netinfo/package.json': manifest(
      '@react-native-community/netinfo',
    ),
    'node_modules/@react-native-community/netinfo/index.js': netInfo,
    [`node_modules/${asyncStorageName}/package.json`]: manifest(asyncStorageName, {
      type: 'module',
      exports: './index.js',
    }),
    [`node_modules/${asyncStorageName}/index.js`]: asyncStorage,
  };
}

/** The scratch project: every tarball and the web peers. */
export function nodeProject(tarballs) {
  return {
    label: 'node',
    dependencies: {
      ...tarballs,
      react: lockedVersion('react'),
      'react-dom': lockedVersion('react-dom'),
      swr: lockedVersion('swr'),
      next: lockedVersion('next'),
    },
    files: {
      // Peers are not installed for us: React Native's are the stand-ins checkNodeEntries
      // writes after the install (npm would remove them as extraneous).
      '.npmrc': 'legacy-peer-deps=true\n',
      'probe.cjs': readFileSync(new URL('probe.cjs', here), 'utf8'),
      'expected.json': JSON.stringify(expected),
    },
  };
}

function probe(dir, mode) {
  const out = execFileSync(process.execPath, ['probe.cjs', mode], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 60_000,
  });
  return JSON.parse(out);
}

/** @param {string} dir the scratch project @param {ReturnType<import('./report.mjs').createReport>} report */
export async function checkNodeEntries(dir, report) {
  for (const [path, content] of Object.entries(nativeStubs(dir))) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  const runs = {};
  for (const mode of ['import', 'require']) runs[mode] = probe(dir, mode);

  for (const [specifier, names] of Object.entries(expected)) {
    for (const mode of ['import', 'require']) {
      await report.test(`${mode} ${specifier}: loads with the expected exports`, () => {
        const entry = runs[mode].entries[specifier];
        if (entry.error) throw new Error(entry.error);
        const wrong = Object.entries(names)
          .filter(([name, type]) => entry.shape[name] !== type)
          .map(([name, type]) => `${name}: ${entry.shape[name] ?? 'missing'} (want ${type})`);
        if (wrong.length) throw new Error(wrong.join('\n'));
      });
    }
    await report.test(`${specifier}: import and require export the same names and types`, () => {
      const esm = runs.import.entries[specifier].shape ?? {};
      const cjs = runs.require.entries[specifier].shape ?? {};
      const names = new Set([...Object.keys(esm), ...Object.keys(cjs)]);
      const differ = [...names]
        .filter((name) => esm[name] !== cjs[name])
        .map(
          (name) => `${name}: import ${esm[name] ?? 'missing'}, require ${cjs[name] ?? 'missing'}`,
        );
      if (differ.length) throw new Error(differ.join('\n'));
    });
  }

  for (const mode of ['import', 'require']) {
    for (const [name, result] of Object.entries(runs[mode].results)) {
      await report.test(`${mode}: ${name}`, () => {
        if (!result.ok) throw new Error(result.error);
      });
    }
  }
}
