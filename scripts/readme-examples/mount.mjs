// Renders a README React example in the page of dom.mjs (copied into the scratch project, so
// React and the packed Bridgekit resolve there) and waits until it has settled: no request in
// flight for a while. Errors React reports (render, effects) go to `console.error`, which the
// harness counts as a failure.
import { createAuthService, createClient } from '@bridgekit/core';
import { authLifecycle } from '@bridgekit/core/auth';
import { BridgeProvider } from '@bridgekit/react';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

/** How long the rendered tree may keep sending requests. */
export const SETTLE_LIMIT_MS = 10_000;
const QUIET_MS = 300;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs the demo admin in on the page, as an earlier visit would have (session + user stored). */
export async function signIn() {
  const client = createClient(`${location.origin}/api`);
  await createAuthService(client).login({ email: 'admin@example.com', password: 'admin123' });
}

/** Resolves once no request has been in flight for QUIET_MS; throws after SETTLE_LIMIT_MS. */
async function settle() {
  const until = Date.now() + SETTLE_LIMIT_MS;
  let quietSince = Date.now();
  while (Date.now() < until) {
    await sleep(25);
    if (globalThis.__bkReadmeInFlight) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
  }
  throw new Error(`still sending requests after ${SETTLE_LIMIT_MS / 1000} s`);
}

/**
 * Renders each element in its own root, inside `<BridgeProvider config={{ baseUrl }}>` (the
 * reference server's `/api`; with `lifecycle`, the auth lifecycle module plugged in) unless the
 * example brings its own provider, waits until the page is quiet, then unmounts.
 */
export async function mount(elements, { ownProvider, lifecycle = false }) {
  const config = {
    baseUrl: `${location.origin}/api`,
    ...(lifecycle && { lifecycle: authLifecycle() }),
  };
  const report = (what) => (error) => console.error(`${what}:`, error);
  const roots = elements.map((element) => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container, {
      onUncaughtError: report('uncaught error'),
      onCaughtError: report('error caught by a boundary'),
      onRecoverableError: report('recoverable error'),
    });
    root.render(ownProvider ? element : createElement(BridgeProvider, { config }, element));
    return root;
  });
  await settle();
  for (const root of roots) root.unmount();
}
