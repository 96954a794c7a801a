import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', hooks: 'src/hooks/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'swr', '@bridgekit/core'],
});
