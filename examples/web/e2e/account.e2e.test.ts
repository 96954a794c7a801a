import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { URI } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test-utils/chromium';
import { axeViolations } from './axe';
import { type RunningDemo, startDemo, watchConsole, webDir } from './demoApp';

// The demo's account pages in real Chromium at both widths, against the reference
// server: sign-up, a forgotten password reset with the link `npm start` prints (the demo
// server sends no mail), a password change, and the
// admin's two-factor sign-in with codes computed here from the secret the page shows.

const screenshots = join(webDir, 'e2e/screenshots');
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let browser: Browser | undefined;
let launchError: unknown;
let page: Page;
let appUrl: string;
let viewportName: string;
let consoleErrors: string[] = [];
let expectedStatuses: number[] = [];

/** Statuses the current test provokes on purpose: Chromium logs each 4xx as a console error. */
function expectRefusal(...statuses: number[]) {
  expectedStatuses.push(...statuses);
}

const testId = (id: string) => page.getByTestId(id);
const heading = (name: string) => page.getByRole('heading', { name, exact: true });
const field = (label: string) => page.getByLabel(label, { exact: true });

/**
 * A picture of the page as it is, into e2e/screenshots, and axe-core's check of it (WCAG 2.1 AA
 * and best practice): every screen pictured is a screen checked, at both widths.
 */
async function shot(name: string) {
  await page.screenshot({
    path: join(screenshots, `${viewportName}-account-${name}.png`),
    fullPage: true,
  });
  expect(await axeViolations(page), `axe on ${name}`).toEqual([]);
}

async function productsShown() {
  await testId('products-table').locator('tbody tr.bk-table__row').first().waitFor();
}

/** Fills the sign-in form and submits it; the caller waits for what should follow. */
async function submitSignIn(email: string, password: string) {
  await heading('Sign in').waitFor();
  await field('Email').fill(email);
  await field('Password').fill(password);
  await testId('sign-in').click();
}

async function signOut() {
  await testId('sign-out').click();
  await heading('Sign in').waitFor();
}

/** Whether the element the page focused is the input labelled `label`. */
async function focusedLabel() {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    return active?.labels?.[0]?.firstChild?.textContent?.trim() ?? active?.tagName;
  });
}

/** The TOTP of the secret behind an `otpauth://` URI, `offsetSteps` 30 s steps from now. */
function totp(uri: string, offsetSteps = 0): string {
  const parsed = URI.parse(uri);
  if (!('period' in parsed)) throw new Error(`not a TOTP URI: ${uri}`);
  return parsed.generate({ timestamp: Date.now() + offsetSteps * parsed.period * 1000 });
}

/** A 6-digit code that none of the steps the server accepts (now ±1, and the next) gives. */
function wrongCode(uri: string): string {
  const valid = new Set([-1, 0, 1, 2].map((step) => totp(uri, step)));
  return ['000000', '111111', '222222'].find((code) => !valid.has(code))!;
}

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  try {
    browser = await launchChromium();
  } catch (error) {
    launchError = error;
  }
});

afterAll(async () => {
  await browser?.close();
});

it('runs on a real Chromium (a missing browser is a failure, never a skip)', () => {
  if (launchError) throw launchError;
  expect(browser?.isConnected()).toBe(true);
});

