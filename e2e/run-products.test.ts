import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { addDays, formatNaira, monthLabel } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf, PHONE } from './support/browser.ts';
import { lagosToday } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectText, unexpectedErrors } from './support/page-checks.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { signInQuickly } from './support/session.ts';
import { apiAs } from './support/users-seed.ts';

/**
 * Issue 29's monthly run in the browser: a column per savings product (ordinary savings, Christmas
 * Savings, Shares) and the loan repayment, prepared from each member's standing contributions,
 * reviewed with a total per column, and posted, on a 375 px phone and a 1280 px screen.
 */

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let emeka: SeededStaff;
let christmasId = '';
let sharesId = '';
let asAdmin: Awaited<ReturnType<typeof savingsApi>>;
let call: Awaited<ReturnType<typeof apiAs>>;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ada Obi' });
  asAdmin = await savingsApi(kobo, admin);
  call = await apiAs(kobo, admin);
  const christmas = (await call('POST', '/api/savings-products', {
    name: 'Christmas Savings',
    kind: 'target',
    controlAccountId: 'new',
    windowOpens: '12-01',
    windowCloses: '12-31',
    payoutOn: '12-31',
    payoutTo: 'ordinary',
    earlyWithdrawal: false,
  })) as { product: { id: string } };
  christmasId = christmas.product.id;
  const shares = (await call('POST', '/api/savings-products', {
    name: 'Shares',
    kind: 'shares',
    controlAccountId: 'new',
    sharePricing: 'amount',
    minimumHolding: '25,000',
  })) as { product: { id: string } };
  sharesId = shares.product.id;
  emeka = await asAdmin.createStaff({ name: 'Emeka Eze' });
  await call('PUT', '/api/savings/contributions', {
    contributions: [
      { userId: emeka.id, amount: '5,000' },
      { userId: emeka.id, amount: '2,000', productId: christmasId },
      { userId: emeka.id, amount: '1,000', productId: sharesId },
    ],
  });
});
afterAll(async () => {
  await asAdmin?.dispose();
  await browser?.close();
  await kobo?.stop();
});

const thisMonth = () => lagosToday().slice(0, 7);
const lastMonth = () => addDays(`${thisMonth()}-01`, -1).slice(0, 7);

function panel(page: Page, name: 'Prepare' | 'Review' | 'History'): Locator {
  return page.getByRole('tabpanel', { name });
}

async function chooseMonth(page: Page, month: string) {
  await panel(page, 'Prepare').getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: monthLabel(month), exact: true }).click();
}

const WIDE = { width: 1280, height: 900 };

/** Prepare the month for Emeka from his standing contributions and review it: the Review panel. */
async function prepareAndReview(viewport: { width: number; height: number }, month: string) {
  const { context, page } = await newPage(browser, kobo.baseURL, { viewport });
  await signInQuickly(page, admin);
  await page.goto('/staff-savings/runs');
  await page.getByRole('heading', { name: 'Monthly Run', level: 1 }).waitFor();
  if (month !== thisMonth()) await chooseMonth(page, month);
  const prepare = panel(page, 'Prepare');
  const who = `${emeka.name} (${emeka.staffId})`;
  await expect.poll(() => prepare.getByLabel(`Amount for ${who}`).inputValue()).toBe('5,000.00');
  expect(await prepare.getByLabel(`Christmas Savings for ${who}`).inputValue()).toBe('2,000.00');
  expect(await prepare.getByLabel(`Shares for ${who}`).inputValue()).toBe('1,000.00');
  await expectText(prepare, `1 of 1 included · ${formatNaira(800_000)}`);
  await prepare.getByRole('button', { name: 'Review', exact: true }).click();
  await expect.poll(() => page.getByRole('tab', { name: /Review/ }).getAttribute('aria-selected')).toBe('true');
  return { context, page, review: panel(page, 'Review') };
}

/** Nothing sits off the side of the window (a wide table scrolls inside its card); then Post, and the batch holds a posting per product. */
async function fitsAndPosts(page: Page, review: Locator, width: number, name: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.screenshot({ path: `/tmp/e-run-products-${name}.png`, fullPage: true });
  const post = review.getByRole('button', { name: `Post 1 transaction (${formatNaira(800_000)})` });
  await expect.poll(() => post.isEnabled()).toBe(true);
  await post.click();
  await page.waitForURL(/tab=history&batch=/);
  // The batch's postings name each one's product.
  await expectText(page.getByLabel('Postings'), 'Christmas Savings');
  const batchId = new URL(page.url()).searchParams.get('batch');
  const detail = (await call('GET', `/api/savings/batches/${batchId}`)) as { postings: { productName: string; amountKobo: number }[] };
  expect(detail.postings.map((posting) => [posting.productName, posting.amountKobo])).toEqual([
    ['Ordinary savings', 500_000],
    ['Christmas Savings', 200_000],
    ['Shares', 100_000],
  ]);
  expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
}

describe('a run with a column per savings product', () => {
  it('at 1280 px: a column per product and the loan repayment, a total under each, then posted', async () => {
    const { context, page, review } = await prepareAndReview(WIDE, lastMonth());
    const line = review.getByRole('row', { name: 'Line 1', exact: true });
    await expectText(line, 'Ready');
    const headings = await review.getByRole('table', { name: 'Reviewed rows' }).locator('thead th').allTextContents();
    expect(headings).toEqual(['Line', 'Staff ID', 'Name', 'Ordinary savings', 'Christmas Savings', 'Shares', 'Loan repayment', 'Type', 'Status']);
    expect(await line.locator('td').allTextContents()).toEqual(['1', emeka.staffId, 'Emeka Eze', formatNaira(500_000), formatNaira(200_000), formatNaira(100_000), '—', 'Deposit', 'Ready']);
    const totals = await review.getByRole('row', { name: 'Totals' }).locator('th').allTextContents();
    expect(totals).toEqual(['Totals (ready rows)', formatNaira(500_000), formatNaira(200_000), formatNaira(100_000), formatNaira(0), '']);
    await fitsAndPosts(page, review, WIDE.width, '1280px');
    await context.close();
  });

  it('at 375 px: a card per row listing each product, the totals listed under the cards, then posted', async () => {
    const { context, page, review } = await prepareAndReview(PHONE, thisMonth());
    const line = review.getByRole('listitem', { name: 'Line 1', exact: true });
    await expectText(line, 'Ready');
    await expectText(line, `Line 1: Emeka Eze${formatNaira(800_000)}`);
    await expectText(line, `Ordinary savings ${formatNaira(500_000)}`);
    await expectText(line, `Christmas Savings ${formatNaira(200_000)}`);
    await expectText(line, `Shares ${formatNaira(100_000)}`);
    const totals = review.getByRole('region', { name: 'Totals' });
    expect(await totals.locator('dt').allTextContents()).toEqual(['Ordinary savings', 'Christmas Savings', 'Shares', 'Loan repayment']);
    expect(await totals.locator('dd').allTextContents()).toEqual([formatNaira(500_000), formatNaira(200_000), formatNaira(100_000), formatNaira(0)]);
    await fitsAndPosts(page, review, PHONE.width, '375px');
    await context.close();
  });
});
