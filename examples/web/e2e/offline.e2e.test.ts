import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test-utils/chromium';
import { buildDemo, type ServedDemo, serveDemo } from './demoApp';

// The demo offline, as `npm start` serves it (the built app, its service worker, the reference
// server behind the preview's /api proxy), in real Chromium with the network cut by the
// DevTools protocol (`Network.emulateNetworkConditions`): the page, its reload and every API
// request are offline, as on a train. The app opens from its service worker's cache, shows the
// lists it kept, keeps the edits made offline and sends them once when the network is back.

let browser: Browser | undefined;
let launchError: unknown;
let demo: ServedDemo | undefined;
let context: BrowserContext | undefined;
let slow: Server | undefined;

beforeAll(async () => {
  buildDemo();
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
  await demo?.close();
  slow?.closeAllConnections();
  slow?.close();
  context = undefined;
  demo = undefined;
  slow = undefined;
});

/**
 * A proxy in front of the API that passes each request on at once and holds the answer for
 * `ms`: a write is applied by the server while its answer is still on the way, so a page that
 * closes then never learns it was applied. Resolves its origin.
 */
async function answersLate(apiOrigin: string, ms: number): Promise<string> {
  const api = new URL(apiOrigin);
  slow = createServer((req, res) => {
    const upstream = forward(
      {
        host: api.hostname,
        port: api.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (part: Buffer) => parts.push(part));
        answer.on('end', () =>
          setTimeout(() => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(parts));
          }, ms),
        );
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => slow!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
}

/** The page's network, switched through the DevTools protocol. */
async function networkOf(page: Page): Promise<(online: boolean) => Promise<void>> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  return async (online) => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: !online,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  };
}

/** Opens the app, signs in as the admin, and waits until the service worker controls the page. */
async function openSignedIn(served: ServedDemo): Promise<Page> {
  if (!browser) throw launchError;
  context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${served.appOrigin}/`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('admin123');
  await page.getByTestId('sign-in').click();
  await rows(page).first().waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page;
}

const rows = (page: Page) => page.getByTestId('products-table').locator('tbody tr.bk-table__row');
const indicator = (page: Page) => page.locator('.bk-offline');
const productsLink = (page: Page) =>
  page.getByRole('navigation').getByRole('link', { name: 'Products', exact: true });

/** Products on the server with `name`, read from its data (not through the app). */
const onServer = (served: ServedDemo, name: string) =>
  (served.api.snapshot().entities.products?.rows ?? []).filter((row) => row.name === name);

describe('the demo offline, in Chromium', () => {
  it('keeps the list and an edit across a reload offline, and applies the edit once when back online', async () => {
    demo = await serveDemo({ loginThrottle: false });
    const page = await openSignedIn(demo);
    const setOnline = await networkOf(page);
    const first = rows(page).first();
    const name = (await first.locator('td').first().innerText()).trim();
    const id = String(onServer(demo, name)[0]?.id);
    const listed = await rows(page).count();
    // The edit page once online: its record is then in the cache too.
    await first.click();
    await page.getByTestId('product-form').waitFor();
    await productsLink(page).click();
    await rows(page).first().waitFor();

    await setOnline(false);
    await first.click();
    await page.getByLabel('Stock').fill('4321');
    await page.getByTestId('save-product').click();
    // Queued: back on the list, which stays, with the product marked pending.
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBe(listed);
    await expect.poll(() => first.getByTestId('pending-mark').count()).toBe(1);
    await expect
      .poll(() => indicator(page).innerText())
      .toBe('You are offline: 1 change will be sent when the connection is back');

    // A reload with the network still cut: the page comes from the service worker, the list
    // from the persisted cache, the edit from the queue.
    await page.reload();
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBe(listed);
    await expect.poll(() => first.getByTestId('pending-mark').count()).toBe(1);
    expect(await page.getByTestId('pending-write').innerText()).toContain(`/products/${id}`);
    expect(demo.api.requests().filter((r) => r.method === 'PUT')).toEqual([]);

    await setOnline(true);
    await expect.poll(() => indicator(page).count()).toBe(0);
    await expect.poll(() => first.getByTestId('pending-mark').count()).toBe(0);
    await expect.poll(() => first.locator('td').nth(3).innerText()).toBe('4321');
    expect(demo.api.requests().filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(onServer(demo, name)[0]?.stock).toBe(4321);
  });

  it('loses and doubles nothing when the page closes in the middle of a replay', async () => {
    // Each answer comes 400 ms after the server applied the write: the page closes while one
    // is applied but not answered.
    demo = await serveDemo({ loginThrottle: false }, (api) => answersLate(api, 400));
    const page = await openSignedIn(demo);
    const setOnline = await networkOf(page);
    const names = [1, 2, 3, 4, 5].map((n) => `Offline lamp ${n} ${Date.now()}`);
    await setOnline(false);
    for (const name of names) {
      await page.goto(`${demo.appOrigin}/#/products/new`);
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Price').fill('9.5');
      await page.getByTestId('save-product').click();
      await rows(page).first().waitFor();
    }
    await expect.poll(() => page.getByTestId('pending-write').count()).toBe(names.length);

    await setOnline(true);
    // Closed as soon as the second write is in, before its answer came back: it is applied on
    // the server and still queued on the device; the others wait.
    await expect.poll(() => onServer(demo!, names[1]!).length, { timeout: 15_000 }).toBe(1);
    await page.close();
    expect(names.map((name) => onServer(demo!, name).length)).toEqual([1, 1, 0, 0, 0]);

    // The app opened again: it sends what is left when it mounts.
    const again = await context!.newPage();
    await again.goto(`${demo.appOrigin}/`);
    await rows(again).first().waitFor();
    await expect
      .poll(() => names.map((name) => onServer(demo!, name).length), { timeout: 20_000 })
      .toEqual([1, 1, 1, 1, 1]);
    await expect.poll(() => again.getByTestId('pending-changes').count()).toBe(0);
    // In the order made: the server gives ids in the order it applied them.
    const ids = names.map((name) => Number(onServer(demo!, name)[0]?.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});
