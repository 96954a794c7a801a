import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test-utils/chromium';
import { axeViolations } from './axe';
import { type RunningDemo, startDemo, watchConsole, webDir } from './demoApp';

// The demo exactly as `npm start` serves it (the script itself, started as a user does): the
// built app (on the built packages) in a vite preview that proxies /api to the reference server
// with demo data, driven by real Chromium, once at desktop width and once at a phone's 390 px.

const screenshots = join(webDir, 'e2e/screenshots');

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

let demo: RunningDemo | undefined;
let browser: Browser;
let appOrigin: string;
let appUrl: string;
let apiOrigin: string;

// The page of the viewport whose tests run now (the describe blocks run one after the other).
let page: Page;
let viewport: Viewport;
/** Console errors and uncaught exceptions of the current test; any one fails it. */
let consoleErrors: string[] = [];
/** Statuses the current test provokes on purpose (see `expectRefusal`). */
let expectedStatuses: number[] = [];

/**
 * Chromium logs every 4xx answer to `fetch` as a console error ("Failed to load resource: the
 * server responded with a status of 403"). A test that makes the server refuse on purpose
 * names the status here; only API requests with that status are then let through.
 */
function expectRefusal(...statuses: number[]) {
  expectedStatuses.push(...statuses);
}

/**
 * A picture of the page as it is, into e2e/screenshots, and axe-core's check of it (WCAG 2.1 AA
 * and best practice): every screen pictured is a screen checked, at both widths.
 */
async function shot(name: string) {
  await page.screenshot({
    path: join(screenshots, `${viewport.name}-${name}.png`),
    fullPage: true,
  });
  expect(await axeViolations(page), `axe on ${name}`).toEqual([]);
}

const testId = (id: string) => page.getByTestId(id);
/** A link of the top navigation ("Back to the products" elsewhere is another link). */
const navLink = (name: string) =>
  page.getByRole('navigation').getByRole('link', { name, exact: true });

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoHorizontalScroll() {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `page width at ${viewport.width} px`).toBeLessThanOrEqual(clientWidth);
}

async function signIn(email: string, password: string) {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await testId('sign-in').click();
  await testId('products-table').locator('tbody tr.bk-table__row').first().waitFor();
}

async function signOut() {
  await testId('sign-out').click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
}

/** The rows of the main products table, as the texts of their first cells. */
async function tableNames() {
  return testId('products-table').locator('tbody tr.bk-table__row td:first-child').allInnerTexts();
}

/** Waits until `read()` gives a list with (or without) `name`. */
async function waitForName(read: () => Promise<string[]>, name: string, present: boolean) {
  await expect.poll(async () => (await read()).includes(name)).toBe(present);
}

/** The request log's entries, as "METHOD STATUS URL" lines. */
async function logLines() {
  return (await testId('log-entry').allInnerTexts()).map((entry) => entry.replace(/\s+/g, ' '));
}

/** The prices shown in the products table. */
async function tablePrices() {
  return (await testId('products-table').getByTestId('price').allInnerTexts()).map((text) =>
    Number(text.replace('$', '')),
  );
}

/** The route in the address bar, decoded, e.g. `/products?q=lamp&page=2`. */
function route() {
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#/, ''));
}

/** Waits until the products table has the answer to its last request on screen. */
async function tableSettled() {
  await page.waitForFunction(() => {
    const table = document.querySelector('[data-testid="products-table"] table');
    return table?.getAttribute('aria-busy') === 'false';
  });
}

/**
 * Runs `act`, then waits for the answer to the products request it sends (`urlPart` in its
 * decoded URL) and for the table to show it.
 */
async function listRequest(act: () => Promise<void>, urlPart: string) {
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/products/search?') &&
      decodeURIComponent(response.url()).includes(urlPart),
  );
  await act();
  await answered;
  await tableSettled();
}

const searchBox = () => testId('products-table').getByRole('searchbox', { name: 'Search' });
const minPriceBox = () => testId('products-table').getByLabel('Price at least');

