// The browser / React Native build of @bridgekit/core: the same sources, built with the constant
// `__BRIDGEKIT_BROWSER_BUILD__` defined. src/client/redirects.ts and src/client/send.ts read it:
// `fetch` on those platforms hides redirects, so the code that follows them by hand, and the
// redirect event it would report, are left out.
// Shared by tsup.config.ts, the size bench and the Chromium test, so all three build the same.

/** esbuild's `define` for the browser / React Native build. */
export const BROWSER_BUILD_DEFINE = { __BRIDGEKIT_BROWSER_BUILD__: 'true' };
