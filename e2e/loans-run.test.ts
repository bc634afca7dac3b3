import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MESSAGES, type LoanView, type SavingsHolderListItem } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf } from './support/browser.ts';
import { lagosToday } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { loansSeed, type LoanHolder } from './support/loans-seed.ts';
import { expectText, itFitsEveryLook, unexpectedErrors } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';
import { apiAs } from './support/users-seed.ts';

/**
 * Issue 12's repayment column in the monthly run, in the browser: Prepare lists each member's
 * instalment due beside their contribution, Review judges both, one batch posts both, and the
 * batch's detail lists the repayments, each linked to its loan.
 *
 * The figures, worked by hand. Both loans are flat 12% a year, disbursed on the first day of the
 * month before last, so their first instalment fell due at the end of last month and the second
 * is due from the first of this month (decision 019): on this month's run value date two
 * instalments are due on each.
 * - Kemi borrows ₦120,000 over 12 months: interest 120,000 × 12% × 12/12 = ₦14,400, so each
 *   instalment is ₦10,000 principal + ₦1,200 interest = ₦11,200; two due = ₦22,400.
 * - Obinna borrows ₦60,000 over 6 months: interest 60,000 × 12% × 6/12 = ₦3,600, so each
 *   instalment is ₦10,000 + ₦600 = ₦10,600; two due = ₦21,200. The admin cuts his repayment to
 *   one instalment, ₦10,600, and he has no standing contribution: his row is a repayment alone.
 * - Kemi's standing contribution is ₦5,000; Sade has neither a contribution nor a loan (skipped).
 * Included at first: 2 of 3, contributions ₦5,000, repayments 22,400 + 21,200 = ₦43,600; after the
 * cut, repayments 22,400 + 10,600 = ₦33,000, and Post moves 5,000 + 33,000 = ₦38,000.
 * After posting: Kemi's two instalments are paid, ₦20,000 of principal, so ₦120,000 − ₦20,000 =
 * ₦100,000 is outstanding; Obinna's first is paid (₦600 interest, then ₦10,000 principal), so
 * ₦60,000 − ₦10,000 = ₦50,000. Kemi's savings go from ₦100,000 to ₦105,000; Obinna's stay ₦100,000.
 */

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let call: Awaited<ReturnType<typeof apiAs>>;
let kemi: LoanHolder;
let obinna: LoanHolder;
let sade: LoanHolder;
let kemiLoan: LoanView;
let obinnaLoan: LoanView;

/** The first day of the month `count` months before this one (in Lagos). */
function monthsAgo(count: number): string {
  const [year, month] = lagosToday().split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 - count, 1)).toISOString().slice(0, 10);
}

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  call = await apiAs(kobo, admin);
  const seed = await loansSeed(kobo, admin);
  const product = await seed.createProduct({
    name: 'Payroll Loan',
    method: 'flat',
    annualRate: '12',
    maxMonths: '12',
    savingsMultiple: '2',
    maxAmount: '500,000',
    guarantorsRequired: '0',
  });
  kemi = await seed.holderWithSavings('Kemi Adeyemi', '100,000');
  obinna = await seed.holderWithSavings('Obinna Nwosu', '100,000');
  sade = await seed.holderWithSavings('Sade Okon', '20,000');
  const disbursed = monthsAgo(2);
  async function disbursedLoan(holder: LoanHolder, amount: string, months: string) {
    const loan = await seed.apply({ productId: product.id, holder, amount, months, purpose: 'School fees' });
    await seed.approve(loan.id);
    await seed.backdateApplication(loan.id, disbursed);
    await seed.disburse(loan.id, disbursed);
    return loan;
  }
  kemiLoan = await disbursedLoan(kemi, '120,000', '12');
  obinnaLoan = await disbursedLoan(obinna, '60,000', '6');
  await call('PUT', '/api/savings/contributions', { contributions: [{ userId: kemi.userId, amount: '5000' }] });
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

async function outstandingPrincipalOf(loanId: string): Promise<number> {
  const { loan } = (await call('GET', `/api/loans/${loanId}`)) as { loan: { ledger: { outstandingPrincipalKobo: number } } };
  return loan.ledger.outstandingPrincipalKobo;
}

async function balanceOf(holder: LoanHolder): Promise<number> {
  const { holders } = (await call('GET', `/api/savings/holders?search=${holder.staffId}`)) as { holders: SavingsHolderListItem[] };
  return holders.find((item) => item.userId === holder.userId)?.balanceKobo ?? -1;
}

function panel(page: Page, name: 'Prepare' | 'Upload' | 'Review' | 'History'): Locator {
  return page.getByRole('tabpanel', { name });
}

const who = (holder: LoanHolder) => `${holder.name} (${holder.staffId})`;

/** Waits until a field holds `value`. */
async function expectValue(field: Locator, value: string) {
  await expect.poll(() => field.inputValue({ timeout: 250 }).catch(() => '')).toBe(value);
}

