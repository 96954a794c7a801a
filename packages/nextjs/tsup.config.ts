import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  target: 'es2022',
  // Everything the app already has stays external, so React, SWR and the Bridgekit contexts
  // are the app's single copies.
  external: [
    'react',
    'react/jsx-runtime',
    'next',
    /^next\//,
    'swr',
    '@bridgekit/core',
    /^@bridgekit\/react/,
  ],
};

// Two builds rather than one: esbuild drops module-level directives when bundling, so the
// client entry gets 'use client' back as a banner, and the server entry must not get it
// (nor share a chunk that has it).
export default defineConfig([
  { ...shared, entry: { index: 'src/index.ts' }, banner: { js: "'use client';" } },
  { ...shared, entry: { server: 'src/server/index.ts' } },
]);