describe.each(VIEWPORTS)('the account pages in Chromium, $width px wide', (size) => {
  let demo: RunningDemo | undefined;
  let context: BrowserContext;
  const email = `new-${size.name}@example.com`;
  const firstPassword = 'first password 1';
  const resetPassword = 'second password 2';
  const changedPassword = 'third password 3';
  /** The admin's otpauth URI and recovery codes, as the Security page showed them. */
  let uri = '';
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    if (!browser) throw launchError;
    viewportName = size.name;
    // A fresh server per width: the admin starts without two-factor, the new address is free.
    demo = await startDemo();
    appUrl = `${demo.appOrigin}/`;
    context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
    });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    consoleErrors = watchConsole(page, demo.appOrigin, () => expectedStatuses);
  });

  afterEach(async () => {
    const errors = consoleErrors.splice(0);
    expectedStatuses = [];
    expect(errors, 'console errors').toEqual([]);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `page width at ${size.width} px`).toBeLessThanOrEqual(clientWidth);
    expect(await axeViolations(page), 'axe where the step ends').toEqual([]);
  });

  afterAll(async () => {
    await context?.close();
    await demo?.stop();
  });

  it('signs up: field errors at the fields, a taken address, then signed in', async () => {
    await page.goto(`${appUrl}#/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await heading('Create an account').waitFor();

    // The server's 422 field errors land at their fields, and the focus on the first one.
    expectRefusal(422, 409);
    await field('Email').fill('not an address');
    await field('Password').fill('short');
    await testId('sign-up').click();
    await testId('email-error').waitFor();
    await expect(testId('email-error').textContent()).resolves.toMatch(/e-mail address/);
    await expect(testId('password-error').textContent()).resolves.toMatch(/at least 8/);
    await expect(field('Email').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(field('Email').getAttribute('aria-describedby')).resolves.toBeTruthy();
    await expect.poll(focusedLabel).toBe('Email');
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/need a change/);
    await shot('01-sign-up-invalid');

    // An address that has an account: 409, said in words.
    await field('Email').fill('admin@example.com');
    await field('Password').fill(firstPassword);
    await testId('sign-up').click();
    await expect(testId('sign-up-error').textContent()).resolves.toMatch(/already registered/);
    await expect(testId('email-error').textContent()).resolves.toMatch(/already registered/);

    await field('Email').fill(email);
    await field('Name').fill('New Person');
    await testId('sign-up').click();
    await productsShown();
    expect(page.url()).toContain('#/products');
    await expect(testId('current-user').textContent()).resolves.toMatch(
      new RegExp(`${email}.*viewer`),
    );
    await shot('02-signed-up');
  });

  it('signs the new account out', async () => {
    await signOut();
    expect(page.url()).toContain('#/login');
  });

  it('resets a forgotten password with the link npm start prints', async () => {
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await heading('Forgot your password?').waitFor();
    await shot('03-forgot-password');

    // An unknown address gets the same answer, and no link is made.
    await field('Email').fill('nobody@example.com');
    await testId('send-reset-link').click();
    const sent = testId('reset-sent');
    await sent.waitFor();
    const unknownAnswer = await sent.textContent();
    expect(unknownAnswer).toMatch(/If that address has an account, a link .* is on its way/);
    await page.getByRole('button', { name: 'Use another address' }).click();

    await field('Email').fill(email);
    await testId('send-reset-link').click();
    await sent.waitFor();
    await expect(sent.textContent()).resolves.toBe(unknownAnswer);
    await shot('03-reset-sent');
    // The link of the message, as `npm start` prints it: the reset page of the app.
    await expect.poll(() => demo!.resetLinks().length).toBe(1);
    const [reset] = demo!.resetLinks();
    expect(reset?.email).toBe(email);
    const link = reset!.link;
    expect(link.startsWith(`${appUrl}#/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await heading('Reset your password').waitFor();
    await shot('04-reset-form');
    // Two different entries are caught before anything is sent.
    await field('New password').fill(resetPassword);
    await field('New password again').fill(`${resetPassword}x`);
    await testId('reset-password').click();
    await expect(testId('repeat-error').textContent()).resolves.toMatch(/differ/);
    await expect.poll(focusedLabel).toBe('New password again');
    await field('New password again').fill(resetPassword);
    await testId('reset-password').click();
    await testId('reset-done').waitFor();
    await shot('04-reset-done');

    // A link works once.
    expectRefusal(400, 401);
    await page.goto('about:blank');
    await page.goto(link);
    await field('New password').fill('another password');
    await field('New password again').fill('another password');
    await testId('reset-password').click();
    await expect(testId('reset-error').textContent()).resolves.toMatch(/already used/);

    // The old password is refused, the new one works.
    await page.goto(`${appUrl}#/login`);
    await submitSignIn(email, firstPassword);
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/password is not right/);
    await submitSignIn(email, resetPassword);
    await productsShown();
  });

  it('changes the password on the Security page', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Security' }).click();
    await heading('Security').waitFor();
    await shot('05-security');
    expectRefusal(403);
    await field('Current password').fill('not my password');
    await field('New password').fill(changedPassword);
    await field('New password again').fill(changedPassword);
    await testId('change-password').click();
    await expect(testId('oldPassword-error').textContent()).resolves.toMatch(/not correct/);
    await expect.poll(focusedLabel).toBe('Current password');

    await field('Current password').fill(resetPassword);
    await testId('change-password').click();
    await testId('password-changed').waitFor();
    // Still signed in: only the other sessions end.
    await signOut();
    await submitSignIn(email, changedPassword);
    await productsShown();
    await signOut();
  });

  it('lets the admin turn on two-factor sign-in and shows the recovery codes once', async () => {
    await submitSignIn('admin@example.com', 'admin123');
    await productsShown();
    await page.getByRole('navigation').getByRole('link', { name: 'Security' }).click();
    await testId('two-factor-off').waitFor();
    await testId('setup-two-factor').click();
    await testId('two-factor-setup').waitFor();
    uri = (await testId('totp-uri').textContent()) ?? '';
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const secret = await testId('totp-secret').textContent();
    expect(uri).toContain(`secret=${secret}`);
    // The URI as a QR code, for the app's camera: an <svg> on screen, square and big enough.
    const qr = testId('totp-qr');
    await qr.waitFor({ state: 'visible' });
    expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    await expect(qr.getAttribute('aria-label')).resolves.toMatch(/QR code/);
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(150);
    expect(Math.abs(box.width - box.height)).toBeLessThan(1);
    expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    await shot('05-two-factor-setup');

    expectRefusal(422);
    await field('Code from the app').fill(wrongCode(uri));
    await testId('enable-two-factor').click();
    await expect(testId('enable-two-factor-error').textContent()).resolves.toMatch(/need a change/);
    await expect(field('Code from the app').getAttribute('aria-invalid')).resolves.toBe('true');

    await field('Code from the app').fill(totp(uri));
    await testId('enable-two-factor').click();
    const codes = testId('recovery-codes');
    await codes.waitFor();
    recoveryCodes = await codes.locator('li code').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    // The form that had the focus is gone; the focus is on what replaced it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toMatch(/Two-factor sign-in is on/);
    await shot('06-recovery-codes');
    await testId('codes-saved').click();
    await testId('two-factor-on').waitFor();
    expect(await testId('recovery-codes').count()).toBe(0);
    await signOut();
  });

  it('asks the admin for the code at sign-in; a wrong code is refused', async () => {
    await submitSignIn('admin@example.com', 'admin123');
    await testId('two-factor-step').waitFor();
    await expect.poll(focusedLabel).toBe('Code');
    await shot('07-two-factor-step');

    expectRefusal(401);
    await field('Code').fill(wrongCode(uri));
    await testId('verify-code').click();
    await expect(testId('two-factor-error').textContent()).resolves.toMatch(/invalid/i);
    await expect(field('Code').getAttribute('aria-invalid')).resolves.toBe('true');
    await shot('08-two-factor-refused');

    // The code of the enable step was spent: the next step's code (within the allowed drift).
    await field('Code').fill(totp(uri, 1));
    await testId('verify-code').click();
    // The products load: the queries dropped at the sign-out are fetched for the new session.
    await productsShown();
    await expect(testId('current-user').textContent()).resolves.toContain('admin@example.com');
  });

  it('turns two-factor sign-in off with a recovery code', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Security' }).click();
    await testId('two-factor-on').waitFor();
    await field('Code or recovery code, to turn it off').fill(recoveryCodes[0]!);
    await testId('disable-two-factor').click();
    await testId('two-factor-off').waitFor();
    await signOut();
    // A sign-in without a code again.
    await submitSignIn('admin@example.com', 'admin123');
    await productsShown();
    await signOut();
  });
});
