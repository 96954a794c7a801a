// The browser / React Native build of @bridgekit/core: the same sources, with `redirect.ts`
// replaced by `redirect.browser.ts` (those platforms hide redirects from scripts, so the
// manual redirect handling is dead weight there). Shared by tsup.config.ts and the size bench.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

const browserRedirect = fileURLToPath(new URL('./src/client/redirect.browser.ts', import.meta.url));

/** An esbuild plugin that swaps the redirect module for its browser twin. */
export const browserRedirectPlugin: Plugin = {
  name: 'bridgekit-browser-redirect',
  setup(build) {
    build.onResolve({ filter: /\/redirect$/ }, (args) =>
      args.importer.includes('/packages/core/src/') || args.importer.includes('/core/src/')
        ? { path: browserRedirect }
        : undefined,
    );
  },
};
