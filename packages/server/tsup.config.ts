import { defineConfig } from 'tsup';
import { cjsInterop } from '../../scripts/build/cjsInterop';

export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    target: 'es2022',
    // Fastify and its plugins set no __esModule: the same `module.exports` either way, but
    // one rule for every package's CommonJS build.
    plugins: [cjsInterop],
  },
  {
    // The command line needs no types and no CommonJS twin.
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'es2022',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
