import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test-utils/chromium';
import type { Product } from '../src/types';
import { axeViolationsAtBothWidths } from './axe';
import { apiReader, type RunningDemo, startDemo } from './demoApp';
import { networkOf } from './network';

// Two people on one record, in real Chromium against the demo as `npm start` serves it (the
// reference server versions every record): two browser contexts, A the admin and B the editor,
// each signed in through the app. A edits a product offline (the network cut through the
// DevTools protocol); B edits it online meanwhile; A comes back online. The server is read
// through its API: whatever A decides, nobody's change is lost or applied twice, and a change
// to another field than B's merges by itself. Also: a product created offline shows at once as
// a pending row, never leaves the list until the list read again answers, and the server ends
// with exactly one. axe-core checks what A sees.

let browser: Browser | undefined;
let launchError: unknown;
let demo: RunningDemo | undefined;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  try {
    browser = await launchChromium();
  } catch (error) {
    launchError = error;
  }
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  await demo?.stop();
  demo = undefined;
});

type User = 'admin' | 'editor';

/** A browser context of its own (one person's browser), signed in through the sign-in page. */
async function signedIn(running: RunningDemo, user: User): Promise<Page> {
  if (!browser) throw launchError;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${running.appOrigin}/#/login`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Email').fill(`${user}@example.com`);
  await page.getByLabel('Password').fill(`${user}123`);
  await page.getByTestId('sign-in').click();
  await rows(page).first().waitFor();
  return page;
}

const rows = (page: Page) => page.getByTestId('products-table').locator('tbody tr.bk-table__row');
const conflict = (page: Page) => page.getByTestId('conflict');
const changesPanel = (page: Page) => page.getByTestId('pending-changes');

/** Opens product `id`'s page (its record read online: the app remembers its version). */
async function openProduct(page: Page, id: string): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}/#/products/${id}`);
  await page.getByTestId('product-form').waitFor();
  await expect.poll(() => page.getByLabel('Price').inputValue()).not.toBe('');
}

interface Fields {
  price?: string;
  stock?: string;
}

/** Changes fields on the open product page and saves. */
async function save(page: Page, fields: Fields): Promise<void> {
  if (fields.price !== undefined) await page.getByLabel('Price').fill(fields.price);
  if (fields.stock !== undefined) await page.getByLabel('Stock').fill(fields.stock);
  await page.getByTestId('save-product').click();
}

/** B's change, online: fields saved on the product's page. */
const saves = (fields: Fields) => async (b: Page, id: string) => {
  await openProduct(b, id);
  await save(b, fields);
  await b.getByTestId('saved-notice').waitFor();
};

/** B's change, online: the product deleted from its page. */
const deletes = async (b: Page, id: string) => {
  await openProduct(b, id);
  await b.getByTestId('delete-product').click();
  await b.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await b.getByTestId('delete-notice').waitFor();
};

/** The PUTs of one product the server applied itself (2xx, not answered again from a key). */
const appliedPuts = (running: RunningDemo, id: string) =>
  running
    .requests()
    .filter(
      (r) => r.method === 'PUT' && r.url === `/api/products/${id}` && r.status < 300 && !r.replayed,
    );

/**
 * A edits product `id` offline (`mine`), B changes it online meanwhile (`theirs`), A comes back
 * online. Resolves the record as it was before both, A's page and the server's reader.
 */
async function editedByBoth(
  id: string,
  mine: Fields,
  theirs: (b: Page, id: string) => Promise<void>,
) {
  const running = demo!;
  const read = await apiReader(running);
  const before = await read<Product>(`/products/${id}`);
  const a = await signedIn(running, 'admin');
  const b = await signedIn(running, 'editor');
  const setOnline = await networkOf(a);

  await openProduct(a, id);
  await setOnline(false);
  await save(a, mine);
  // Kept on A's device, back on the list, the row marked.
  await a
    .getByTestId('pending-write')
    .filter({ hasText: `/products/${id}` })
    .waitFor();

  await theirs(b, id);

  await setOnline(true);
  return { a, before, read };
}