/**
 * Clicks a header cell near its right edge, away from the label (a header's label is a few
 * dozen pixels; the cell is as wide as its column).
 */
async function clickCellOutsideLabel(table: ReturnType<typeof testId>, name: RegExp) {
  const cell = table.getByRole('columnheader', { name });
  const box = (await cell.boundingBox())!;
  // Where the label's text ends: its first text node's box.
  const labelRight = await cell.evaluate((th) => {
    const text = document.createTreeWalker(th, NodeFilter.SHOW_TEXT).nextNode();
    const range = document.createRange();
    range.selectNodeContents(text!);
    return range.getBoundingClientRect().right;
  });
  const x = box.width - 3;
  expect(box.x + x, 'the click lands right of the label').toBeGreaterThan(labelRight + 10);
  await cell.click({ position: { x, y: box.height - 3 } });
  return cell;
}

/**
 * Holds every DELETE of a product at the browser until `release()`, so a test can look at the
 * optimistic state before the real server's answer arrives. The request itself is unchanged.
 */
async function holdDeletes() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (route: Route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    await released;
    await route.continue();
  };
  await page.route('**/api/products/*', handler);
  return {
    release,
    stop: () => page.unroute('**/api/products/*', handler),
  };
}

const confirmDialog = () => page.getByRole('dialog', { name: 'Delete this product?' });

/** Why Chromium did not start, if it did not. */
let launchError: unknown;

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  try {
    browser = await launchChromium();
  } catch (error) {
    // Reported by the test below as a failure; a failing hook alone would list the rest as skipped.
    launchError = error;
  }
});

afterAll(async () => {
  await browser?.close();
});

/** `npm start`: a reference server with fresh demo data and the app proxied to it. */
async function startApp() {
  demo = await startDemo();
  ({ appOrigin, apiOrigin } = demo);
  appUrl = `${appOrigin}/`;
}

it('runs on a real Chromium (a missing browser is a failure, never a skip)', () => {
  if (launchError) throw launchError;
  expect(browser.isConnected()).toBe(true);
});

