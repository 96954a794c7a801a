#!/usr/bin/env node
// The README's Quick start as a newcomer runs it, proved in a real browser: `npm start` (on
// free ports: `npm start -- --port 0 --web-port 0`), wait for the `App:` URL it prints, then
// drive that very server in Chromium: sign in with a demo account, search and sort the
// products table, edit a product, go offline (DevTools network emulation), reload, edit it
// again, reconnect, and see the edit applied once (read back through the API, and one write
// answered by the server); then Ctrl-C, after which it must exit cleanly.
//
//   node scripts/first-run.mjs [--fresh-clone] [--json <file>]
//
// --fresh-clone  CI's first stage, right after the installs and before any build: checks that
//                no build output exists yet (npm start must build everything itself) and runs
//                `npm install` as the README writes it, which must leave package-lock.json as
//                it is, before `npm start`.
// --json <file>  writes `{ passed, failed }` (each step counts as one test), as `npm test`'s
//                other stages do.
//
// No step waits on a clock: each waits for a state, with generous limits for a busy machine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: { 'fresh-clone': { type: 'boolean', default: false }, json: { type: 'string' } },
});

/** A step that runs longer than this fails (a first build on a loaded machine included). */
const STEP_LIMIT_MS = 10 * 60_000;
/** How long the browser waits for one state before the step fails. */
const STATE_LIMIT_MS = 60_000;
const ADMIN = { email: 'admin@example.com', password: 'admin123' };
const BUILD_OUTPUT = ['packages/core/dist', 'packages/server/dist', 'packages/react/dist'].concat(
  'examples/web/dist',
);

let passed = 0;
let failed = 0;
let stopped = false;

/** Runs one step; after a failed one the rest cannot run and count as failed too. */
async function step(name, run) {
  if (stopped) {
    failed += 1;
    console.log(`  ✗ ${name} (not run: an earlier step failed)`);
    return;
  }
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`still not done after ${STEP_LIMIT_MS / 1000} s`)),
      STEP_LIMIT_MS,
    );
  });
  try {
    await Promise.race([run(), limit]);
    passed += 1;
    console.log(`  ✓ ${name}`);
  } catch (error) {
    failed += 1;
    stopped = true;
    console.log(`  ✗ ${name}\n${String(error?.stack ?? error).replace(/^/gm, '      ')}`);
  } finally {
    clearTimeout(timer);
  }
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** `npm start` as a terminal runs it: in a process group of its own, so Ctrl-C reaches all of it. */
function npmStart() {
  const child = spawn('npm', ['start', '--', '--port', '0', '--web-port', '0'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  // Every process of the group holds the output pipe: it closes when the last one exits.
  const closed = new Promise((resolve) => child.stdout.once('close', resolve));
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    output: () => output,
    exited,
    closed,
    /** Resolves `{ app, api }` once both URLs are printed; rejects if it stops first. */
    urls: () =>
      new Promise((resolve, reject) => {
        const look = () => {
          const app = /^\s*App:\s+(http:\/\/\S+?)\/?$/m.exec(output)?.[1];
          const api = /^\s*API:\s+(http:\/\/\S+?\/api)\b/m.exec(output)?.[1];
          if (app && api) resolve({ app, api });
        };
        child.stdout.on('data', look);
        look();
        void exited.then(() => reject(new Error(`npm start stopped:\n${output}`)));
      }),
    /** Ctrl-C: SIGINT to the whole group (npm, the shell, node). */
    interrupt: () => process.kill(-child.pid, 'SIGINT'),
    /** Ends whatever is left (after a failed step). */
    kill: () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    },
  };
}

/** The reference server's data, read through its API as the admin (not through the app). */
async function readProduct(api, id) {
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { data } = await login.json();
  const answer = await fetch(`${api}/products/${id}`, {
    headers: { 'X-Session-ID': data.sessionId },
  });
  check(answer.ok, `GET /products/${id} answered ${answer.status}`);
  return (await answer.json()).data;
}

const started = Date.now();
console.log('First run: npm start as the README says, driven in Chromium');

if (args['fresh-clone']) {
  await step('a fresh clone: no build output yet', () => {
    const present = BUILD_OUTPUT.filter((path) => existsSync(join(root, path)));
    check(present.length === 0, `build output exists already: ${present.join(', ')}`);
  });
  await step('`npm install` leaves package-lock.json as it is', () => {
    const lock = join(root, 'package-lock.json');
    const before = readFileSync(lock, 'utf8');
    const install = spawnSync('npm', ['install'], { cwd: root, stdio: 'inherit' });
    check(install.status === 0, `npm install exited with ${install.status}`);
    check(readFileSync(lock, 'utf8') === before, 'npm install changed package-lock.json');
  });
}

const server = npmStart();
let browser;
let urls;
let page;
let setOnline;
/** The PUTs of the edited product the server answered itself (not again from their key). */
const applied = [];
let productId = '';

