// The offline guide's app shell, as a user sets it up and meets it: the files and packages a
// section of docs/guide/offline.md names, read from the page itself, and a reload without a
// connection in Chromium that must still show the app's page.
import { readFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';
import { extractBlocks } from '../check-readme-examples.mjs';

const guide = new URL('../../docs/guide/offline.md', import.meta.url);

/**
 * What a `###` section of the offline guide tells a user to do: the packages of its
 * `npm install -D …` line and the files of its code blocks, each named by its first line
 * (`// vite.config.ts`), with the content as written. A section that is missing, installs
 * nothing or names no file is an error: the page changed, and the check must follow it.
 * @param {string} heading the section's heading, without `### `
 * @returns {{ packages: string[], files: Record<string, string> }}
 */
export function guideSetup(heading) {
  const lines = readFileSync(guide, 'utf8').split('\n');
  const start = lines.indexOf(`### ${heading}`);
  if (start === -1) throw new Error(`docs/guide/offline.md has no section "### ${heading}"`);
  let end = start + 1;
  while (end < lines.length && !/^#{1,3} /.test(lines[end])) end++;
  const section = lines.slice(start, end).join('\n');
  const install = /^npm install -D (.+)$/m.exec(section);
  const files = Object.fromEntries(
    extractBlocks(section)
      .filter((block) => block.file !== null)
      .map((block) => [block.file, block.code]),
  );
  if (!install || Object.keys(files).length === 0) {
    throw new Error(`"### ${heading}" in docs/guide/offline.md lost its install line or its files`);
  }
  return { packages: install[1].trim().split(/\s+/), files };
}

/**
 * Loads `url` in Chromium until the page shows the heading `heading` and a service worker
 * controls it; then calls `stopServer` (the app's server is gone), takes the browser offline
 * and reloads. The reload must be answered by the service worker and show the heading again.
 * @param {{ url: string, heading: string, stopServer: () => Promise<void> }} options
 */
export async function checkOfflineReload({ url, heading, stopServer }) {
  const { launchChromium } = await tsImport('../../test-utils/chromium.ts', import.meta.url);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('heading', { name: heading }).waitFor();
    // Installed (the shell precached) and active: it answers this page's next navigation.
    await page
      .waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 60_000 })
      .catch(() => {
        throw new Error(`no service worker took control of ${url}`);
      });
    await stopServer();
    await context.setOffline(true);
    // Without a service worker this throws (net::ERR_INTERNET_DISCONNECTED): the browser's page.
    const response = await page.reload();
    if (!response?.fromServiceWorker()) {
      throw new Error(`the reload of ${url} offline was not answered by the service worker`);
    }
    await page.getByRole('heading', { name: heading }).waitFor();
  } finally {
    await browser.close();
  }
}
