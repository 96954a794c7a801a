/**
 * Size: every entry bundled the same way with esbuild (bundle, minify, platform browser,
 * format esm), then gzip level 9 with node:zlib. Bridgekit entries are bundled from source
 * (the same TypeScript the packages build from), the other libraries from node_modules.
 */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { BROWSER_BUILD_DEFINE } from '../packages/core/browserBuild';
import { type DevtoolsSize, measureDevtools } from './devtoolsSize';
import { round } from './lib/stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// Mirrors tsconfig.base.json `paths`: @bridgekit/* imports resolve to package sources.
const SOURCES: Record<string, string> = {
  '@bridgekit/core': 'packages/core/src/index.ts',
  '@bridgekit/core/dialects': 'packages/core/src/dialects/index.ts',
  '@bridgekit/core/auth': 'packages/core/src/auth/index.ts',
  '@bridgekit/core/offline': 'packages/core/src/offline/index.ts',
  '@bridgekit/core/live': 'packages/core/src/live/index.ts',
  '@bridgekit/react/hooks': 'packages/react/src/hooks/index.ts',
  '@bridgekit/react': 'packages/react/src/index.ts',
  '@bridgekit/react-native': 'packages/react-native/src/index.ts',
  '@bridgekit/nextjs': 'packages/nextjs/src/index.ts',
  '@bridgekit/devtools': 'packages/devtools/src/index.ts',
};

/** Size entry of the app-bundle budget. */
export const APP_BUNDLE = 'app bundle: provider + the 7 spec hooks + core + SWR';
/** Size entry of the app bundle with the offline modules (persisted cache and write queue). */
export const APP_BUNDLE_OFFLINE = `${APP_BUNDLE} + offline modules (persistCache, offlineQueue)`;
/** Where the offline modules' code lives: none of it may be in a bundle that does not import them. */
export const OFFLINE_SOURCES = 'packages/core/src/offline/';
/** Size entry of the minimal app: it reads data and never signs in. */
export const MINIMAL_APP =
  'minimal app: provider + useBridgeApi + useBridgeQuery + createClient + SWR (never signs in)';
/** Size entry of the app bundle that renders `<BridgeDevtools />`, in a production build. */
export const APP_BUNDLE_DEVTOOLS = `${APP_BUNDLE} + <BridgeDevtools /> from @bridgekit/devtools, production build`;
/**
 * Where the devtools' code lives. Its entry module is left out: in a production build it holds
 * `BridgeDevtools = () => null` and nothing else of the package.
 */
const DEVTOOLS_SOURCES = 'packages/devtools/src/';
const DEVTOOLS_ENTRY = 'packages/devtools/src/index.ts';
/** Size entry of the app bundle with the live module. */
export const APP_BUNDLE_LIVE = `${APP_BUNDLE} + live module`;
/** Where the live module's code lives: none of it may be in a bundle that does not import it. */
export const LIVE_SOURCES = 'packages/core/src/live/';
/** Size entry of `createClient` alone. */
export const CREATE_CLIENT = '@bridgekit/core (createClient only)';
/**
 * Size entry of `createClient` with the request-events seam taken out: its two modules (what a
 * call reports, the listeners) replaced by ones that do nothing (bench/withoutSeam/). The
 * difference to `CREATE_CLIENT` is what the seam costs; the few lines that call it stay in both.
 */
export const CREATE_CLIENT_WITHOUT_SEAM = `${CREATE_CLIENT} without the request-events seam`;
const SEAM_MODULES = {
  'packages/core/src/client/callEvents.ts': 'bench/withoutSeam/callEvents.ts',
  'packages/core/src/client/events.ts': 'bench/withoutSeam/events.ts',
};

const REACT = ['react', 'react-dom', 'react/jsx-runtime', 'swr', 'swr/*'];
const NATIVE = [
  ...REACT,
  'react-native',
  '@react-native-async-storage/async-storage',
  '@react-native-community/netinfo',
  'expo-secure-store',
];
const NEXT = [...REACT, 'next', 'next/*'];

