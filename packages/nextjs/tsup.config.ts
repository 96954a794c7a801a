import { defineConfig, type Options } from 'tsup';
import { cjsInterop } from '../../scripts/build/cjsInterop';

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
    /^@bridgekit\/core/,
    /^@bridgekit\/react/,
  ],
  // No default import of a CommonJS dependency today; the next one is read as bundlers do.
  plugins: [cjsInterop],
};

// Two builds rather than one, so the entries never share a chunk: the client entry keeps its
// 'use client' directive (tsup preserves an entry's leading directive; the e2e test checks the
// built files) and the server entry must never get it.
export default defineConfig([
  { ...shared, entry: { index: 'src/index.ts' } },
  { ...shared, entry: { server: 'src/server/index.ts' } },
]);
