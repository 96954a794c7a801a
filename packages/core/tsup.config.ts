import { defineConfig } from 'tsup';
import { cjsInterop } from '../../scripts/build/cjsInterop';
import { BROWSER_BUILD_DEFINE } from './browserBuild';

const entry = {
  index: 'src/index.ts',
  'dialects/index': 'src/dialects/index.ts',
  'auth/index': 'src/auth/index.ts',
  'offline/index': 'src/offline/index.ts',
  'live/index': 'src/live/index.ts',
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
    // The `browser` and `react-native` export conditions: the same sources, built with
    // `__BRIDGEKIT_BROWSER_BUILD__` defined (see browserBuild.ts). CommonJS too: Jest resolves these conditions
    // (jsdom: `browser`, React Native's preset: `react-native`) with `require` and does not
    // transform node_modules.
    entry,
    outDir: 'dist/browser',
    format: ['esm', 'cjs'],
    sourcemap: true,
    target: 'es2022',
    define: BROWSER_BUILD_DEFINE,
    plugins: [cjsInterop],
  },
]);
