/**
 * `@bridgekit/react-native/metro`: `withBridgekit(config)` for an app's metro.config.js, so
 * Metro bundles one copy of SWR even when the app imports an SWR subpath itself. Optional:
 * Bridgekit's own packages import SWR's main entry only, and with it the template's config
 * bundles one SWR.
 *
 * SWR ships stub folders (`swr/infinite/package.json`, `swr/mutation/package.json`…) for
 * runtimes without package exports. Metro (0.84, React Native 0.86) reads the closest
 * package.json, the stub, for `swr/infinite` instead of the `exports` of `swr`, so it takes the
 * stub's `main`: SWR's CommonJS build, while `swr` itself resolves to its ES build. An app that
 * imports `swr/infinite` (or `swr/mutation`, `swr/immutable`, `swr/subscription`) then holds two
 * SWRs with two React contexts: the hooks of that subpath ignore the `SWRConfig` and the cache
 * of the rest of the app. `withBridgekit` resolves every `swr/<subpath>` through the `exports`
 * of `swr`, with the condition Metro uses for the `swr` import beside it (`import` for an
 * import statement, `require` for `require()`).
 *
 * @example
 * // metro.config.js
 * const { getDefaultConfig } = require('@react-native/metro-config');
 * const { withBridgekit } = require('@bridgekit/react-native/metro');
 * module.exports = withBridgekit(getDefaultConfig(__dirname));
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const SWR_SUBPATH = /^swr\/([^/]+)$/;

/** The target of one exports entry for a list of conditions (first matching key wins). */
function pick(entry, conditions) {
  if (typeof entry === 'string') return entry;
  if (entry === null || typeof entry !== 'object') return undefined;
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'types') continue;
    if (key === 'default' || conditions.includes(key)) {
      const target = pick(value, conditions);
      if (target !== undefined) return target;
    }
  }
  return undefined;
}

/**
 * Returns `config` with a `resolver.resolveRequest` that sends `swr/<subpath>` to the file the
 * `exports` of `swr` name; everything else goes to the app's own `resolveRequest`, if any, or
 * to Metro's.
 * @param {import('metro-config').InputConfigT} config the app's Metro config
 */
function withBridgekit(config) {
  const resolver = config.resolver ?? {};
  const upstream = resolver.resolveRequest;
  const manifests = new Map();
  function resolveRequest(context, moduleName, platform) {
    const next = upstream ?? context.resolveRequest;
    const match = SWR_SUBPATH.exec(moduleName);
    if (match !== null && match[1] !== 'package.json') {
      const manifest = next(context, 'swr/package.json', platform);
      if (manifest.type === 'sourceFile') {
        let exportsField = manifests.get(manifest.filePath);
        if (exportsField === undefined) {
          exportsField = JSON.parse(fs.readFileSync(manifest.filePath, 'utf8')).exports ?? null;
          manifests.set(manifest.filePath, exportsField);
        }
        const conditions = [
          ...(resolver.unstable_conditionNames ?? []),
          ...((platform && resolver.unstable_conditionsByPlatform?.[platform]) ?? []),
          context.isESMImport === true ? 'import' : 'require',
        ];
        const target = exportsField && pick(exportsField[`./${match[1]}`], conditions);
        if (typeof target === 'string') {
          return {
            type: 'sourceFile',
            filePath: path.join(path.dirname(manifest.filePath), target),
          };
        }
      }
    }
    return next(context, moduleName, platform);
  }
  return { ...config, resolver: { ...resolver, resolveRequest } };
}

module.exports = { withBridgekit };
