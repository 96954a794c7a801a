// The offline write queue in real Chromium, against the reference server: IndexedDB shared by
// tabs, a storage quota that refuses, and a browser killed right after a write was queued. The
// page loads @bridgekit/core's offline entry, bundled from source with esbuild (offlinePage.ts);
// the network is cut and restored by the DevTools protocol. Every check waits for a state.
// Chromium missing is a failure (launchChromium throws), never a skip.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../../test-utils/chromium';
import {
  devTools,
  launchKillable,
  type OfflineWorld,
  openTestPage,
  setOnline,
  startOfflineWorld,
  type WriteAnswer,
} from './offlinePage';

let browser: Browser;
let world: OfflineWorld;
beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  world = await startOfflineWorld();
}, 60_000);
afterEach(async () => {
  await world?.close();
});

const bk = (page: Page) => ({
  signIn: () =>
    page.evaluate(() => (window as any).bk.signIn('admin@example.com', 'admin123') as string),
  write: (title: string, extra: object = {}) =>
    page.evaluate(([t, e]) => (window as any).bk.write(t, e) as Promise<WriteAnswer>, [
      title,
      extra,
    ] as const),
  counts: () => page.evaluate(() => (window as any).bk.counts() as Record<string, number>),
});

/** How many of the server's tasks have each title. */
function countsOf(titles: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const title of titles) counts.set(title, (counts.get(title) ?? 0) + 1);
  return counts;
}

