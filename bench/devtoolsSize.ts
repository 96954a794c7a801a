/**
 * The devtools' own size in a development build, as an app's bundler splits it: the button (what
 * loads with the app: the component, the recorder and its redaction) and the panel (the chunk the
 * button's `import()` loads when it first opens). Bundled like the other size entries (esbuild,
 * minified, browser, ESM, gzip -9), with code splitting, the peers and the other Bridgekit
 * packages left out (the app has them).
 */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What the devtools weigh in a development build. */
export interface DevtoolsSize {
  /** Loads with the app: `BridgeDevtools` and what it records with (min+gz bytes). */
  buttonGz: number;
  /** Loads when the panel first opens (min+gz bytes). */
  panelGz: number;
}

/**
 * Bundles `import { BridgeDevtools } from '@bridgekit/devtools'` for development, split.
 *
 * @example
 * const { buttonGz, panelGz } = await measureDevtools();
 */
export async function measureDevtools(): Promise<DevtoolsSize> {
  const result = await esbuild.build({
    stdin: {
      contents: "export { BridgeDevtools } from './packages/devtools/src/index.ts';",
      resolveDir: ROOT,
      loader: 'ts',
      sourcefile: 'entry.ts',
    },
    bundle: true,
    splitting: true,
    outdir: 'devtools-size',
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: ['react', 'react-dom', 'react/jsx-runtime', 'swr', '@bridgekit/*'],
    define: { 'process.env.NODE_ENV': '"development"' },
    metafile: true,
    logLevel: 'silent',
  });
  let buttonGz = 0;
  let panelGz = 0;
  const outputs = result.metafile.outputs;
  for (const file of result.outputFiles) {
    const name = Object.keys(outputs).find((path) => file.path.endsWith(path));
    const gz = gzipSync(file.contents, { level: 9 }).length;
    const inputs = Object.keys(outputs[name!]?.inputs ?? {});
    // The chunk of the panel holds its tabs; the entry and the chunks it imports load at once.
    if (inputs.some((input) => input.includes('src/web/panel/'))) panelGz += gz;
    else buttonGz += gz;
  }
  return { buttonGz, panelGz };
}
