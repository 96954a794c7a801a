// Makes docs/demo.png, the README's picture of the demo: the admin's product search ("lamp",
// sorted by price) at 1440 px and at 390 px, side by side, from what `npm start` serves, in
// real Chromium.
//
//   npm run picture -w examples/web
//
// Both widths are shot at 1:1 and put on one canvas by Chromium itself, so no image library is
// needed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../../test-utils/chromium';
import { root, startDemo } from './demoApp';

const VIEWPORTS = [
  { label: '1440 px', width: 1440, height: 900 },
  { label: '390 px', width: 390, height: 844 },
] as const;

/** Signs the admin in and runs the search the picture shows. */
async function adminSearch(page: Page, appOrigin: string) {
  await page.goto(`${appOrigin}/`);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('admin123');
  await page.getByTestId('sign-in').click();
  await page.getByTestId('products-table').locator('tbody tr.bk-table__row').first().waitFor();

  const table = page.getByTestId('products-table');
  await table.getByRole('searchbox', { name: 'Search' }).fill('lamp');
  await table.getByText('Products matching your search').waitFor();
  await table.getByRole('columnheader', { name: /^Price/ }).click();
  await table.locator('th[aria-sort="ascending"]').waitFor();
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="products-table"] table')?.getAttribute('aria-busy') ===
      'false',
  );
  // Nothing focused or hovered: the picture shows the page at rest.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function shoot(browser: Browser, appOrigin: string) {
  const shots: Array<{ label: string; width: number; height: number; png: Buffer }> = [];
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await adminSearch(page, appOrigin);
    shots.push({ ...viewport, png: await page.screenshot() });
    await context.close();
  }
  return shots;
}

/** The shots next to each other on a grey canvas, each with its width below it. */
async function compose(browser: Browser, shots: Awaited<ReturnType<typeof shoot>>) {
  const margin = 28;
  const gap = 24;
  const caption = 30;
  const width = margin * 2 + shots.reduce((sum, s) => sum + s.width, 0) + gap * (shots.length - 1);
  const height = margin * 2 + Math.max(...shots.map((s) => s.height)) + caption;
  const figures = shots
    .map(
      (s) =>
        `<figure><img width="${s.width}" height="${s.height}" src="data:image/png;base64,${s.png.toString('base64')}"><figcaption>${s.label}</figcaption></figure>`,
    )
    .join('');
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  await page.setContent(
    `<!doctype html><style>
      html, body { margin: 0; background: #dfe2e7; }
      body { display: flex; align-items: flex-start; gap: ${gap}px; padding: ${margin}px; }
      figure { margin: 0; }
      img { display: block; box-shadow: 0 1px 4px rgb(0 0 0 / 0.18); }
      figcaption { font: 15px system-ui, sans-serif; color: #495057; padding-top: 8px; }
    </style>${figures}`,
  );
  await page.evaluate(() => Promise.all(Array.from(document.images, (img) => img.decode())));
  const png = await page.screenshot({ clip: { x: 0, y: 0, width, height } });
  await page.close();
  return png;
}

async function main() {
  const demo = await startDemo();
  const browser = await launchChromium();
  try {
    const png = await compose(browser, await shoot(browser, demo.appOrigin));
    const out = join(root, 'docs/demo.png');
    writeFileSync(out, png);
    console.log(`wrote ${out}`);
  } finally {
    await browser.close();
    await demo.stop();
  }
}

await main();
