import { defineConfig, type Options } from 'tsup';
import { cjsInterop } from '../../scripts/build/cjsInterop';

const shared: Options = {
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  target: 'es2022',
  // The app's own copies: React, React Native, SWR and the Bridgekit packages (whose context
  // the panel reads).
  external: ['react', 'react/jsx-runtime', 'react-native', 'swr', /^@bridgekit\//],
  plugins: [cjsInterop],
};

// One build per entry, so that no entry shares a chunk with another: the web entries keep
// their 'use client' directive, and the default entry's panel stays a chunk of its own that
// only opening the panel loads (`import()`; the CommonJS build inlines it).
export default defineConfig([
  { ...shared, entry: { index: 'src/index.ts' } },
  { ...shared, entry: { production: 'src/production.ts' } },
  { ...shared, entry: { native: 'src/native.ts' } },
]);
