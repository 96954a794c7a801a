import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from '@bridgekit/server';
import type { Browser, Page } from 'playwright-core';
import { type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test-utils/chromium';

// The demo exactly as `npm start` serves it: the built app (on the built packages) in a vite
// preview that proxies /api to the reference server with demo data, driven by real Chromium.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const webDir = join(root, 'examples/web');
const screenshots = join(webDir, 'e2e/screenshots');
const HOST = '127.0.0.1';

let api: ReturnType<typeof createServer>;
let web: PreviewServer;
let browser: Browser;
let page: Page;
let appUrl: string;
let apiOrigin: string;

function buildIfNeeded() {
  const missing = ['core', 'server', 'react'].filter(
    (name) => !existsSync(join(root, 'packages', name, 'dist/index.js')),
  );
  if (missing.length > 0) {
    execFileSync(
      'npm',
      ['run', 'build', ...missing.flatMap((name) => ['-w', `@bridgekit/${name}`])],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
  }
  // The app is always rebuilt (a few seconds) so the test never runs a stale bundle. A child
  // process, because vitest sets NODE_ENV=test and the demo is a production build.
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: webDir,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}

async function shot(name: string) {
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
}

const testId = (id: string) => page.getByTestId(id);

async function signIn(email: string, password: string) {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await testId('sign-in').click();
  await testId('products-table').waitFor();
}

async function signOut() {
  await testId('sign-out').click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
}

/** The rows of the main products table, as the texts of their first cells. */
async function tableNames() {
  return testId('products-table').locator('tbody tr.bk-table__row td:first-child').allInnerTexts();
}

/** Fills the first filter row of the search panel and applies it. */
async function search(field: string, operator: string, value: string) {
  const panel = testId('search-panel');
  await panel.getByLabel('Field 1').selectOption(field);
  await panel.getByLabel('Operator 1').selectOption(operator);
  await panel.getByLabel('Value 1').fill(value);
  await testId('search-apply').click();
  await page.waitForFunction(() => {
    const results = document.querySelector('[data-testid="search-results"]');
    return (
      results?.getAttribute('aria-busy') === 'false' && /matching/.test(results.textContent ?? '')
    );
  });
}

beforeAll(async () => {
  buildIfNeeded();
  mkdirSync(screenshots, { recursive: true });
  api = createServer({ seed: 'demo' });
  const { port } = await api.listen(0, HOST);
  apiOrigin = `http://${HOST}:${port}`;
  web = await preview({
    root: webDir,
    logLevel: 'warn',
    preview: {
      host: HOST,
      port: 0,
      strictPort: true,
      open: false,
      proxy: { '/api': apiOrigin },
    },
  });
  appUrl = `http://${HOST}:${(web.httpServer.address() as AddressInfo).port}/`;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await web?.close();
  await api?.close();
});

describe('the demo app in Chromium', () => {
  it('sends a visitor without a session to the sign-in page with the demo accounts', async () => {
    await page.goto(appUrl);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(page.url()).toContain('#/login?reason=unauthenticated');
    await expect(testId('signin-notice').textContent()).resolves.toMatch(/sign in/i);
    await expect(page.locator('.demo-users').textContent()).resolves.toContain('viewer123');
    await shot('01-sign-in');
  });

  it('shows a viewer the fallback of the admin section', async () => {
    await signIn('viewer@example.com', 'viewer123');
    await page.getByRole('link', { name: 'Admin' }).click();
    await testId('admin-fallback').waitFor();
    expect(await testId('admin-section').count()).toBe(0);
    await shot('02-viewer-admin-fallback');
    await signOut();
    expect(page.url()).toContain('#/login');
  });

  it('shows an admin the admin section', async () => {
    await signIn('admin@example.com', 'admin123');
    await expect(testId('current-user').textContent()).resolves.toContain('admin');
    await page.getByRole('link', { name: 'Admin' }).click();
    await testId('admin-section').locator('tbody tr.bk-table__row').first().waitFor();
    expect(await testId('admin-fallback').count()).toBe(0);
    await shot('03-admin-section');
  });

  it('pages through the products table', async () => {
    await page.getByRole('link', { name: 'Products' }).click();
    const table = testId('products-table');
    await table.locator('tbody tr.bk-table__row').first().waitFor();
    const first = await tableNames();
    expect(first).toHaveLength(10);
    await expect(table.getByText(/Page 1 of \d+/).count()).resolves.toBe(1);
    await table.getByRole('button', { name: 'Next' }).click();
    await table.getByText(/Page 2 of \d+/).waitFor();
    await page.waitForFunction((before) => {
      const cells = document.querySelectorAll(
        '[data-testid="products-table"] tbody tr.bk-table__row td:first-child',
      );
      return cells.length > 0 && Array.from(cells, (c) => c.textContent).join('|') !== before;
    }, first.join('|'));
    const second = await tableNames();
    expect(second).toHaveLength(10);
    expect(second.filter((name) => first.includes(name))).toEqual([]);
    await shot('04-products-page-2');
  });

  it('sorts the products table by a header', async () => {
    const table = testId('products-table');
    await table.getByRole('button', { name: 'Price' }).click();
    await table.locator('th[aria-sort="ascending"]').waitFor();
    await page.waitForFunction(() => {
      const prices = Array.from(
        document.querySelectorAll('[data-testid="products-table"] [data-testid="price"]'),
        (el) => Number(el.textContent?.replace('$', '')),
      );
      return prices.length === 10 && prices.every((p, i) => i === 0 || prices[i - 1]! <= p);
    });
    expect(page.url()).toContain('#/products');
  });

  it('searches with price gte 100 and shows only matching rows', async () => {
    await search('price', 'gte', '100');
    const results = testId('search-results');
    const prices = (await results.getByTestId('price').allInnerTexts()).map((text) =>
      Number(text.replace('$', '')),
    );
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toBeGreaterThanOrEqual(100);
    // The request log shows the real request, query string included.
    await testId('request-log').getByText('/api/products/search?').first().waitFor();
    const log = await testId('log-entry').allInnerTexts();
    expect(
      log.some((entry) => /^GET\s+200\s+\/api\/products\/search\?.*price\[gte\]=100/.test(entry)),
    ).toBe(true);
    await shot('05-admin-products-search');
  });

  it('shows the 422 of a product without a price, then creates a valid one', async () => {
    const name = `E2E lamp ${Date.now()}`;
    await page.getByRole('link', { name: 'New product' }).click();
    const form = testId('product-form');
    await form.getByLabel('Name').fill(name);
    await testId('save-product').click();
    const error = testId('form-error');
    await error.waitFor();
    const message = await error.textContent();
    expect(message).toContain('422');
    expect(message).toContain('price');
    await expect(form.getByLabel('Price').getAttribute('aria-invalid')).resolves.toBe('true');
    await shot('06-create-422');

    await form.getByLabel('Price').fill('149.5');
    await testId('save-product').click();
    await testId('saved-notice').waitFor();
    await expect(testId('saved-notice').textContent()).resolves.toContain(name);

    await search('name', 'eq', name);
    const rows = testId('search-results').locator('tbody tr');
    await expect(rows.count()).resolves.toBe(1);
    await expect(rows.first().textContent()).resolves.toContain('$149.50');
    await shot('07-created-product-found');
  });

  it('edits the product of a clicked row with PUT', async () => {
    const row = testId('search-results').locator('tbody tr').first();
    const name = (await row.locator('td').first().textContent()) ?? '';
    await row.click();
    await page.getByRole('heading', { name: `Edit “${name}”` }).waitFor();
    const form = testId('product-form');
    await expect(form.getByLabel('Price').inputValue()).resolves.toBe('149.5');
    await form.getByLabel('Stock').fill('42');
    await testId('save-product').click();
    await testId('saved-notice').waitFor();
    const log = await testId('log-entry').allInnerTexts();
    expect(log.some((entry) => /^PUT\s+200\s+\/api\/products\/\S+$/.test(entry.trim()))).toBe(true);
  });

  it('sends the user to sign in again when the server ends the session', async () => {
    await page.getByRole('link', { name: 'Products' }).click();
    await testId('products-table').locator('tbody tr.bk-table__row').first().waitFor();
    // End the session behind the app's back, as an expiry or a sign-out elsewhere would.
    const sessionId = await page.evaluate(() => localStorage.getItem('client_session_id'));
    expect(sessionId).toBeTruthy();
    const ended = await fetch(`${apiOrigin}/api/auth/logout`, {
      method: 'POST',
      headers: { 'X-Session-ID': sessionId! },
    });
    expect(ended.status).toBe(200);

    // The next request gets a 401 and the guard reports 'session-expired'.
    await testId('products-table').getByRole('button', { name: 'Next' }).click();
    await testId('signin-notice').waitFor();
    expect(page.url()).toContain('#/login?reason=session-expired');
    await expect(testId('signin-notice').textContent()).resolves.toContain('session expired');
    await shot('08-session-expired');
  });

  it('signs out back to the sign-in page', async () => {
    await signIn('editor@example.com', 'editor123');
    await signOut();
    expect(page.url()).toContain('#/login');
    // The guarded pages stay closed without a session.
    await page.goto(`${appUrl}#/products`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(page.url()).toContain('#/login?reason=unauthenticated');
    await shot('09-signed-out');
  });
});