/** The looks' browser and server, read when each look runs (they exist only after beforeAll). */
const env = () => ({ browser, baseURL: kobo.baseURL });

// First, while both loans still have their two instalments due.
describe('how the run looks with loan repayments', () => {
  itFitsEveryLook(env, {
    name: 'loans-run-prepare',
    path: '/staff-savings/runs',
    user: () => admin,
    prepare: async (page) => {
      await expectValue(panel(page, 'Prepare').getByLabel(`Loan repayment for ${who(kemi)}`), '22,400.00');
    },
  });
});

describe('the monthly run with loan repayments', () => {
  it('prefills what loans have due, posts contributions and repayments in one batch, and lists the repayments', async () => {
    expect(await outstandingPrincipalOf(kemiLoan.id)).toBe(12_000_000);
    expect(await outstandingPrincipalOf(obinnaLoan.id)).toBe(6_000_000);
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/staff-savings/runs');
    const prepare = panel(page, 'Prepare');
    const amount = (holder: LoanHolder) => prepare.getByLabel(`Amount for ${who(holder)}`);
    const repayment = (holder: LoanHolder) => prepare.getByLabel(`Loan repayment for ${who(holder)}`);
    const include = (holder: LoanHolder) => prepare.getByLabel(`Include ${who(holder)}`);

    await expectValue(repayment(kemi), '22,400.00');
    expect(await amount(kemi).inputValue()).toBe('5,000.00');
    // A repayment alone keeps the row in: no contribution, but included.
    expect(await repayment(obinna).inputValue()).toBe('21,200.00');
    expect(await amount(obinna).inputValue()).toBe('');
    expect(await include(obinna).isChecked()).toBe(true);
    // Nothing due and no contribution: the column is empty and the row left out, saying why.
    expect(await repayment(sade).inputValue()).toBe('');
    expect(await include(sade).isChecked()).toBe(false);
    await expectText(prepare.getByRole('row').filter({ hasText: sade.name }), 'Left out: no standing amount and no repayment due');
    await expectText(prepare, '2 of 3 included · ₦5,000.00 · Loan repayments ₦43,600.00');

    // By keyboard: Tab from Obinna's amount reaches his repayment, cut to one instalment.
    await amount(obinna).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Loan repayment for ${who(obinna)}`);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('10600');
    await expectValue(repayment(obinna), '10,600');
    await expectText(prepare.getByRole('row').filter({ hasText: obinna.name }), 'Due ₦21,200.00');
    await expectText(prepare, '2 of 3 included · ₦5,000.00 · Loan repayments ₦33,000.00');

    await prepare.getByRole('button', { name: 'Review', exact: true }).click();
    const review = panel(page, 'Review');
    const post = review.getByRole('button', { name: /^Post \d+ transactions? \(/ });
    await expectText(post, 'Post 2 transactions (₦38,000.00)');
    await expectText(review.locator('dl[aria-label="Review totals"]'), 'Loan repayments₦33,000.00');
    await expectText(review.locator('dl[aria-label="Review totals"]'), 'Deposits₦5,000.00');
    const kemiLine = review.getByRole('row', { name: 'Line 1', exact: true });
    await expectText(kemiLine, 'Kemi Adeyemi');
    await expectText(kemiLine, '₦22,400.00');
    expect(await kemiLine.textContent()).not.toContain('Due');
    const obinnaLine = review.getByRole('row', { name: 'Line 2', exact: true });
    await expectText(obinnaLine, '₦10,600.00');
    await expectText(obinnaLine, 'Due ₦21,200.00');
    await expect.poll(() => post.isEnabled()).toBe(true);

    await post.click();
    await expectText(page.getByRole('status').first(), 'Batch 1 posted: 2 transactions (₦38,000.00)');
    await page.waitForURL(/tab=history&batch=/);
    const batch = page.getByRole('region', { name: 'Batch 1' });
    await expectText(batch, 'Loan repayments₦33,000.00');
    const repayments = batch.getByRole('table', { name: 'Loan repayments' });
    const kemiRow = repayments.getByRole('row').filter({ hasText: 'Kemi Adeyemi' });
    const obinnaRow = repayments.getByRole('row').filter({ hasText: 'Obinna Nwosu' });
    await expect.poll(() => kemiRow.getByRole('cell').allTextContents()).toEqual(['Kemi Adeyemi', kemi.staffId, 'Payroll Loan', '₦22,400.00']);
    expect(await obinnaRow.getByRole('cell').allTextContents()).toEqual(['Obinna Nwosu', obinna.staffId, 'Payroll Loan', '₦10,600.00']);
    // Only Kemi's contribution is a savings posting.
    const postings = batch.getByRole('table', { name: 'Postings' }).locator('tbody tr');
    await expect.poll(() => postings.allTextContents()).toEqual([expect.stringContaining('₦5,000.00')]);

    expect(await outstandingPrincipalOf(kemiLoan.id)).toBe(10_000_000);
    expect(await outstandingPrincipalOf(obinnaLoan.id)).toBe(5_000_000);
    expect(await balanceOf(kemi)).toBe(10_500_000);
    expect(await balanceOf(obinna)).toBe(10_000_000);

    // The borrower's name opens the loan, whose position shows the new outstanding principal.
    await obinnaRow.getByRole('link', { name: 'Obinna Nwosu' }).click();
    await page.waitForURL(`**/loans/${obinnaLoan.id}`);
    await expectText(page.getByRole('region', { name: 'Position' }), '₦50,000.00');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('says why the batch cannot be reversed while a later repayment stands on one of its loans', async () => {
    // Obinna's second instalment, paid at the counter after the run.
    await call('POST', `/api/loans/${obinnaLoan.id}/repayments`, { amount: '10,600' });
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/staff-savings/runs?tab=history');
    await panel(page, 'History').getByRole('button', { name: 'Open batch 1' }).click();
    const batch = page.getByRole('region', { name: 'Batch 1' });
    await batch.getByRole('button', { name: 'Reverse batch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reverse batch 1' });
    await dialog.waitFor();
    await dialog.getByLabel('Reason').fill('Posted for the wrong month');
    await dialog.getByRole('button', { name: 'Reverse batch' }).click();
    await expectText(dialog, MESSAGES.laterRepaymentFirst);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Nothing moved: the batch stands and so do its repayments.
    expect(await outstandingPrincipalOf(kemiLoan.id)).toBe(10_000_000);
    expect(await outstandingPrincipalOf(obinnaLoan.id)).toBe(4_000_000);
    expect(await balanceOf(kemi)).toBe(10_500_000);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it("marks a repayment reversed on its own, not with its batch, Reversed in the batch's repayments (issue 26)", async () => {
    // Newest first: Obinna's counter repayment, then his ₦10,600 from the run, each undone from the loan's page.
    const entries = async () => ((await call('GET', `/api/loans/${obinnaLoan.id}`)) as { loan: LoanView }).loan.ledger?.entries ?? [];
    const counter = (await entries()).findLast((entry) => entry.type === 'repayment' && entry.batchId === null && entry.reversesId === null);
    await call('POST', `/api/loans/entries/${counter?.id}/reversal`, { reason: 'Typed twice' });
    const fromRun = (await entries()).find((entry) => entry.batchId !== null);
    await call('POST', `/api/loans/entries/${fromRun?.id}/reversal`, { reason: 'Paid at the bank instead' });

    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/staff-savings/runs?tab=history');
    await panel(page, 'History').getByRole('button', { name: 'Open batch 1' }).click();
    const repayments = page.getByRole('region', { name: 'Batch 1' }).getByRole('table', { name: 'Loan repayments' });
    const obinnaRow = repayments.getByRole('row').filter({ hasText: 'Obinna Nwosu' });
    await expect.poll(() => obinnaRow.getByRole('cell').allTextContents()).toEqual(['Obinna NwosuReversed', obinna.staffId, 'Payroll Loan', '₦10,600.00']);
    const kemiRow = repayments.getByRole('row').filter({ hasText: 'Kemi Adeyemi' });
    expect(await kemiRow.getByRole('cell').allTextContents()).toEqual(['Kemi Adeyemi', kemi.staffId, 'Payroll Loan', '₦22,400.00']);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('how a batch with loan repayments looks', () => {
  itFitsEveryLook(env, {
    name: 'loans-run-batch',
    path: '/staff-savings/runs?tab=history',
    user: () => admin,
    prepare: async (page) => {
      await panel(page, 'History').getByRole('button', { name: 'Open batch 1' }).click();
      await page.getByRole('region', { name: 'Batch 1' }).getByRole('button', { name: 'Reverse batch' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  });
  itFitsEveryLook(env, {
    name: 'loans-run-review',
    path: '/staff-savings/runs?tab=upload',
    user: () => admin,
    prepare: async (page) => {
      // Payroll's file with two repayments the review refuses, each fixed in place on its row, and
      // one it takes: Kemi has nothing due now, so her ₦1,000 pays her next instalment in advance.
      const csv = ['Staff ID,Amount,Loan Repayment', `${kemi.staffId},5000,1000`, `${obinna.staffId},,lots`, `${sade.staffId},2000,500`].join('\n');
      const upload = panel(page, 'Upload');
      await upload.getByLabel('Value date').waitFor();
      await upload.locator('input[type="file"]').setInputFiles({ name: 'payroll.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expectText(upload, 'Read 3 rows');
      await upload.getByRole('button', { name: 'Review' }).click();
      const review = panel(page, 'Review');
      // Issue 34: rows by the spreadsheet's own numbers (the header is row 1).
      await expectText(review.getByLabel('Row 3', { exact: true }), MESSAGES.enterValidRepayment);
      await expectText(review.getByLabel('Row 4', { exact: true }), MESSAGES.noActiveLoanToRepay);
      await expectText(review.getByLabel('Row 2', { exact: true }), '₦1,000.00');
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  });
});