/** One measured entry. */
export interface SizeEntry {
  name: string;
  /** The entry module, as a user would import it. */
  entry: string;
  external: string[];
  /** Whether other @bridgekit packages are bundled in (true) or left external (false). */
  bridgekitBundled: boolean;
  minBytes: number;
  gzBytes: number;
  /** Minified bytes of the offline modules' files in the output (0 when not imported). */
  offlineBytes: number;
  /** Minified bytes of the devtools' code in the output, its entry module aside (0 when not imported). */
  devtoolsBytes: number;
  /** Minified bytes of the live module's files in the output (0 when not imported). */
  liveBytes: number;
  /** Largest inputs in the output (bytes of minified output, before gzip). */
  top: Array<{ file: string; bytes: number }>;
}

interface EntrySpec {
  name: string;
  entry: string;
  external?: string[];
  /** Leave @bridgekit/* imports other than the entry's own package external. */
  ownCodeOnly?: boolean;
  /** Source files bundled as other files instead (from the repository root). */
  replace?: Record<string, string>;
}

const BRIDGEKIT: EntrySpec[] = [
  { name: '@bridgekit/core (full)', entry: "export * from '@bridgekit/core';" },
  {
    // What the core entry would weigh if the hook services moved to their own subpath.
    name: '@bridgekit/core without the services (client, storage, builder, operators)',
    entry: [
      "export * from './packages/core/src/client/client';",
      "export * from './packages/core/src/session/storage';",
      "export * from './packages/core/src/query/params';",
      "export * from './packages/core/src/query/operators';",
      "export * from './packages/core/src/query/serializer';",
      "export * from './packages/core/src/query/QueryBuilder';",
    ].join(' '),
  },
  {
    name: CREATE_CLIENT,
    entry: "export { createClient } from '@bridgekit/core';",
  },
  {
    name: CREATE_CLIENT_WITHOUT_SEAM,
    entry: "export { createClient } from '@bridgekit/core';",
    replace: SEAM_MODULES,
  },
  {
    // The budget's "hooks + provider": what an app that uses the spec's seven hooks ships.
    name: '@bridgekit/react/hooks: provider + the 7 hooks of the spec, own code',
    entry: [
      'export { BridgeProvider, useAuth, useBridgeApi, useBridgeQuery, useBridgeMutation,',
      "useBridgeCrud, useSearchQueryBuilder, useAuthGuard } from '@bridgekit/react/hooks';",
    ].join(' '),
    external: REACT,
    ownCodeOnly: true,
  },
  {
    // Everything, including the hooks the components and the other packages build on.
    name: '@bridgekit/react/hooks (whole entry), own code',
    entry: "export * from '@bridgekit/react/hooks';",
    external: REACT,
    ownCodeOnly: true,
  },
  {
    // The budget's "app bundle": what an app using the spec's hooks ships, SWR included.
    name: APP_BUNDLE,
    entry: [
      'export { BridgeProvider, useAuth, useBridgeApi, useBridgeQuery, useBridgeMutation,',
      "useBridgeCrud, useSearchQueryBuilder, useAuthGuard } from '@bridgekit/react/hooks';",
    ].join(' '),
    external: ['react', 'react-dom', 'react/jsx-runtime'],
  },
  {
    // An app that reads data and never signs in: no auth hook, so no auth service.
    name: MINIMAL_APP,
    entry: [
      "export { BridgeProvider, useBridgeApi, useBridgeQuery } from '@bridgekit/react/hooks';",
      "export { createClient } from '@bridgekit/core';",
    ].join(' '),
    external: ['react', 'react-dom', 'react/jsx-runtime'],
  },
  {
    // The devtools rendered by the app above, built for production: the default entry renders
    // nothing there, and none of the button's, the recorder's or the panel's code is bundled.
    name: APP_BUNDLE_DEVTOOLS,
    entry: [
      'export { BridgeProvider, useAuth, useBridgeApi, useBridgeQuery, useBridgeMutation,',
      "useBridgeCrud, useSearchQueryBuilder, useAuthGuard } from '@bridgekit/react/hooks';",
      "export { BridgeDevtools } from '@bridgekit/devtools';",
    ].join(' '),
    external: ['react', 'react-dom', 'react/jsx-runtime'],
  },
  {
    // What the opt-in auth lifecycle module (refresh tokens, account flows, two-factor,
    // periodic validation) adds to the app bundle above.
    name: `${APP_BUNDLE} + authLifecycle module`,
    entry: [
      'export { BridgeProvider, useAuth, useBridgeApi, useBridgeQuery, useBridgeMutation,',
      "useBridgeCrud, useSearchQueryBuilder, useAuthGuard } from '@bridgekit/react/hooks';",
      "export { authLifecycle } from '@bridgekit/core/auth';",
    ].join(' '),
    external: ['react', 'react-dom', 'react/jsx-runtime'],
  },
  {
    // What the opt-in cross-tab sync module adds to the lifecycle row above.
    name: `${APP_BUNDLE} + authLifecycle + crossTabSync modules`,
    entry: [
      'export { BridgeProvider, useAuth, useBridgeApi, useBridgeQuery, useBridgeMutation,',
      "useBridgeCrud, useSearchQueryBuilder, useAuthGuard } from '@bridgekit/react/hooks';",
      "export { authLifecycle, crossTabSync } from '@bridgekit/core/auth';",
    ].join(' '),
    external: ['react', 'react-dom', 'react/jsx-runtime'],
  },
  {
    // What the opt-in offline modules (persisted cache and write queue) add to the app bundle
    // above, which without them holds none of their code (its `offlineBytes` is 0).
    name: APP_BUNDLE_OFFLINE,
    entry: [
      'export { BridgeProvider, useAuth, useBridgeApi, useBridgeQuery, useBridgeMutation,',
      "useBridgeCrud, useSearchQueryBuilder, useAuthGuard } from '@bridgekit/react/hooks';",
      "export { offlineQueue, persistCache } from '@bridgekit/core/offline';",
    ].join(' '),
    external: ['react', 'react-dom', 'react/jsx-runtime'],
  },
  {
    // What the opt-in live module (the change feed, polling, the cache follower) adds to the
    // app bundle above, which without it holds none of its code (its `liveBytes` is 0).
    name: APP_BUNDLE_LIVE,
    entry: [
      'export { BridgeProvider, useAuth, useBridgeApi, useBridgeQuery, useBridgeMutation,',
      "useBridgeCrud, useSearchQueryBuilder, useAuthGuard } from '@bridgekit/react/hooks';",
      "export { live } from '@bridgekit/core/live';",
    ].join(' '),
    external: ['react', 'react-dom', 'react/jsx-runtime'],
  },
  {
    // What the opt-in cookie session module (`session: cookieSession()`) adds to the app
    // bundle above: the module itself; the kernel's share is the generic `config.session`.
    name: `${APP_BUNDLE} + cookieSession module`,
    entry: [
      'export { BridgeProvider, useAuth, useBridgeApi, useBridgeQuery, useBridgeMutation,',
      "useBridgeCrud, useSearchQueryBuilder, useAuthGuard } from '@bridgekit/react/hooks';",
      "export { cookieSession } from '@bridgekit/core/auth';",
    ].join(' '),
    external: ['react', 'react-dom', 'react/jsx-runtime'],
  },
  {
    name: '@bridgekit/react/hooks (hooks + provider) incl. core',
    entry: "export * from '@bridgekit/react/hooks';",
    external: REACT,
  },
  {
    name: '@bridgekit/react (hooks + web components) incl. core',
    entry: "export * from '@bridgekit/react';",
    external: REACT,
  },
  {
    name: '@bridgekit/react-native incl. core and hooks',
    entry: "export * from '@bridgekit/react-native';",
    external: NATIVE,
  },
  {
    name: '@bridgekit/nextjs (client entry) incl. core and react',
    entry: "export * from '@bridgekit/nextjs';",
    external: NEXT,
  },
];

