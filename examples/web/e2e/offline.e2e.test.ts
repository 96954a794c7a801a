import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test-utils/chromium';
import type { Product } from '../src/types';
import { axeViolationsAtBothWidths } from './axe';
import { apiReader, type RunningDemo, startDemo } from './demoApp';
import { networkOf } from './network';

// The demo offline, as `npm start` serves it (the built app, its service worker, the reference
// server behind the preview's /api proxy), in real Chromium with the network cut by the
// DevTools protocol (`Network.emulateNetworkConditions`): the page, its reload and every API
// request are offline, as on a train. The app opens from its service worker's cache, shows the
// lists it kept, opens a product the list shows, keeps the edits made offline where they were
// made (marked pending) and sends them once when the network is back. axe-core checks each
// offline screen at 1440 and 390 px.

let browser: Browser | undefined;
let launchError: unknown;
let demo: RunningDemo | undefined;
let context: BrowserContext | undefined;
let late: Server | undefined;

beforeAll(async () => {
  try {
    browser = await launchChromium();
  } catch (error) {
    launchError = error;
  }
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  late?.closeAllConnections();
  late?.close();
  await demo?.stop();
  context = undefined;
  demo = undefined;
  late = undefined;
});

/**
 * A proxy in front of the app that passes each request on at once and holds the API's answers
 * for `ms`: a write is applied by the server while its answer is still on the way, so a page
 * that closes then never learns it was applied. Resolves its origin, where the page is opened.
 */
