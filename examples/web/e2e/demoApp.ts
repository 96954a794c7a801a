import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BridgeServer, createServer, type ServerOptions } from '@bridgekit/server';
import type { Page } from 'playwright-core';
import { type PreviewServer, preview } from 'vite';

/** The repository root and the demo app's folder. */
export const root = fileURLToPath(new URL('../../..', import.meta.url));
export const webDir = join(root, 'examples/web');

/**
 * Builds the packages the demo runs on when their `dist` is missing, and always the app (a few
 * seconds) so an e2e test never runs a stale bundle.
 *
 * @example
 * beforeAll(() => buildDemo());
 */
export function buildDemo(): void {
  const missing = ['core', 'server', 'react'].filter(
    (name) => !existsSync(join(root, 'packages', name, 'dist/index.js')),
  );
  if (missing.length > 0) {
    execFileSync(
      'npm',
      ['run', 'build', ...missing.flatMap((name) => ['-w', `@bridgekit/${name}`])],
      { cwd: root, stdio: 'inherit' },
    );
  }
  // A child process, because vitest sets NODE_ENV=test and the demo is a production build.
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: webDir, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
}

const HOST = '127.0.0.1';

/** A served demo: the reference server and the app's preview, which proxies `/api` to it. */
export interface ServedDemo {
  api: BridgeServer;
  web: PreviewServer;
  /** The app's origin, e.g. `http://127.0.0.1:41234`. */
  appOrigin: string;
  /** The reference server's origin (what the preview proxies `/api` to). */
  apiOrigin: string;
  close(): Promise<void>;
}

/**
 * Starts the reference server with fresh demo data and a preview of the built app proxied to
 * it, both on loopback ports the OS picks (call `buildDemo()` first).
 *
 * @example
 * const demo = await serveDemo({ loginThrottle: false });
 * await page.goto(`${demo.appOrigin}/`);
 * await demo.close();
 */
export async function serveDemo(
  options: ServerOptions = {},
  /** Something between the app and the server (a proxy of the test's): its origin for the API's. */
  through: (apiOrigin: string) => Promise<string> | string = (origin) => origin,
): Promise<ServedDemo> {
  const api = createServer({ seed: 'demo', ...options });
  const { port } = await api.listen(0, HOST);
  const apiOrigin = `http://${HOST}:${port}`;
  const target = await through(apiOrigin);
  const web = await preview({
    root: webDir,
    logLevel: 'warn',
    preview: { host: HOST, port: 0, strictPort: true, open: false, proxy: { '/api': target } },
  });
  const appOrigin = `http://${HOST}:${(web.httpServer.address() as AddressInfo).port}`;
  return {
    api,
    web,
    appOrigin,
    apiOrigin,
    async close() {
      await web.close();
      await api.close();
    },
  };
}

/**
 * Collects a page's console errors and uncaught exceptions into the returned array (a test
 * empties and checks it). Chromium logs every 4xx answer to `fetch` as a console error; an
 * API request whose status `expected()` lists is let through, for tests that provoke it.
 *
 * @example
 * const errors = watchConsole(page, demo.appOrigin, () => expectedStatuses);
 */
export function watchConsole(page: Page, appOrigin: string, expected: () => number[]): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    const status = Number(/status of (\d{3})/.exec(message.text())?.[1]);
    if (url.startsWith(`${appOrigin}/api/`) && expected().includes(status)) return;
    errors.push(`${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}