try {
  await step(
    '`npm start -- --port 0 --web-port 0` builds what it needs and prints the App URL',
    async () => {
      urls = await server.urls();
      const answer = await fetch(urls.app);
      check(answer.ok, `the App URL answered ${answer.status}`);
    },
  );

  await step('signs in with a demo account', async () => {
    browser = await chromium.launch({
      // As test-utils/chromium.ts launches it (Debian's Chromium; CHROMIUM_PATH overrides).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(STATE_LIMIT_MS);
    page.on('response', (response) => {
      const request = response.request();
      if (
        request.method() === 'PUT' &&
        productId &&
        new URL(request.url()).pathname === `/api/products/${productId}` &&
        response.headers()['idempotent-replayed'] !== 'true'
      ) {
        applied.push(response.status());
      }
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    setOnline = (online) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: !online,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    await page.goto(urls.app);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByTestId('sign-in').click();
    await rows().first().waitFor();
  });

  await step('searches and sorts the products table', async () => {
    await page.getByRole('searchbox', { name: 'Search' }).fill('lamp');
    await page.waitForFunction(() => {
      const names = [
        ...document.querySelectorAll('[data-testid="products-table"] tbody tr.bk-table__row'),
      ];
      return (
        names.length > 0 && names.every((row) => row.textContent.toLowerCase().includes('lamp'))
      );
    });
    await page.getByTestId('products-table').getByRole('button', { name: 'Price' }).click();
    await page.waitForFunction(() => {
      const header = document.querySelector(
        '[data-testid="products-table"] th[aria-sort="ascending"]',
      );
      const prices = [
        ...document.querySelectorAll('[data-testid="products-table"] [data-testid="price"]'),
      ].map((cell) => Number(cell.textContent.replace('$', '')));
      const rows = document.querySelectorAll(
        '[data-testid="products-table"] tbody tr.bk-table__row',
      );
      return (
        header?.textContent.startsWith('Price') &&
        prices.length > 0 &&
        prices.every((price, i) => i === 0 || prices[i - 1] <= price) &&
        [...rows].every((row) => row.textContent.toLowerCase().includes('lamp'))
      );
    });
  });

  await step('edits a product', async () => {
    await rows().first().click();
    await page.getByTestId('product-form').waitFor();
    productId = /#\/products\/([^?]+)$/.exec(page.url())?.[1] ?? '';
    check(/^\d+$/.test(productId), `no product id in ${page.url()}`);
    await page.getByLabel('Stock').fill('1111');
    await page.getByTestId('save-product').click();
    await page.getByTestId('saved-notice').waitFor();
    check(
      (await readProduct(urls.api, productId)).stock === 1111,
      'the API does not show the edit',
    );
    check(applied.length === 1 && applied[0] === 200, `PUT answers: ${JSON.stringify(applied)}`);
  });

  await step('offline: reloads, edits again; back online the edit is applied once', async () => {
    // The app shell must be cached before the network goes.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await setOnline(false);
    await page.reload();
    // The page from the service worker, the list from the device, the banner saying why.
    await rows().first().waitFor();
    await page.locator('.bk-offline', { hasText: 'You are offline' }).waitFor();
    await page.goto(`${urls.app}/#/products/${productId}`);
    await page.getByTestId('product-form').waitFor();
    await page.getByLabel('Stock').fill('2222');
    await page.getByTestId('save-product').click();
    // Kept on the device, listed as waiting to be sent.
    await page.getByTestId('pending-write').waitFor();
    check(
      applied.length === 1,
      `a write reached the server while offline: ${JSON.stringify(applied)}`,
    );

    await setOnline(true);
    await page.getByTestId('pending-changes').waitFor({ state: 'detached' });
    await page.locator('.bk-offline').waitFor({ state: 'detached' });
    check(
      (await readProduct(urls.api, productId)).stock === 2222,
      'the API does not show the offline edit',
    );
    check(
      applied.length === 2 && applied[1] === 200,
      `the offline edit was answered ${applied.length - 1} times: ${JSON.stringify(applied)}`,
    );
  });

  await step('Ctrl-C stops it cleanly', async () => {
    await browser?.close();
    browser = undefined;
    server.interrupt();
    // npm reports a Ctrl-C'd script as ended by SIGINT, as in a terminal; the script itself
    // says how it stopped, and its output ends once every process of the group has exited.
    const { code, signal } = await server.exited;
    check(code === 0 || signal === 'SIGINT', `npm start exited with ${code ?? signal}`);
    await server.closed;
    check(
      /SIGINT: stopping the app and the API…\s+Stopped\.\s*$/.test(server.output()),
      'it did not end with "Stopped." after the Ctrl-C',
    );
    for (const url of [urls.app, `${urls.api}/auth/validation`]) {
      const answered = await fetch(url).then(
        () => true,
        () => false,
      );
      check(!answered, `${url} still answers`);
    }
  });
} finally {
  await browser?.close();
  server.kill();
}

function rows() {
  return page.getByTestId('products-table').locator('tbody tr.bk-table__row');
}

if (failed > 0) console.log(`\nnpm start printed:\n${server.output()}`);
console.log(
  `first-run: ${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
if (args.json) writeFileSync(args.json, JSON.stringify({ passed, failed }));
process.exit(failed > 0 ? 1 : 0);
