import type { CDPSession, Page } from 'playwright-core';

/**
 * The page's network, switched through the DevTools protocol
 * (`Network.emulateNetworkConditions`): offline, the page's requests fail, `navigator.onLine` is
 * false and the page hears `offline`; back online, it hears `online`. Other pages and contexts
 * keep their network.
 *
 * @example
 * const setOnline = await networkOf(page);
 * await setOnline(false);
 */
export async function networkOf(page: Page): Promise<(online: boolean) => Promise<void>> {
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
