import { existsSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

/** Where Debian's chromium lives; `.ci/run` installs it. Override with CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Launches headless Debian Chromium through playwright-core. A missing browser is an error,
 * never a skip: a browser test that does not run proves nothing.
 */
export async function launchChromium(): Promise<Browser & { cleanup(): Promise<void> }> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}: run \`apt-get install -y chromium\` (CI does) or set CHROMIUM_PATH`,
    );
  }
  const userDataDir = mkdtempSync(join(tmpdir(), 'bk-chromium-'));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // No --user-data-dir: playwright-core refuses it in launch() and gives each launch a
      // fresh temporary profile of its own.
    ],
  });
  return Object.assign(browser, {
    async cleanup() {
      await browser.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  });
}
