import { defineConfig } from 'tsup';
import { cjsInterop } from '../../scripts/build/cjsInterop';
import { browserRedirectPlugin } from './browserBuild';

const entry = {
  index: 'src/index.ts',
  'dialects/index': 'src/dialects/index.ts',
  'auth/index': 'src/auth/index.ts',
  'offline/index': 'src/offline/index.ts',
};

// `npm run build` empties dist first: the two builds run in parallel, so neither may clean.
export default defineConfig([
  {
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    target: 'es2022',
    plugins: [cjsInterop],
  },
  {
    // `browser` and `react-native` export conditions: no manual redirect following. CommonJS
    // too: Jest resolves these conditions (jsdom: `browser`, React Native's preset:
    // `react-native`) with `require` and does not transform node_modules.
    entry,
    outDir: 'dist/browser',
    format: ['esm', 'cjs'],
    sourcemap: true,
    target: 'es2022',
    esbuildPlugins: [browserRedirectPlugin],
    plugins: [cjsInterop],
  },
]);