describe('two people edit one product, one of them offline, in Chromium', () => {
  it('shows A both versions when both changed the price; "Keep theirs" leaves B\'s price, "Keep mine" puts A\'s and loses no other field', async () => {
    demo = await startDemo();
    const { a, before, read } = await editedByBoth(
      '5',
      { price: '111.11' },
      saves({ price: '222.22' }),
    );

    // A's replay was refused (412): the change waits for A, both versions side by side.
    await conflict(a).waitFor();
    await a.getByText('Changed by someone else while you were offline').first().waitFor();
    const price = conflict(a).locator('tr[data-field="price"]');
    expect(await price.getByTestId('mine').innerText()).toBe('$111.11');
    expect(await price.getByTestId('theirs').innerText()).toBe('$222.22');
    expect(await price.getByText('differs').count()).toBe(1);
    // The fields nobody changed are the same on both sides, and not marked.
    for (const field of ['name', 'category', 'stock', 'active']) {
      expect(await conflict(a).locator(`tr[data-field="${field}"] .differs`).count()).toBe(0);
    }
    // The row in A's list says so too.
    expect(await a.getByTestId('pending-mark').first().innerText()).toBe('changed by someone else');
    expect(await axeViolationsAtBothWidths(a), 'axe, a conflict shown').toEqual([]);
    expect((await read<Product>('/products/5')).price).toBe(222.22);

    await conflict(a).getByRole('button', { name: 'Keep theirs' }).click();
    await expect.poll(() => changesPanel(a).count()).toBe(0);
    const kept = await read<Product>('/products/5');
    expect(kept).toEqual({ ...before, price: 222.22 });
    // B's PUT only: A's was refused and dropped, never applied.
    expect(appliedPuts(demo, '5')).toHaveLength(1);

    // Again on another product, and this time A keeps its own price.
    await contextsClose();
    const again = await editedByBoth('6', { price: '333.33' }, saves({ price: '444.44' }));
    await conflict(again.a).waitFor();
    await conflict(again.a).getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(() => changesPanel(again.a).count()).toBe(0);
    const mine = await again.read<Product>('/products/6');
    // A's price; the name, category, stock and active nobody changed are as they were.
    expect(mine).toEqual({ ...again.before, price: 333.33 });
    // B's PUT, then A's chosen version: one each.
    expect(appliedPuts(demo, '6')).toHaveLength(2);
  });

  it('merges by itself when A changed the stock and B the price: both on the server, no question asked', async () => {
    demo = await startDemo();
    const { a, before, read } = await editedByBoth(
      '7',
      { stock: '999' },
      saves({ price: '555.55' }),
    );
    await expect
      .poll(() => read<Product>('/products/7'))
      .toEqual({
        ...before,
        price: 555.55,
        stock: 999,
      });
    await expect.poll(() => changesPanel(a).count()).toBe(0);
    expect(await conflict(a).count()).toBe(0);
    // B's PUT, then A's merged one.
    expect(appliedPuts(demo, '7')).toHaveLength(2);
    // A's list shows both changes once it is read again.
    const row = rows(a).filter({ hasText: before.name });
    await expect.poll(() => row.locator('td').nth(3).innerText()).toBe('999');
    expect(await row.locator('td').nth(1).innerText()).toBe('$555.55');
  });

  it('tells A when B deleted the product meanwhile; A can create it again with the change', async () => {
    demo = await startDemo();
    const { a, before, read } = await editedByBoth('8', { price: '12.34' }, deletes);
    await conflict(a).getByText('Deleted by someone else while you were offline').waitFor();
    expect(await axeViolationsAtBothWidths(a), 'axe, a deleted record').toEqual([]);
    const named = () => read<Product[]>(`/products?name=${encodeURIComponent(before.name)}`);
    expect(await named()).toEqual([]);

    await conflict(a).getByRole('button', { name: 'Create it again with my values' }).click();
    await expect.poll(() => changesPanel(a).count()).toBe(0);
    const [again, ...more] = await named();
    expect(more).toEqual([]);
    const { id: _old, createdAt: _then, ...fields } = before;
    expect(again).toMatchObject({ ...fields, price: 12.34 });
    expect(again!.id).not.toBe('8');
    // A's refused PUT was never applied, and nothing else was sent for it.
    expect(appliedPuts(demo, '8')).toEqual([]);
  });
});