/** The built-in dialects, each measured alone (a new dialect is one name here). */
export const DIALECT_FACTORIES = [
  'jsonServer',
  'feathers',
  'djangoRest',
  'postgrest',
  'strapi',
  'laravel',
];
/** The size entry name of one dialect factory. */
export const dialectEntryName = (factory: string) => `@bridgekit/core/dialects: ${factory}() alone`;
BRIDGEKIT.push(
  ...DIALECT_FACTORIES.map((factory) => ({
    name: dialectEntryName(factory),
    entry: `export { ${factory} } from '@bridgekit/core/dialects';`,
  })),
);

const OTHERS: EntrySpec[] = [
  { name: 'ky', entry: "export { default } from 'ky';" },
  { name: 'ofetch', entry: "export * from 'ofetch';" },
  { name: 'axios', entry: "export { default } from 'axios';" },
  {
    name: 'swr',
    entry: "export * from 'swr'; export { default } from 'swr';",
    external: ['react', 'react-dom', 'react/jsx-runtime'],
  },
  {
    name: '@tanstack/react-query',
    entry: "export * from '@tanstack/react-query';",
    external: ['react', 'react-dom', 'react/jsx-runtime'],
  },
  { name: 'qs', entry: "export { default } from 'qs';" },
];

function bridgekitResolver(ownPackage: string | undefined): esbuild.Plugin {
  return {
    name: 'bridgekit-source',
    setup(build) {
      build.onResolve({ filter: /^@bridgekit\// }, (args) => {
        const source = SOURCES[args.path];
        if (source === undefined) return undefined;
        if (ownPackage !== undefined && !args.path.startsWith(ownPackage)) {
          return { path: args.path, external: true };
        }
        return { path: `${ROOT}${source}` };
      });
    },
  };
}

