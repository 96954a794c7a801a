import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Where Debian's chromium lives; `.ci/run` installs it. Override with CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Launches headless Debian Chromium through playwright-core. A missing browser is an error,
 * never a skip: a browser test that does not run proves nothing.
 *
 * @example
 * const browser = await launchChromium();
 * try { const page = await browser.newPage(); await page.goto(url); } finally { await browser.close(); }
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}: run \`apt-get install -y chromium\` (CI does) or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    // playwright-core gives each launch a fresh temporary profile (it refuses --user-data-dir).
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