async function answersLate(appOrigin: string, ms: number): Promise<string> {
  const app = new URL(appOrigin);
  late = createServer((req, res) => {
    const upstream = forward(
      {
        host: app.hostname,
        port: app.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (part: Buffer) => parts.push(part));
        answer.on('end', () =>
          setTimeout(
            () => {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              res.end(Buffer.concat(parts));
            },
            req.url?.startsWith('/api/') ? ms : 0,
          ),
        );
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => late!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(late.address() as AddressInfo).port}`;
}

/** Opens the app, signs in as the admin, and waits until the service worker controls the page. */
async function openSignedIn(origin: string): Promise<Page> {
  if (!browser) throw launchError;
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${origin}/`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('admin123');
  await page.getByTestId('sign-in').click();
  await rows(page).first().waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page;
}

const table = (page: Page) => page.getByTestId('products-table');
const rows = (page: Page) => table(page).locator('tbody tr.bk-table__row');
const cell = (row: ReturnType<typeof rows>, column: number) =>
  row.locator('td').nth(column).innerText();
const indicator = (page: Page) => page.locator('.bk-offline');
const productsLink = (page: Page) =>
  page.getByRole('navigation').getByRole('link', { name: 'Products', exact: true });
/** The failure row of the products table (a message and Retry above the rows). */
const failureRow = (page: Page) => table(page).locator('.bk-table__state--error');

/** The PUTs of one product the server answered itself (not again from their key). */
const appliedPuts = (running: RunningDemo, id: string) =>
  running
    .requests()
    .filter((r) => r.method === 'PUT' && r.url === `/api/products/${id}` && !r.replayed);

/** How many products on the server have `name`, read through its API (not through the app). */
async function onServer(running: RunningDemo, name: string): Promise<number> {
  const read = await apiReader(running);
  return (await read<Product[]>(`/products?name=${encodeURIComponent(name)}`)).length;
}

describe('the demo offline, in Chromium', () => {
  it('keeps the list and an edit across a reload offline, shows the edit in its row, and applies it once when back online', async () => {
    demo = await startDemo();
    const page = await openSignedIn(demo.appOrigin);
    const setOnline = await networkOf(page);
    const first = rows(page).first();
    const name = (await cell(first, 0)).trim();
    const listed = await rows(page).count();
    // The edit page once online: its record is then in the cache too.
    await first.click();
    await page.getByTestId('product-form').waitFor();
    const id = /#\/products\/(\d+)$/.exec(page.url())?.[1] ?? '';
    expect(id).toMatch(/^\d+$/);
    await productsLink(page).click();
    await first.waitFor();

    await setOnline(false);
    await first.click();
    await page.getByLabel('Stock').fill('4321');
    await page.getByTestId('save-product').click();
    // Queued: back on the list, which stays, the product showing its new stock, marked pending.
    await first.waitFor();
    expect(await rows(page).count()).toBe(listed);
    await expect.poll(() => first.getByTestId('pending-mark').count()).toBe(1);
    await expect.poll(() => cell(first, 3)).toBe('4321');
    expect((await cell(first, 0)).startsWith(name)).toBe(true);
    await expect
      .poll(() => indicator(page).innerText())
      .toBe('You are offline: 1 change will be sent when the connection is back');

    // A reload with the network still cut: the page comes from the service worker, the list
    // from the persisted cache, the edit from the queue.
    await page.reload();
    await first.waitFor();
    expect(await rows(page).count()).toBe(listed);
    await expect.poll(() => first.getByTestId('pending-mark').count()).toBe(1);
    await expect.poll(() => cell(first, 3)).toBe('4321');
    expect(await page.getByTestId('pending-write').innerText()).toContain(`/products/${id}`);
    expect(appliedPuts(demo, id)).toEqual([]);
    expect(await axeViolationsAtBothWidths(page), 'axe, the list offline').toEqual([]);

    await setOnline(true);
    await expect.poll(() => indicator(page).count()).toBe(0);
    await expect.poll(() => first.getByTestId('pending-mark').count()).toBe(0);
    await expect.poll(() => cell(first, 3)).toBe('4321');
    expect(appliedPuts(demo, id)).toHaveLength(1);
    const read = await apiReader(demo);
    expect((await read<Product>(`/products/${id}`)).stock).toBe(4321);
  });

  it('shows the kept list after a reload offline with no failure row under the offline banner', async () => {
    demo = await startDemo();
    const page = await openSignedIn(demo.appOrigin);
    const setOnline = await networkOf(page);
    const names = await table(page)
      .locator('tbody tr.bk-table__row td:first-child')
      .allInnerTexts();
    await setOnline(false);
    await page.reload();
    await rows(page).first().waitFor();
    await expect.poll(() => indicator(page).innerText()).toBe('You are offline');
    // The app asks the server again, which fails while offline (the request log shows it);
    // what is shown is all the device has, and the banner says why: no "Network error / Retry"
    // row. Looked at once that failure is in and the page has rendered what followed it.
    await page
      .getByTestId('log-entry')
      .filter({ has: page.locator('.status.fail'), hasText: '/api/products/search' })
      .first()
      .waitFor();
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await expect
      .poll(() => table(page).locator('tbody tr.bk-table__row td:first-child').allInnerTexts())
      .toEqual(names);
    expect(await failureRow(page).count()).toBe(0);
    expect(await table(page).getByRole('alert').count()).toBe(0);
    expect(await axeViolationsAtBothWidths(page), 'axe, reloaded offline').toEqual([]);

    // A page the device never loaded still says it could not be loaded, with Retry.
    await table(page).getByRole('button', { name: 'Next' }).click();
    await failureRow(page).getByRole('button', { name: 'Retry' }).waitFor();
  });

  it('opens a product the list shows but nobody opened yet, offline, from the list', async () => {
    demo = await startDemo();
    const page = await openSignedIn(demo.appOrigin);
    const setOnline = await networkOf(page);
    const second = rows(page).nth(1);
    const name = (await cell(second, 0)).trim();
    const price = await cell(second, 1);
    await setOnline(false);
    await second.click();
    await page.getByRole('heading', { level: 1, name: `Edit “${name}”` }).waitFor();
    await expect(page.getByLabel('Price').inputValue()).resolves.toBe(price.replace('$', ''));
    await page.getByTestId('from-list').waitFor();
    expect(await page.getByTestId('product-not-found').count()).toBe(0);
    expect(await axeViolationsAtBothWidths(page), 'axe, a product offline').toEqual([]);

    // An edit of it waits, and shows in its row.
    await page.getByLabel('Stock').fill('77');
    await page.getByTestId('save-product').click();
    await second.waitFor();
    await expect.poll(() => cell(second, 3)).toBe('77');
    await expect.poll(() => second.getByTestId('pending-mark').count()).toBe(1);
  });

  it('logs a queued write as queued, not as a failure', async () => {
    demo = await startDemo();
    const page = await openSignedIn(demo.appOrigin);
    const setOnline = await networkOf(page);
    await rows(page).first().click();
    await page.getByTestId('product-form').waitFor();
    const path = new URL(page.url()).hash.replace('#', '/api');
    await setOnline(false);
    await page.getByLabel('Stock').fill('5');
    await page.getByTestId('save-product').click();
    await rows(page).first().waitFor();
    const entry = page.getByTestId('log-entry').filter({ hasText: /^PUT/ });
    await expect
      .poll(async () => (await entry.innerText()).replace(/\s+/g, ' '))
      .toBe(`PUT queued ${path}`);
    await expect(entry.locator('.status').getAttribute('class')).resolves.toBe('status queued');
    // Nothing failed: no "Last failure" names the write.
    const failure = page.getByTestId('last-failure');
    if ((await failure.count()) > 0) expect(await failure.innerText()).not.toContain('PUT');
    expect(await axeViolationsAtBothWidths(page), 'axe, a queued write').toEqual([]);

    await setOnline(true);
    await expect.poll(() => appliedPuts(demo!, path.split('/').pop()!).length).toBe(1);
  });

  it('loses and doubles nothing when the page closes in the middle of a replay', async () => {
    demo = await startDemo();
    const running = demo;
    // Each API answer comes 400 ms after the server applied the write: the page closes while
    // one is applied but not answered.
    const origin = await answersLate(running.appOrigin, 400);
    const page = await openSignedIn(origin);
    const setOnline = await networkOf(page);
    const names = [1, 2, 3, 4, 5].map((n) => `Offline lamp ${n} ${Date.now()}`);
    const counts = () => Promise.all(names.map((name) => onServer(running, name)));
    await setOnline(false);
    for (const name of names) {
      await page.goto(`${origin}/#/products/new`);
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Price').fill('9.5');
      await page.getByTestId('save-product').click();
      await rows(page).first().waitFor();
    }
    await expect.poll(() => page.getByTestId('pending-write').count()).toBe(names.length);

    await setOnline(true);
    // Closed as soon as the second write is in, before its answer came back: it is applied on
    // the server and still queued on the device; the others wait.
    await expect.poll(() => onServer(running, names[1]!), { timeout: 15_000 }).toBe(1);
    await page.close();
    expect(await counts()).toEqual([1, 1, 0, 0, 0]);

    // The app opened again: it sends what is left when it mounts.
    const again = await context!.newPage();
    await again.goto(`${origin}/`);
    await rows(again).first().waitFor();
    await expect.poll(counts, { timeout: 20_000 }).toEqual([1, 1, 1, 1, 1]);
    await expect.poll(() => again.getByTestId('pending-changes').count()).toBe(0);
    // In the order made: the server gives ids in the order it applied them.
    const read = await apiReader(running);
    const ids = await Promise.all(
      names.map(async (name) =>
        Number((await read<Product[]>(`/products?name=${encodeURIComponent(name)}`))[0]?.id),
      ),
    );
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});