// Bundles the files of `replace` as their stand-ins.
function replacer(replace: Record<string, string>): esbuild.Plugin {
  return {
    name: 'bridgekit-replace',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        const file = args.path.startsWith(ROOT) ? args.path.slice(ROOT.length) : args.path;
        const standIn = replace[file];
        if (standIn === undefined) return undefined;
        return { contents: await readFile(`${ROOT}${standIn}`, 'utf8'), loader: 'ts' };
      });
    },
  };
}

async function measure(spec: EntrySpec): Promise<SizeEntry> {
  const pkg = /'(@bridgekit\/[a-z-]+)/.exec(spec.entry)?.[1];
  const result = await esbuild.build({
    stdin: { contents: spec.entry, resolveDir: ROOT, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: spec.external ?? [],
    // Core's build for browsers, as a browser bundler resolves it (`browser` export condition).
    define: { 'process.env.NODE_ENV': '"production"', ...BROWSER_BUILD_DEFINE },
    plugins: [
      bridgekitResolver(spec.ownCodeOnly ? pkg : undefined),
      ...(spec.replace ? [replacer(spec.replace)] : []),
    ],
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const output = Object.values(result.metafile.outputs)[0]!;
  const top = Object.entries(output.inputs)
    .map(([file, info]) => ({
      file: file.replace(/^.*node_modules\//, '').replace(/^packages\//, ''),
      bytes: info.bytesInOutput,
    }))
    .filter((item) => item.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 8);
  const bytesOf = (keep: (file: string) => boolean) =>
    Object.entries(output.inputs)
      .filter(([file]) => keep(file))
      .reduce((sum, [, info]) => sum + info.bytesInOutput, 0);
  const offlineBytes = bytesOf((file) => file.startsWith(OFFLINE_SOURCES));
  const devtoolsBytes = bytesOf(
    (file) => file.startsWith(DEVTOOLS_SOURCES) && file !== DEVTOOLS_ENTRY,
  );
  const liveBytes = bytesOf((file) => file.startsWith(LIVE_SOURCES));
  return {
    name: spec.name,
    entry: spec.entry,
    external: spec.external ?? [],
    bridgekitBundled: !spec.ownCodeOnly,
    minBytes: code.length,
    gzBytes: gzipSync(code, { level: 9 }).length,
    offlineBytes,
    devtoolsBytes,
    liveBytes,
    top,
  };
}

/** What the size benchmark reports. */
export interface SizeResult {
  esbuild: string;
  bridgekit: SizeEntry[];
  others: SizeEntry[];
  /** The devtools' own code in a development build: the button and the lazily loaded panel. */
  devtools: DevtoolsSize;
}

/**
 * Bundles every entry and measures it.
 *
 * @example
 * const { bridgekit } = await measureSize();
 */
export async function measureSize(): Promise<SizeResult> {
  const bridgekit: SizeEntry[] = [];
  for (const spec of BRIDGEKIT) bridgekit.push(await measure(spec));
  const others: SizeEntry[] = [];
  for (const spec of OTHERS) others.push(await measure(spec));
  return { esbuild: esbuild.version, bridgekit, others, devtools: await measureDevtools() };
}

/** KB (1000 bytes, like bundlephobia and size-limit) with one decimal. */
export function kb(bytes: number): number {
  return round(bytes / 1000, 2);
}
