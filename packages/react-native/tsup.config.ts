import { defineConfig } from 'tsup';
import { cjsInterop } from '../../scripts/build/cjsInterop';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  // Peers and the shared packages stay imports: the app has one copy of each.
  external: [
    'react',
    'react/jsx-runtime',
    'react-native',
    'swr',
    /^@bridgekit\//,
    '@react-native-async-storage/async-storage',
    '@react-native-community/netinfo',
  ],
  // The CommonJS build reads AsyncStorage's and NetInfo's default export as Metro and Jest do.
  plugins: [cjsInterop],
});
