// The build for browsers and React Native (`dist/browser`, the `browser` and `react-native` export
// conditions) is the same source built with `__BRIDGEKIT_BROWSER_BUILD__` defined
// (browserBuild.ts): there `fetch` hides redirects, so the code that follows them by hand is left
// out and the platform follows them. Both builds are bundled from source here, as tsup does, and
// run against a real server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { createClient as CreateClient } from '@bridgekit/core';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BROWSER_BUILD_DEFINE } from '../browserBuild';
import { startTestServer, type TestServer } from './helpers/testServer';

const coreDir = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'bk-browser-build-'));

interface Built {
  code: string;
  createClient: typeof CreateClient;
}

async function bundle(name: string, define: Record<string, string>): Promise<Built> {
  const result = await build({
    entryPoints: [join(coreDir, 'src/index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    define,
  });
  const code = result.outputFiles[0]!.text;
  const file = join(scratch, `${name}.mjs`);
  writeFileSync(file, code);
  const { createClient } = (await import(pathToFileURL(file).href)) as {
    createClient: typeof CreateClient;
  };
  return { code, createClient };
}

let node: Built;
let browser: Built;
beforeAll(async () => {
  node = await bundle('node', {});
  browser = await bundle('browser', BROWSER_BUILD_DEFINE);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer((req) => ({ json: { success: true, data: req.path } }));
});
afterEach(() => server.close());

describe('the browser build', () => {
  it('leaves out the code that follows redirects by hand, and their event', () => {
    expect(node.code).toContain('Redirect to an invalid URL');
    expect(browser.code).not.toContain('Redirect to an invalid URL');
    expect(node.code).toContain('sessionDropped');
    expect(browser.code).not.toContain('sessionDropped');
    expect(browser.code).not.toContain('__BRIDGEKIT_BROWSER_BUILD__');
  });

  it('lets the platform follow a redirect, where the Node build follows it itself', async () => {
    server.reply((req) =>
      req.path === '/a'
        ? { status: 302, redirect: '/b' }
        : { json: { success: true, data: req.path } },
    );
    const asked: Array<RequestRedirect | undefined> = [];
    const recording = (url: RequestInfo | URL, init?: RequestInit) => {
      asked.push(init?.redirect);
      return fetch(url, init);
    };
    const viaPlatform = await browser.createClient(server.url, { fetch: recording }).get('/a');
    expect(viaPlatform).toMatchObject({ success: true, data: '/b' });
    expect(asked).toEqual(['follow']);
    const byHand = await node.createClient(server.url, { fetch: recording }).get('/a');
    expect(byHand).toMatchObject({ success: true, data: '/b' });
    expect(asked).toEqual(['follow', 'manual', 'manual']);
  });

  it('never lets a secret body follow a redirect', async () => {
    server.replies({ status: 307, redirect: '/elsewhere' });
    const api = browser.createClient(server.url);
    const res = await api.post('/auth/refresh', { refreshToken: 'r' }, { secret: true });
    expect(res.success).toBe(false);
    expect(server.requests.map((r) => r.path)).toEqual(['/auth/refresh']);
  });
});