describe.each(VIEWPORTS)('the demo app in Chromium, $width px wide', (size) => {
  let context: BrowserContext;

  beforeAll(async () => {
    if (!browser) throw launchError;
    viewport = size;
    // Each width starts from the same data: the other run's deletes do not leak in.
    await startApp();
    // A fresh context per width: its own storage, so each run starts signed out.
    context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
    });
    page = await context.newPage();
    // Fail a step in seconds rather than after the 30 s default, so one bug is one failure.
    page.setDefaultTimeout(10_000);
    consoleErrors = watchConsole(page, appOrigin, () => expectedStatuses);
  });

  afterEach(async () => {
    const errors = consoleErrors.splice(0);
    expectedStatuses = [];
    expect(errors, 'console errors').toEqual([]);
    await expectNoHorizontalScroll();
    expect(await axeViolations(page), 'axe where the step ends').toEqual([]);
  });

  afterAll(async () => {
    await context?.close();
    await demo?.stop();
  });

  it('sends a visitor without a session to the sign-in page, with a favicon', async () => {
    await page.goto(appUrl);
    // The page's content is its main landmark, under one h1.
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(page.url()).toContain('#/login?reason=unauthenticated');
    await expect(testId('signin-notice').textContent()).resolves.toMatch(/sign in/i);
    await expect(page.locator('.demo-users').textContent()).resolves.toContain('viewer123');
    // The icon the page names is served (no 404 and no console error on load).
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBeTruthy();
    const served = await fetch(new URL(icon!, appUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('image/svg+xml');
    // The console check sees what the page logs (it is emptied again before the check).
    await page.evaluate(() => console.error('probe'));
    await expect.poll(() => consoleErrors.some((e) => e.startsWith('probe'))).toBe(true);
    consoleErrors.length = 0;
    await shot('01-sign-in');
  });

  it('asks for what is missing in words a user reads, before sending anything', async () => {
    await testId('sign-in').click();
    const alert = page.getByRole('alert');
    await expect(alert.textContent()).resolves.toBe('Please enter your email and password.');
    await page.getByLabel('Email').fill('viewer@example.com');
    await testId('sign-in').click();
    await expect.poll(() => alert.textContent()).toBe('Please enter your password.');
    expect((await logLines()).some((line) => line.startsWith('POST'))).toBe(false);
    await page.getByLabel('Email').fill('');
  });

  it('labels the last failure with its request and time, and clears it on sign-in', async () => {
    expectRefusal(401);
    await page.getByLabel('Email').fill('viewer@example.com');
    await page.getByLabel('Password').fill('wrong password');
    await testId('sign-in').click();
    // The user reads what went wrong; the log below keeps the API's own answer.
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('The email or the password is not right. Please try again.');
    const failure = testId('last-failure');
    await failure.waitFor();
    expect((await failure.textContent())?.replace(/\s+/g, ' ')).toMatch(
      /POST \/api\/auth\/login → 401/,
    );
    expect(
      Date.parse((await failure.locator('time').getAttribute('datetime')) ?? ''),
    ).not.toBeNaN();
    await shot('02-sign-in-failed');

    await signIn('viewer@example.com', 'viewer123');
    expect(await failure.count()).toBe(0);
    // The log itself keeps the failed request.
    expect((await logLines()).some((line) => /^POST 401 \/api\/auth\/login/.test(line))).toBe(true);
  });

  it('offers a viewer no New product, row editing, Save or Delete', async () => {
    await testId('read-only-notice').waitFor();
    expect(await navLink('New product').count()).toBe(0);
    const table = testId('products-table');
    expect(await table.locator('.bk-table__row--clickable').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    const before = page.url();
    await table.locator('tbody tr.bk-table__row').first().click();
    expect(page.url()).toBe(before);
    await shot('03-viewer-products');

    // Typed-in routes are read-only too.
    await page.goto(`${appUrl}#/products/new`);
    await testId('create-not-offered').waitFor();
    expect(await testId('product-form').count()).toBe(0);
    await page.goto(`${appUrl}#/products/1`);
    const form = testId('product-form');
    await form.waitFor();
    // A product's page is titled by its h1.
    const name = await form.getByLabel('Name').inputValue();
    await page.getByRole('heading', { level: 1, name: `“${name}”` }).waitFor();
    await expect(form.getByLabel('Name').isDisabled()).resolves.toBe(true);
    expect(await testId('save-product').count()).toBe(0);
    expect(await testId('delete-product').count()).toBe(0);
    await shot('04-viewer-record');
    await testId('back-to-products').click();
    await testId('products-table').locator('tbody tr.bk-table__row').first().waitFor();
  });

  it('shows a viewer the fallback of the admin section', async () => {
    await navLink('Admin').click();
    await testId('admin-fallback').waitFor();
    expect(await testId('admin-section').count()).toBe(0);
    await shot('05-viewer-admin-fallback');
    await navLink('Products').click();
    await testId('products-table').locator('tbody tr.bk-table__row').first().waitFor();
  });

  it("rolls an optimistic delete back when the server refuses it (a viewer's 403)", async () => {
    expectRefusal(403);
    // The viewer asks to see the write actions the UI hides, to watch the server refuse.
    await testId('try-anyway').check();
    await navLink('New product').waitFor();
    const [name] = await tableNames();
    expect(name).toBeTruthy();
    const row = testId('products-table').locator('tbody tr.bk-table__row').first();

    // The confirm step: Cancel sends nothing.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await confirmDialog().waitFor();
    await expect(confirmDialog().textContent()).resolves.toContain(name);
    await expectNoHorizontalScroll();
    await shot('06-delete-confirm');
    await confirmDialog().getByRole('button', { name: 'Cancel' }).click();
    await confirmDialog().waitFor({ state: 'hidden' });
    expect((await logLines()).some((line) => line.startsWith('DELETE'))).toBe(false);

    const held = await holdDeletes();
    try {
      await row.getByRole('button', { name: `Delete ${name}` }).click();
      await confirmDialog().getByRole('button', { name: 'Delete' }).click();
      // Optimistic: the row leaves the table before the server has answered.
      await waitForName(tableNames, name!, false);
      held.release();
      // The 403 puts it back, and says so.
      const refused = testId('delete-refused');
      await refused.waitFor();
      await expect(refused.textContent()).resolves.toMatch(/403 FORBIDDEN/);
      await waitForName(tableNames, name!, true);
    } finally {
      await held.stop();
    }
    await testId('request-log')
      .getByText(/^\/api\/products\/\d+$/)
      .first()
      .waitFor();
    expect((await logLines()).some((line) => /^DELETE 403 \/api\/products\/\d+$/.test(line))).toBe(
      true,
    );
    await shot('07-delete-rolled-back');
    await signOut();
    // Signing out forgets "show anyway".
    await signIn('viewer@example.com', 'viewer123');
    await expect(testId('try-anyway').isChecked()).resolves.toBe(false);
    expect(await navLink('New product').count()).toBe(0);
    await signOut();
  });

  it('shows an admin the admin section', async () => {
    await signIn('admin@example.com', 'admin123');
    await expect(testId('current-user').textContent()).resolves.toContain('admin');
    expect(await testId('read-only-notice').count()).toBe(0);
    await navLink('Admin').click();
    await testId('admin-section').locator('tbody tr.bk-table__row').first().waitFor();
    expect(await testId('admin-fallback').count()).toBe(0);
    await shot('08-admin-section');
  });

  it('pages through the products table, under an h1 and a caption', async () => {
    await navLink('Products').click();
    const table = testId('products-table');
    await table.locator('tbody tr.bk-table__row').first().waitFor();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await expect(table.locator('caption').textContent()).resolves.toBe('All products');
    expect(await table.getByRole('table', { name: 'All products' }).count()).toBe(1);
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
    expect(route()).toBe('/products?page=2');
    await shot('09-products-page-2');
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
    // A new sort starts on page 1.
    expect(route()).toBe('/products?sort=price:asc');
    await table.getByText(/^Page 1 of/).waitFor();
  });

  it('sorts the products table on a click anywhere in a header cell, and from the keyboard', async () => {
    const table = testId('products-table');
    const name = await clickCellOutsideLabel(table, /^Name/);
    await expect.poll(() => name.getAttribute('aria-sort')).toBe('ascending');
    await page.waitForFunction(() => {
      const names = Array.from(
        document.querySelectorAll(
          '[data-testid="products-table"] tbody tr.bk-table__row td:first-child',
        ),
        (el) => el.textContent ?? '',
      );
      return names.length === 10 && names.every((n, i) => i === 0 || names[i - 1]! <= n);
    });

    // Tab goes from the Name header to the Price header; Enter and Space sort by it.
    const price = table.getByRole('columnheader', { name: /^Price/ });
    await name.getByRole('button').focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => price.evaluate((th) => th.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => price.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => name.getAttribute('aria-sort')).toBe(null);
    await page.keyboard.press('Space');
    await expect.poll(() => price.getAttribute('aria-sort')).toBe('descending');
  });

  it('keeps the sort and the page in the URL, so a reload shows the same page', async () => {
    const table = testId('products-table');
    await listRequest(() => table.getByRole('button', { name: 'Next' }).click(), 'page=2');
    expect(route()).toBe('/products?sort=price:desc&page=2');
    const names = await tableNames();
    const prices = await tablePrices();
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    await page.reload();
    await table.locator('tbody tr.bk-table__row').first().waitFor();
    await tableSettled();
    expect(await tableNames()).toEqual(names);
    await table.getByText(/^Page 2 of \d+$/).waitFor();
    await expect(
      table.getByRole('columnheader', { name: /^Price/ }).getAttribute('aria-sort'),
    ).resolves.toBe('descending');
    expect(route()).toBe('/products?sort=price:desc&page=2');
  });

  it('searches with the search box, back to page 1, the caption saying so', async () => {
    const table = testId('products-table');
    await listRequest(() => searchBox().fill('lamp'), 'q=lamp');
    expect(route()).toBe('/products?q=lamp&sort=price:desc');
    await table.getByText(/^Page 1 of \d+$/).waitFor();
    await expect(table.locator('caption').textContent()).resolves.toBe(
      'Products matching your search',
    );
    const rows = await table.locator('tbody tr.bk-table__row').allInnerTexts();
    expect(rows.length).toBeGreaterThan(0);
    // The reference server's `q` matches any text field: here the name or the category.
    for (const row of rows) expect(row.toLowerCase()).toContain('lamp');
    await testId('request-log').getByText('/api/products/search?q=lamp').first().waitFor();
    // One table: no second list of "all products" beside the results.
    expect(await page.getByRole('table').count()).toBe(1);
    await shot('10-search');
  });

  it('filters by a minimum price, with the search and the sort, and a reload keeps all three', async () => {
    const table = testId('products-table');
    await listRequest(() => minPriceBox().fill('20'), 'price[gte]=20');
    expect(route()).toBe('/products?q=lamp&minPrice=20&sort=price:desc');
    const prices = await tablePrices();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toBeGreaterThanOrEqual(20);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(
      (await logLines()).some((line) =>
        /^GET 200 \/api\/products\/search\?q=lamp&.*price\[gte\]=20/.test(line),
      ),
    ).toBe(true);
    const names = await tableNames();

    await page.reload();
    await table.locator('tbody tr.bk-table__row').first().waitFor();
    await tableSettled();
    expect(await tableNames()).toEqual(names);
    await expect(searchBox().inputValue()).resolves.toBe('lamp');
    await expect(minPriceBox().inputValue()).resolves.toBe('20');
    await shot('11-search-filter-reloaded');

    // A price no product reaches: the empty state says why.
    await listRequest(() => minPriceBox().fill('100000'), 'price[gte]=100000');
    await table.getByText('No matching products.').waitFor();
    // Back to earlier lists, which SWR may answer from its cache without a request.
    await minPriceBox().fill('');
    await expect.poll(route).toBe('/products?q=lamp&sort=price:desc');
    await searchBox().fill('');
    await expect.poll(route).toBe('/products?sort=price:desc');
    await expect(table.locator('caption').textContent()).resolves.toBe('All products');
    await table.locator('tbody tr.bk-table__row').first().waitFor();
    await tableSettled();
  });

  it('shows the next page loading, then a failed page change with its message and a Retry that works', async () => {
    const table = testId('products-table');
    /** Requests of one page of the products table (the URL in the browser, before the proxy). */
    const pageOf = (n: number) => (url: URL) =>
      url.pathname === '/api/products/search' && url.searchParams.get('page') === String(n);

    // Page 2's answer is held at the browser: the table says it is loading, page 1 stays.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hold = async (held: Route) => {
      await released;
      await held.continue();
    };
    const page2 = pageOf(2);
    await page.route(page2, hold);
    try {
      const before = await tableNames();
      await table.getByRole('button', { name: 'Next' }).click();
      await table.getByText('Loading page 2…').waitFor();
      expect(await tableNames()).toEqual(before);
      await shot('12-loading-page-2');
      release();
      await table.getByText(/^Page 2 of \d+$/).waitFor();
    } finally {
      await page.unroute(page2, hold);
    }

    // Offline (Chromium's network emulation), Next fails: the message and Retry show above the
    // rows of page 2, which stay; a Retry while offline fails again, still in sight.
    const shown = await tableNames();
    const network = await context.newCDPSession(page);
    const offline = (value: boolean) =>
      network.send('Network.emulateNetworkConditions', {
        offline: value,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    const alert = table.getByRole('alert');
    const failedRequests = async () =>
      (await logLines()).filter((line) => /^GET 0 \/api\/products\/search\?.*page=3/.test(line));
    // While the network comes back, page 3 still fails (as if the server were unreachable),
    // until the test lets it through: then only Retry can bring it.
    const unreachable = (cut: Route) => cut.abort('internetdisconnected');
    const page3 = pageOf(3);
    await page.route(page3, unreachable);
    await offline(true);
    try {
      await table.getByRole('button', { name: 'Next' }).click();
      await alert.waitFor();
      expect((await alert.textContent())?.replace('Retry', '').trim()).not.toBe('');
      expect(await tableNames()).toEqual(shown);
      await table.getByText(/^Page 2 of \d+$/).waitFor();
      await shot('13-page-change-failed');
      const failed = (await failedRequests()).length;
      await alert.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(async () => (await failedRequests()).length).toBeGreaterThan(failed);
      await alert.waitFor();
    } finally {
      await offline(false);
      await network.detach();
    }
    // Back online, the app may ask for page 3 by itself (SWR on reconnect; the client tries a
    // read twice): that fails too while page 3 is unreachable. Once nothing is on its way (the
    // log shows no call in flight), only Retry can bring the page.
    const inFlight = /^GET … \/api\/products\/search\?.*page=3/;
    await expect
      .poll(async () => (await logLines()).some((line) => inFlight.test(line)))
      .toBe(false);
    await page.unroute(page3, unreachable);
    await listRequest(() => alert.getByRole('button', { name: 'Retry' }).click(), 'page=3');
    await table.getByText(/^Page 3 of \d+$/).waitFor();
    expect(await alert.count()).toBe(0);
    // Chromium logs each request it could not send: those are the ones this test provoked.
    const others = consoleErrors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'));
    expect(others.length).toBeLessThan(consoleErrors.length);
    consoleErrors.splice(0, consoleErrors.length, ...others);
  });

  let created = '';
  let createdId = '';
  /** A part of the created product's name no other product has. */
  let stamp = '';

  it('shows the 422 of a product without a price, then creates one and shows it', async () => {
    stamp = String(Date.now());
    created = `E2E cotton lamp ${viewport.name} ${stamp}`;
    await navLink('New product').click();
    const form = testId('product-form');
    await form.getByLabel('Name').fill(created);
    await form.getByLabel('Category').selectOption('Home');
    expectRefusal(422);
    await testId('save-product').click();
    const error = testId('form-error');
    await error.waitFor();
    const message = await error.textContent();
    expect(message).toContain('422');
    expect(message).toContain('price');
    await expect(form.getByLabel('Price').getAttribute('aria-invalid')).resolves.toBe('true');
    await shot('14-create-422');

    await form.getByLabel('Price').fill('149.5');
    await testId('save-product').click();
    // The new record is brought into view: its own page, saying it was created.
    const notice = testId('created-notice');
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toContain(created);
    createdId = /#\/products\/([^?]+)\?created=1$/.exec(page.url())?.[1] ?? '';
    expect(createdId).toMatch(/^\d+$/);
    await page.getByRole('heading', { level: 1, name: `Edit “${created}”` }).waitFor();
    await expect(testId('product-form').getByLabel('Price').inputValue()).resolves.toBe('149.5');
    await shot('15-created-product-shown');
  });

  it('finds the new product by its name and edits it with PUT', async () => {
    await navLink('Products').click();
    await testId('products-table').locator('tbody tr.bk-table__row').first().waitFor();
    // The link starts the list over: no search, no sort, page 1.
    expect(route()).toBe('/products');
    await listRequest(() => searchBox().fill(created), `q=${created}`);
    expect(await tableNames()).toEqual([created]);
    await testId('products-table').locator('tbody tr.bk-table__row td').first().click();
    await page.getByRole('heading', { name: `Edit “${created}”` }).waitFor();
    const form = testId('product-form');
    await expect(form.getByLabel('Price').inputValue()).resolves.toBe('149.5');
    await form.getByLabel('Stock').fill('42');
    await testId('save-product').click();
    await testId('saved-notice').waitFor();
    const log = await logLines();
    expect(log.some((entry) => /^PUT 200 \/api\/products\/\d+$/.test(entry.trim()))).toBe(true);
  });

  it('deletes a row after the confirm step, optimistically', async () => {
    await listRequest(() => searchBox().fill(stamp), `q=${stamp}`);
    expect(await tableNames()).toEqual([created]);
    const held = await holdDeletes();
    try {
      await testId('products-table')
        .getByRole('button', { name: `Delete ${created}` })
        .click();
      await confirmDialog().waitFor();
      await confirmDialog().getByRole('button', { name: 'Delete' }).click();
      await waitForName(tableNames, created, false);
      held.release();
      await testId('delete-notice').waitFor();
    } finally {
      await held.stop();
    }
    await expect(testId('delete-notice').textContent()).resolves.toContain(created);
    await testId('products-table').getByText('No matching products.').waitFor();
    expect(
      (await logLines()).some((line) => line === `DELETE 200 /api/products/${createdId}`),
    ).toBe(true);
    await shot('16-deleted');

    // Its page is gone, with a way back.
    expectRefusal(404);
    await page.goto(`${appUrl}#/products/${createdId}`);
    await testId('product-not-found').waitFor();
    await shot('16-deleted-product-page');
    await testId('back-to-products').click();
    await testId('products-table').locator('tbody tr.bk-table__row').first().waitFor();
  });

  it("deletes from a product's own page without asking for it again", async () => {
    const table = testId('products-table');
    const [name] = await tableNames();
    await table.locator('tbody tr.bk-table__row').first().click();
    await page.getByRole('heading', { name: `Edit “${name}”` }).waitFor();
    const id = /#\/products\/([^?]+)$/.exec(page.url())?.[1];
    expect(id).toMatch(/^\d+$/);
    const afterDelete: string[] = [];
    let deleted = false;
    const watch = (request: { method(): string; url(): string }) => {
      if (request.method() === 'DELETE') deleted = true;
      else if (deleted) afterDelete.push(`${request.method()} ${new URL(request.url()).pathname}`);
    };
    page.on('request', watch);
    try {
      await testId('delete-product').click();
      await confirmDialog().getByRole('button', { name: 'Delete' }).click();
      await testId('delete-notice').waitFor();
      await expect(testId('delete-notice').textContent()).resolves.toContain(name);
      expect(page.url()).toContain('#/products?deleted=');
      await waitForName(tableNames, name!, false);
      await tableSettled();
    } finally {
      page.off('request', watch);
    }
    expect(deleted).toBe(true);
    expect(afterDelete).not.toContain(`GET /api/products/${id}`);
    expect(afterDelete.some((r) => r.startsWith('GET /api/products/search'))).toBe(true);
  });

  it('shows a way back from a page that does not exist', async () => {
    await page.goto(`${appUrl}#/no/such/page`);
    await testId('not-found').waitFor();
    await shot('17-not-found');
    await testId('not-found').getByRole('link', { name: 'Back to the products' }).click();
    await testId('products-table').locator('tbody tr.bk-table__row').first().waitFor();
  });

  it('sends the user to sign in again when the server ends the session', async () => {
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
    expectRefusal(401);
    await testId('products-table').getByRole('button', { name: 'Next' }).click();
    await testId('signin-notice').waitFor();
    expect(page.url()).toContain('#/login?reason=session-expired');
    await expect(testId('signin-notice').textContent()).resolves.toContain('session expired');
    await shot('18-session-expired');
  });

  it('signs out back to the sign-in page', async () => {
    await signIn('editor@example.com', 'editor123');
    // An editor may write products too.
    await navLink('New product').waitFor();
    await signOut();
    expect(page.url()).toContain('#/login');
    // The guarded pages stay closed without a session.
    await page.goto(`${appUrl}#/products`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(page.url()).toContain('#/login?reason=unauthenticated');
    await shot('19-signed-out');
  });
});