describe('a product created offline, in Chromium', () => {
  it('shows at once at the top of the list, marked pending, stays as the server made it until the list answers again, and the server ends with exactly one', async () => {
    demo = await startDemo();
    const running = demo;
    const a = await signedIn(running, 'admin');
    const setOnline = await networkOf(a);
    const name = `Offline desk ${Date.now()}`;
    const firstBefore = await rows(a).first().locator('td').first().innerText();

    await setOnline(false);
    await a.getByRole('navigation').getByRole('link', { name: 'New product' }).click();
    await a.getByLabel('Name').fill(name);
    await a.getByLabel('Price').fill('42.5');
    await a.getByLabel('Stock').fill('3');
    await a.getByTestId('save-product').click();

    // Kept on the device: back on the list, its row first, marked, not a link to a record.
    const first = rows(a).first();
    await expect.poll(() => first.locator('td').first().innerText()).toBe(`${name} pending`);
    expect(await first.locator('td').nth(1).innerText()).toBe('$42.50');
    expect(await first.getAttribute('data-pending')).toBe('pending');
    expect(await first.getAttribute('tabindex')).toBeNull();
    expect(await rows(a).nth(1).locator('td').first().innerText()).toBe(firstBefore);
    expect(await a.getByTestId('pending-write').innerText()).toContain(
      `POST /products (“${name}”)`,
    );
    expect(await axeViolationsAtBothWidths(a), 'axe, a product created offline').toEqual([]);
    const read = await apiReader(running);
    expect(await read<Product[]>(`/products?name=${encodeURIComponent(name)}`)).toEqual([]);

    // Every first row the table shows from now on, as the page renders it.
    await a.evaluate(() => {
      const table = document.querySelector('[data-testid="products-table"]')!;
      const firstRows: string[] = [];
      const note = () => {
        const text = table.querySelector('tbody tr.bk-table__row td')?.textContent ?? '';
        if (firstRows.at(-1) !== text) firstRows.push(text);
      };
      note();
      new MutationObserver(note).observe(table, {
        childList: true,
        subtree: true,
        characterData: true,
      });
      Object.assign(window, { firstRows });
    });
    await setOnline(true);
    await expect.poll(() => changesPanel(a).count()).toBe(0);
    // The pending row gave way to the server's list (the new product is on its last page).
    await expect.poll(() => first.locator('td').first().innerText()).toBe(firstBefore);
    // Never gone in between: once applied it was the server's record, unmarked, until the list
    // read again answered without it.
    const firstRows = await a.evaluate(
      () => (window as unknown as { firstRows: string[] }).firstRows,
    );
    expect(firstRows.slice(firstRows.lastIndexOf(`${name} pending`) + 1)).toEqual([
      name,
      firstBefore,
    ]);
    const created = await read<Product[]>(`/products?name=${encodeURIComponent(name)}`);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ name, price: 42.5, stock: 3 });
    expect(
      running.requests().filter((r) => r.method === 'POST' && r.url === '/api/products'),
    ).toHaveLength(1);

    // Searched for, it is the server's row: one, unmarked, and it opens.
    await a.getByLabel('Search').fill(name);
    await expect.poll(() => rows(a).count()).toBe(1);
    await expect.poll(() => rows(a).first().locator('td').first().innerText()).toBe(name);
    await rows(a).first().click();
    await a.getByRole('heading', { level: 1, name: `Edit “${name}”` }).waitFor();
  });
});

/** Closes every browser context made so far (the next scenario starts two new people). */
async function contextsClose() {
  for (const context of contexts.splice(0)) await context.close();
}
