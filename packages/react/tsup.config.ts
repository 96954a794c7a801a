import { defineConfig } from 'tsup';
import { cjsInterop } from '../../scripts/build/cjsInterop';

export default defineConfig({
  entry: { index: 'src/index.ts', hooks: 'src/hooks/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'swr', '@bridgekit/core'],
  // The CommonJS build reads swr's and swr/infinite's default export as bundlers do.
  plugins: [cjsInterop],
});
