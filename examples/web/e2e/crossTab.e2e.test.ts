// Cross-tab sync in a real browser: two pages of one Chromium context (two tabs of
// one origin, one localStorage) on the demo as `npm start` serves it. Signing in on A shows B signed in within a
// second without a reload; signing out on B signs A out.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../../../test-utils/chromium';
import { type RunningDemo, startDemo } from './demoApp';

let demo: RunningDemo | undefined;
let browser: Browser | undefined;
let appUrl: string;
/** Why Chromium did not start, if it did not: reported as a failure, never a skip. */
let launchError: unknown;

beforeAll(async () => {
  demo = await startDemo();
  appUrl = `${demo.appOrigin}/`;
  try {
    browser = await launchChromium();
  } catch (error) {
    launchError = error;
  }
});

afterAll(async () => {
  await browser?.close();
  await demo?.stop();
});

const signedIn = (page: Page) => page.getByTestId('sign-out');
const signInForm = (page: Page) => page.getByRole('heading', { name: 'Sign in' });

it('two tabs of one origin stay in step: sign-in and sign-out reach the other tab within 1 s', async () => {
  if (launchError || !browser) throw launchError;
  const context = await browser.newContext();
  try {
    const [a, b] = [await context.newPage(), await context.newPage()];
    const loads = { a: 0, b: 0 };
    a.on('load', () => loads.a++);
    b.on('load', () => loads.b++);
    for (const page of [a, b]) {
      page.setDefaultTimeout(10_000);
      // The sign-in page itself (not a guard's redirect to it, which stays put once signed in):
      // it moves on to the products as soon as the tab is signed in.
      await page.goto(`${appUrl}#/login`);
      await signInForm(page).waitFor();
    }

    await a.getByLabel('Email').fill('admin@example.com');
    await a.getByLabel('Password').fill('admin123');
    await a.getByTestId('sign-in').click();
    await signedIn(a).waitFor();
    await signedIn(b).waitFor({ timeout: 1000 });

    await b.getByTestId('sign-out').click();
    await signInForm(b).waitFor();
    await signInForm(a).waitFor({ timeout: 1000 });
    await expect.poll(() => signedIn(a).count()).toBe(0);
    // Neither tab was reloaded: each loaded once, from goto.
    expect(loads).toEqual({ a: 1, b: 1 });
  } finally {
    await context.close();
  }
});