describe('the offline queue in Chromium', () => {
  it('3 tabs × 30 writes offline, then online: every write applied exactly once', async () => {
    const context = await browser.newContext();
    try {
      const first = await openTestPage(await context.newPage(), world);
      await bk(first).signIn();
      // The other tabs open signed in (the session and the user are in localStorage).
      const tabs = [first];
      for (let i = 0; i < 2; i++) tabs.push(await openTestPage(await context.newPage(), world));
      for (const tab of tabs)
        expect(await tab.evaluate(() => (window as any).bk.user())).toBe('admin@example.com');
      for (const tab of tabs) await setOnline(tab, false);

      const titles = tabs.flatMap((_, t) =>
        Array.from({ length: 30 }, (_, i) => `tab ${t} write ${String(i).padStart(2, '0')}`),
      );
      const answers = await Promise.all(
        tabs.map((tab, t) =>
          Promise.all(
            titles
              .filter((title) => title.startsWith(`tab ${t} `))
              .map((title) => bk(tab).write(title)),
          ),
        ),
      );
      expect(answers.flat().map((a) => a.code)).toEqual(titles.map(() => 'QUEUED'));
      // Every tab sees all 90 (one IndexedDB database for the origin).
      for (const tab of tabs)
        await expect
          .poll(() =>
            bk(tab)
              .counts()
              .then((c) => c.pending),
          )
          .toBe(90);

      for (const tab of tabs) await setOnline(tab, true);
      await expect
        .poll(() => world.taskTitles().filter((title) => title.startsWith('tab ')).length, {
          timeout: 60_000,
        })
        .toBe(90);
      for (const tab of tabs) {
        await expect
          .poll(() => bk(tab).counts(), { timeout: 30_000 })
          .toMatchObject({
            pending: 0,
            failed: 0,
            unknown: 0,
          });
      }
      const applied = countsOf(world.taskTitles());
      expect(titles.filter((title) => applied.get(title) !== 1)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('storage at its quota: a write is QUEUED only once stored, and every QUEUED write is applied', async () => {
    const context = await browser.newContext();
    try {
      // A small quota, set before the page opens its database (Chromium reads it then).
      const page = await context.newPage();
      await (await devTools(page)).send('Storage.overrideQuotaForOrigin', {
        origin: world.origin,
        quotaSize: 300_000,
      });
      await openTestPage(page, world);
      await bk(page).signIn();
      await setOnline(page, false);
      const titles = Array.from(
        { length: 40 },
        (_, i) => `quota write ${String(i).padStart(2, '0')}`,
      );
      const answers: WriteAnswer[] = [];
      for (const title of titles) {
        // Random text (IndexedDB compresses what repeats) in a field the server keeps.
        const assignee = randomBytes(15_000).toString('base64');
        answers.push(await bk(page).write(title, { assignee }));
      }
      const queued = titles.filter((_, i) => answers[i]!.code === 'QUEUED');
      const refused = titles.filter((_, i) => answers[i]!.code === 'QUEUE_REFUSED');
      // The quota is reached: some are refused, loudly, and none is told anything else.
      expect(refused.length).toBeGreaterThan(0);
      expect(queued.length).toBeGreaterThan(0);
      expect(queued.length + refused.length).toBe(titles.length);
      expect(answers.find((a) => a.code === 'QUEUE_REFUSED')?.error).toMatch(/could not keep it/);
      expect(await bk(page).counts()).toMatchObject({ pending: queued.length });

      await setOnline(page, true);
      await expect.poll(() => bk(page).counts(), { timeout: 60_000 }).toMatchObject({ pending: 0 });
      const applied = countsOf(world.taskTitles());
      expect(queued.filter((title) => applied.get(title) !== 1)).toEqual([]);
      expect(refused.filter((title) => applied.has(title))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('writes an earlier version kept in localStorage are taken over by IndexedDB and applied once', async () => {
    const context = await browser.newContext();
    try {
      const page = await openTestPage(await context.newPage(), world);
      await bk(page).signIn();
      // What the queue of the earlier version left (one JSON document), for the signed-in user.
      await page.evaluate(() => {
        const user = JSON.parse(localStorage.getItem('bridgekit_user')!);
        const write = {
          id: '6f1c2b52-8a0e-4c55-9d3e-0a6f4b1d2c3e',
          method: 'POST',
          endpoint: '/tasks',
          body: { title: 'kept by the earlier version', status: 'todo' },
          queuedAt: Date.now(),
          attempts: 0,
          headers: {},
          userId: String(user.id),
        };
        localStorage.setItem('bridgekit_offline_queue', JSON.stringify({ v: 1, writes: [write] }));
      });
      await page.reload();
      await page.waitForFunction(() => 'bk' in window);
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('bridgekit_offline_queue')))
        .toBeNull();
      await expect
        .poll(() => world.taskTitles().filter((t) => t === 'kept by the earlier version').length)
        .toBe(1);
      await expect.poll(() => bk(page).counts()).toMatchObject({ pending: 0 });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('the browser killed (SIGKILL) 0.5 s after a write was told QUEUED: applied once after restart', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'bk-offline-profile-'));
    try {
      let chromium = await launchKillable(profile);
      let page = await openTestPage(await chromium.browser.contexts()[0]!.newPage(), world);
      await bk(page).signIn();
      await setOnline(page, false);
      const answer = await bk(page).write('written before the crash');
      expect(answer.code).toBe('QUEUED');
      // The crash comes half a second after the answer: what is on disk then is all there is.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await chromium.kill();
      expect(world.taskTitles()).not.toContain('written before the crash');

      chromium = await launchKillable(profile);
      try {
        page = await openTestPage(await chromium.browser.contexts()[0]!.newPage(), world);
        // Signed in again if the crash took the session with it: the write waits for its user.
        if ((await page.evaluate(() => (window as any).bk.user())) === null)
          await bk(page).signIn();
        await expect
          .poll(
            () => world.taskTitles().filter((title) => title === 'written before the crash').length,
            {
              timeout: 30_000,
            },
          )
          .toBe(1);
        await expect.poll(() => bk(page).counts()).toMatchObject({ pending: 0 });
        expect(
          world.taskTitles().filter((title) => title === 'written before the crash'),
        ).toHaveLength(1);
      } finally {
        await chromium.browser.close().catch(() => {});
        await chromium.kill().catch(() => {});
      }
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  }, 120_000);
});
