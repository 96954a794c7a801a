import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BridgeServer, createServer } from '@bridgekit/server';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test-utils/chromium';

// The example exactly as a user runs it: the packages' dist, `next build`, `next start` as a
// child process, the reference server with demo data on loopback, real headless Chromium.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const appDir = join(root, 'examples/next');
const screenshots = join(appDir, 'e2e/screenshots');
const nextBin = join(root, 'node_modules/next/dist/bin/next');
const HOST = '127.0.0.1';
const PACKAGES = ['core', 'react', 'nextjs'] as const;

let api: BridgeServer;
let apiUrl: string;
let next: ChildProcess | undefined;
let nextOutput = '';
let baseUrl: string;
let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
let context: BrowserContext;
let page: Page;

/** Newest modification time under `dir` (skipping build output), in ms. */
function newest(dir: string, skip: readonly string[] = []): number {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.includes(entry.name) || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path, skip) : statSync(path).mtimeMs);
  }
  return latest;
}

function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

/** Builds the packages whose dist is missing or older than their sources, then the app when stale. */
async function buildIfNeeded() {
  const stale = PACKAGES.filter((name) => {
    const dist = join(root, 'packages', name, 'dist/index.js');
    return (
      !existsSync(dist) || statSync(dist).mtimeMs < newest(join(root, 'packages', name, 'src'))
    );
  });
  if (stale.length > 0) {
    await run(
      'npm',
      ['run', 'build', ...stale.flatMap((name) => ['-w', `@bridgekit/${name}`])],
      root,
    );
  }
  const buildId = join(appDir, '.next/BUILD_ID');
  const inputs = Math.max(
    newest(appDir, ['.next', 'e2e', 'next-env.d.ts']),
    ...PACKAGES.map((name) => newest(join(root, 'packages', name, 'dist'))),
  );
  if (!existsSync(buildId) || statSync(buildId).mtimeMs < inputs) {
    // A child process: vitest sets NODE_ENV=test, and this is a production build.
    await run(process.execPath, [nextBin, 'build'], appDir, {
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
    });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function startNext(): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', HOST], {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      BRIDGEKIT_API_URL: apiUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  next = child;
  child.stdout?.on('data', (chunk) => (nextOutput += chunk));
  child.stderr?.on('data', (chunk) => (nextOutput += chunk));
  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`next start exited ${child.exitCode}:\n${nextOutput}`);
    try {
      if ((await fetch(`${url}/`)).ok) return url;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`next start did not answer within 60 s:\n${nextOutput}`);
}

async function shot(name: string) {
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
}

/** The server-rendered HTML of a page, fetched with the browser's cookies (no JavaScript). */
async function serverHtml(path: string): Promise<{ status: number; html: string }> {
  const cookie = (await context.cookies(baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie }, redirect: 'manual' });
  return { status: response.status, html: await response.text() };
}

async function sessionCookie() {
  return (await context.cookies(baseUrl)).find((c) => c.name === 'session_id');
}

function rowNames() {
  return page.locator('tbody tr.bk-table__row td:first-child').allTextContents();
}

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  api = createServer({ seed: 'demo' });
  ({ url: apiUrl } = await api.listen(0, HOST));
  await buildIfNeeded();
  baseUrl = await startNext();
  browser = await launchChromium();
  context = await browser.newContext();
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  if (next && next.exitCode === null) {
    const exited = new Promise((resolve) => next?.once('exit', resolve));
    next.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (next.exitCode === null) next.kill('SIGKILL');
  }
  await api?.close();
});

describe('@bridgekit/nextjs build', () => {
  it("keeps 'use client' on the client entry and off the server entry", () => {
    for (const file of ['index.js', 'index.cjs']) {
      const text = readFileSync(join(root, 'packages/nextjs/dist', file), 'utf8');
      // Directive prologue: "use strict" (CJS) may come first; 'use client' must be in it.
      expect(text.trimStart()).toMatch(/^(?:(["'])use strict\1;?\s*)?(["'])use client\2/);
    }
    for (const file of ['server.js', 'server.cjs']) {
      expect(readFileSync(join(root, 'packages/nextjs/dist', file), 'utf8')).not.toMatch(
        /["']use client["']/,
      );
    }
  });
});

describe('examples/next in Chromium', () => {
  it('redirects a visitor without a session to /login with next', async () => {
    await page.goto(`${baseUrl}/account`);
    expect(page.url()).toBe(`${baseUrl}/login?next=%2Faccount`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await sessionCookie()).toBeUndefined();
    const { status } = await serverHtml('/products');
    expect(status).toBe(307);
    await shot('1-login-redirect');
  });

  it('signs in as admin, lands on /account, and the server HTML has the name', async () => {
    await page.getByLabel('Password').fill('admin123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/account`);
    await expect
      .poll(() => page.getByTestId('account-name').textContent())
      .toBe('Hello, Ada Admin');

    const cookie = await sessionCookie();
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);

    const { status, html } = await serverHtml('/account');
    expect(status).toBe(200);
    expect(html).toContain('Ada Admin');
    expect(html).toContain('admin@example.com');
    await shot('2-account');
  });

  it('renders the first products page on the server and paginates in the browser', async () => {
    const { status, html } = await serverHtml('/products');
    expect(status).toBe(200);
    // Prefetched fallback: the rows are in the HTML, no loading state.
    expect(html).toContain('bk-table__row');
    expect(html).not.toContain('bk-table__state--loading');

    await page.goto(`${baseUrl}/products`);
    await page.locator('tbody tr.bk-table__row').first().waitFor();
    const first = await rowNames();
    expect(first).toHaveLength(10);
    expect(html).toContain(first[0]);
    await expect
      .poll(() => page.locator('.bk-table__page-info').textContent())
      .toMatch(/^Page 1 of \d+/);
    await shot('3-products-page-1');

    await page.locator('.bk-table__next').click();
    await expect
      .poll(() => page.locator('.bk-table__page-info').textContent())
      .toMatch(/^Page 2 of \d+/);
    await expect.poll(async () => (await rowNames())[0]).not.toBe(first[0]);
    const second = await rowNames();
    expect(second).toHaveLength(10);
    expect(second.filter((name) => first.includes(name))).toEqual([]);
    await shot('4-products-page-2');
  });

  it('creates a product with BridgeForm', async () => {
    await page.goto(`${baseUrl}/products/new`);
    await page.getByLabel('Name').fill('E2E Lamp');
    await page.getByLabel('Price').fill('12.5');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Created “E2E Lamp”/);
    await shot('5-product-created');
  });

  it('signs out and clears the cookie', async () => {
    await page.goto(`${baseUrl}/account`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await expect.poll(sessionCookie).toBeUndefined();
    expect(await page.evaluate(() => document.cookie)).not.toContain('session_id=');
    await page.goto(`${baseUrl}/account`);
    expect(page.url()).toBe(`${baseUrl}/login?next=%2Faccount`);
    await shot('6-signed-out');
  });
});
