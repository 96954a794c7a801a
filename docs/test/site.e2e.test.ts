/**
 * The documentation site as a reader meets it: the built site (`npm run docs:build`) served on
 * loopback, opened in real Chromium. Every internal link of every page leads to a page that
 * exists, and to the heading its `#fragment` names; the local search finds known pages.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import sirv from 'sirv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../test-utils/chromium';

const dist = fileURLToPath(new URL('../.vitepress/dist/', import.meta.url));

let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(`${dist}index.html`)) {
    throw new Error('The site is not built: run `npm run docs:build` first (npm test does)');
  }
  // `cleanUrls`: /guide/getting-started is served from guide/getting-started.html.
  const serve = sirv(dist, { extensions: ['html'] });
  server = createServer((req, res) =>
    serve(req, res, () => {
      res.statusCode = 404;
      res.end('not found');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** The internal links of the page open in `page` (absolute URLs), and the ids it has. */
async function readPage(page: Page): Promise<{ links: string[]; ids: Set<string> }> {
  const { hrefs, ids } = await page.evaluate(() => ({
    hrefs: [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
    ids: [...document.querySelectorAll('[id]')].map((element) => element.id),
  }));
  return { links: hrefs.filter((href) => href.startsWith(origin)), ids: new Set(ids) };
}

describe('the documentation site', () => {
  it('has no broken internal link, page or anchor', async () => {
    const page = await browser.newPage();
    const visited = new Set<string>();
    const queue = [`${origin}/`];
    const broken: string[] = [];
    const anchors: Array<{ from: string; to: string }> = [];
    // Each page is opened once; its ids are kept to check the fragments that point at it.
    const idsOf = new Map<string, Set<string>>();
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (visited.has(url)) continue;
      visited.add(url);
      const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
      if (response === null || response.status() !== 200) {
        broken.push(`${url} answered ${response?.status() ?? 'nothing'}`);
        continue;
      }
      const { links, ids } = await readPage(page);
      idsOf.set(url, ids);
      for (const link of links) {
        const [target, fragment] = link.split('#', 2) as [string, string | undefined];
        if (fragment) anchors.push({ from: url, to: link });
        if (!visited.has(target) && !/\.(png|svg|ico|json|txt)$/.test(target)) queue.push(target);
      }
    }
    for (const { from, to } of anchors) {
      const [target, fragment] = to.split('#', 2) as [string, string];
      const ids = idsOf.get(target);
      if (ids !== undefined && !ids.has(decodeURIComponent(fragment))) {
        broken.push(`${from} links to a missing anchor ${to}`);
      }
    }
    await page.close();
    expect(broken).toEqual([]);
    // The walk reached the guides and the reference, not only the home page.
    expect([...visited].some((url) => url.includes('/guide/'))).toBe(true);
    expect([...visited].some((url) => url.includes('/reference/'))).toBe(true);
  });

  it.each([
    ['createClient', '/reference/@bridgekit/core'],
    ['getting started', '/guide/getting-started'],
  ])('finds %s through the local search', async (query, expected) => {
    const page = await browser.newPage();
    await page.goto(`${origin}/guide/getting-started`, { waitUntil: 'networkidle' });
    await page.locator('#local-search button').click();
    const input = page.locator('.VPLocalSearchBox input');
    await input.fill(query);
    const results = page.locator('.VPLocalSearchBox .result');
    await results.first().waitFor({ timeout: 10_000 });
    const hrefs = await results.evaluateAll((links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
    );
    await page.close();
    expect(hrefs.some((path) => path.startsWith(expected))).toBe(true);
  });
});
