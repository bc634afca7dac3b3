import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES, type LoanEntryView, type LoanProductView, type LoanView } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf, PHONE } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { loansSeed } from './support/loans-seed.ts';
import { expectBeside, expectText, itFitsEveryLook, unexpectedErrors } from './support/page-checks.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { signInQuickly } from './support/session.ts';
import { apiAs } from './support/users-seed.ts';

/**
 * A loan's ledger history and its reversal (issue 12: "Reversal of a repayment or a disbursement
 * follows the savings reversal rules"), on the officers' /loans/:id and the holder's loan card.
 *
 * Every figure is worked by hand from one loan: ₦120,000 over 12 months at 12% a year, flat, with
 * a fixed ₦1,000 processing fee. Interest ₦120,000 × 12% × 12 ÷ 12 = ₦14,400; each instalment
 * (₦120,000 + ₦14,400) ÷ 12 = ₦11,200, that is ₦10,000 principal and ₦1,200 interest. Owed at
 * disbursement: ₦120,000 + ₦14,400 + ₦1,000 = ₦135,400.
 * The loan is paid out on the first day of the month two months ago, so instalment 1 fell due at
 * the end of last month and instalment 2 falls due at the end of this one: both are due today.
 * Repayment A, ₦12,200, pays the fee (₦1,000) and instalment 1 (₦1,200 interest, ₦10,000
 * principal): ₦135,400 − ₦12,200 = ₦123,200 owed. Repayment B, ₦11,200, pays instalment 2:
 * ₦123,200 − ₦11,200 = ₦112,000 owed.
 */

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let kemi: SeededStaff;
let product: LoanProductView;
let seed: Awaited<ReturnType<typeof loansSeed>>;
let asAdmin: Awaited<ReturnType<typeof apiAs>>;
let savings: Awaited<ReturnType<typeof savingsApi>>;
let loan: LoanView;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  seed = await loansSeed(kobo, admin);
  asAdmin = await apiAs(kobo, admin);
  savings = await savingsApi(kobo, admin);
  product = await seed.createProduct({
    name: 'Reversal Loan',
    method: 'flat',
    annualRate: '12',
    maxMonths: '12',
    savingsMultiple: '2',
    maxAmount: '500,000',
    guarantorsRequired: '0',
    feeKind: 'fixed',
    feeValue: '1,000',
  });
  kemi = await savings.createStaff({ name: 'Kemi Adebayo' });
  await savings.post({ userId: kemi.id, type: 'deposit', amount: '100000' });
  loan = await disbursedLoan(kemi);
  await repay(loan.id, '12,200');
  await repay(loan.id, '11,200');
});
afterAll(async () => {
  await savings?.dispose();
  await browser?.close();
  await kobo?.stop();
});

/** Today in Lagos, the organisation's zone, as 'YYYY-MM-DD'. */
function lagosToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
}

/** The first day of the month two months before this one, in Lagos. */
function twoMonthsAgo(): string {
  const [year, month] = lagosToday().split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 - 2, 1)).toISOString().slice(0, 10);
}

function yesterday(): string {
  return new Date(Date.parse(`${lagosToday()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The ₦120,000 loan above, approved and paid out on the first day of the month two months ago. */
async function disbursedLoan(holder: SeededStaff): Promise<LoanView> {
  const made = await seed.apply({ productId: product.id, holder: { userId: holder.id, name: holder.name, staffId: holder.staffId }, amount: '120,000', months: '12', purpose: 'School fees' });
  await seed.approve(made.id);
  await seed.backdateApplication(made.id, twoMonthsAgo());
  await seed.disburse(made.id, twoMonthsAgo());
  return made;
}

async function repay(loanId: string, amount: string) {
  await asAdmin('POST', `/api/loans/${loanId}/repayments`, { amount });
}

async function entriesOf(loanId: string): Promise<LoanEntryView[]> {
  const { loan: read } = (await asAdmin('GET', `/api/loans/${loanId}`)) as { loan: LoanView };
  return read.ledger?.entries ?? [];
}

async function pageAs(user: Pick<TestUser, 'email' | 'password'>, path: string, viewport?: { width: number; height: number }) {
  const opened = await newPage(browser, kobo.baseURL, viewport ? { viewport } : {});
  await signInQuickly(opened.page, user);
  await opened.page.goto(path);
  return opened;
}

function banner(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text });
}

/** The history table's rows below its header, as text, newest first. */
async function historyRows(page: Page): Promise<string[]> {
  const rows = await page.getByRole('region', { name: 'History', exact: true }).getByRole('row').allTextContents();
  return rows.slice(1);
}

async function openReversal(page: Page, button: RegExp, title: string) {
  await page.getByRole('region', { name: 'History', exact: true }).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByLabel('Reason').waitFor();
  return dialog;
}

describe('a loan’s history on /loans/:id', () => {
  it('lists the ledger newest first, with each repayment’s split and who recorded it', async () => {
    const { context, page } = await pageAs(admin, `/loans/${loan.id}`);
    const history = page.getByRole('region', { name: 'History', exact: true });
    await expectText(history, 'Disbursement');
    const rows = await historyRows(page);
    expect(rows).toHaveLength(4);
    // Repayment B, then A, then the fee and the payout, as they were recorded.
    expect(rows[0]).toContain('Repayment₦11,200.00Interest ₦1,200.00 · Principal ₦10,000.00');
    expect(rows[1]).toContain('Repayment₦12,200.00Fee ₦1,000.00 · Interest ₦1,200.00 · Principal ₦10,000.00');
    expect(rows[2]).toContain('Processing fee₦1,000.00—');
    expect(rows[3]).toContain('Disbursement₦120,000.00—');
    for (const row of rows) expect(row).toContain(admin.email);
    // Both repayments and the payout may be reversed; the fee goes with its payout.
    await expect.poll(() => history.getByRole('button', { name: /^Reverse / }).count()).toBe(3);
    await expectText(page.getByRole('region', { name: 'Position' }), 'Outstanding total₦112,000.00');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('reverses the newest repayment with a reason, after refusing the older one first', async () => {
    const { context, page } = await pageAs(admin, `/loans/${loan.id}`);
    const position = page.getByRole('region', { name: 'Position' });
    await expectText(position, 'Outstanding total₦112,000.00');

    // Repayment A first: the reason is asked for beside its field, then the server refuses, as B still stands.
    let dialog = await openReversal(page, /^Reverse repayment of ₦12,200\.00/, 'Reverse repayment');
    await expectText(dialog, 'What it paid (fee ₦1,000.00, interest ₦1,200.00, principal ₦10,000.00) is owed again.');
    await dialog.getByRole('button', { name: 'Reverse' }).click();
    await expectBeside(dialog.getByLabel('Reason'), MESSAGES.reversalReasonRequired);
    await dialog.getByLabel('Reason').fill('Counted twice');
    await dialog.getByRole('button', { name: 'Reverse' }).click();
    await expectText(dialog.getByRole('alert'), MESSAGES.laterRepaymentFirst);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Repayment B, the newest.
    dialog = await openReversal(page, /^Reverse repayment of ₦11,200\.00/, 'Reverse repayment');
    await dialog.getByRole('button', { name: 'Reverse' }).click();
    await expectBeside(dialog.getByLabel('Reason'), MESSAGES.reversalReasonRequired);
    await dialog.getByLabel('Reason').fill('Bounced transfer');
    await dialog.getByRole('button', { name: 'Reverse' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(banner(page, MESSAGES.loanEntryReversed), MESSAGES.loanEntryReversed);
    // ₦112,000 + ₦11,200 put back on instalment 2.
    await expectText(position, 'Outstanding total₦123,200.00');
    await expect.poll(() => historyRows(page).then((rows) => rows.length)).toBe(5);
    const rows = await historyRows(page);
    expect(rows[0]).toContain('Reversal of repaymentReason: Bounced transfer₦11,200.00Interest ₦1,200.00 · Principal ₦10,000.00');
    expect(rows[1]).toContain('RepaymentReversed₦11,200.00');
    // The reversed repayment and the reversal offer no Reverse; A and the payout still do.
    await expect.poll(() => page.getByRole('region', { name: 'History', exact: true }).getByRole('button', { name: /^Reverse / }).count()).toBe(2);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('refuses the disbursement while a repayment stands, then reverses the older repayment', async () => {
    const { context, page } = await pageAs(admin, `/loans/${loan.id}`);
    const position = page.getByRole('region', { name: 'Position' });
    await expectText(position, 'Outstanding total₦123,200.00');

    let dialog = await openReversal(page, /^Reverse disbursement of ₦120,000\.00/, 'Reverse disbursement');
    await expectText(dialog, 'Its processing fee is reversed with it, and the loan goes back to Approved');
    await dialog.getByLabel('Reason').fill('Paid to the wrong account');
    await dialog.getByRole('button', { name: 'Reverse' }).click();
    await expectText(dialog.getByRole('alert'), MESSAGES.repaymentsBeforeDisbursement);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    dialog = await openReversal(page, /^Reverse repayment of ₦12,200\.00/, 'Reverse repayment');
    await dialog.getByLabel('Reason').fill('Counted twice');
    // A reversal is never dated before what it reverses (repayment A is valued today).
    await dialog.getByLabel('Value date').fill(yesterday());
    await dialog.getByRole('button', { name: 'Reverse' }).click();
    await expectBeside(dialog.getByLabel('Value date'), MESSAGES.reversalBeforeOriginal);
    await dialog.getByLabel('Value date').fill(lagosToday());
    await dialog.getByRole('button', { name: 'Reverse' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(banner(page, MESSAGES.loanEntryReversed), MESSAGES.loanEntryReversed);
    // ₦123,200 + ₦12,200: everything owed again, as at disbursement.
    await expectText(position, 'Outstanding total₦135,400.00');
    await expectText(position, 'Fee outstanding₦1,000.00');
    await expect.poll(() => historyRows(page).then((rows) => rows.length)).toBe(6);
    const rows = await historyRows(page);
    expect(rows[0]).toContain('Reversal of repaymentReason: Counted twice₦12,200.00Fee ₦1,000.00 · Interest ₦1,200.00 · Principal ₦10,000.00');
    expect(rows.filter((row) => row.includes('Reversed'))).toHaveLength(2);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('shows the holder the same history, read-only, on their savings page', async () => {
    const { context, page } = await pageAs(kemi, '/staff-savings', PHONE);
    const card = page.getByRole('article', { name: 'Reversal Loan: ₦120,000.00' });
    await expectText(card, 'Balance outstanding₦135,400.00');
    await card.getByRole('button', { name: 'History' }).click();
    const entries = card.getByRole('list', { name: 'Loan history' }).getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(6);
    const texts = await entries.allTextContents();
    expect(texts[0]).toContain('Reversal of repaymentReason: Counted twice₦12,200.00');
    expect(texts[0]).toContain('Fee ₦1,000.00 · Interest ₦1,200.00 · Principal ₦10,000.00');
    expect(texts[1]).toContain('Reversal of repaymentReason: Bounced transfer₦11,200.00');
    expect(texts[2]).toContain('RepaymentReversed₦11,200.00');
    expect(texts[3]).toContain('RepaymentReversed₦12,200.00');
    expect(texts[4]).toContain('Processing fee₦1,000.00');
    expect(texts[5]).toContain('Disbursement₦120,000.00');
    // Nothing to reverse, and no officer's address.
    expect(await card.getByRole('button', { name: /^Reverse/ }).count()).toBe(0);
    expect(await card.textContent()).not.toContain(admin.email);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('reverses the disbursement once no repayment stands: the loan is approved again, to be disbursed', async () => {
    const { context, page } = await pageAs(admin, `/loans/${loan.id}`);
    await expectText(page.getByRole('region', { name: 'Position' }), 'Outstanding total₦135,400.00');
    const dialog = await openReversal(page, /^Reverse disbursement of ₦120,000\.00/, 'Reverse disbursement');
    await dialog.getByLabel('Reason').fill('Paid to the wrong account');
    await dialog.getByRole('button', { name: 'Reverse' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(banner(page, MESSAGES.loanEntryReversed), MESSAGES.loanEntryReversed);
    await expectText(page.getByRole('region', { name: 'Loan summary' }), 'Approved');
    await page.getByRole('button', { name: 'Disburse' }).waitFor();
    // Nothing paid out any more: no position, no history, no repayments to take.
    await expect.poll(() => page.getByRole('region', { name: 'History', exact: true }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Position' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Post repayment' }).count()).toBe(0);
    // The payout and its fee were each undone by an entry of their own.
    const ledger = (await asAdmin('GET', `/api/loans/${loan.id}`)) as { loan: LoanView };
    expect(ledger.loan).toMatchObject({ status: 'approved', ledger: null });
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('how a loan’s history looks', () => {
  // A loan of its own: repayment A posted, reversed ('Wrong member'), and posted again.
  let shown: LoanView;
  let shownHolder: SeededStaff;
  beforeAll(async () => {
    shownHolder = await savings.createStaff({ name: 'Tola Bankole' });
    await savings.post({ userId: shownHolder.id, type: 'deposit', amount: '100000' });
    shown = await disbursedLoan(shownHolder);
    await repay(shown.id, '12,200');
    const repayment = (await entriesOf(shown.id)).at(-1);
    await asAdmin('POST', `/api/loans/entries/${repayment?.id ?? ''}/reversal`, { reason: 'Posted against the wrong member' });
    await repay(shown.id, '12,200');
  });

  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'loan-history',
    path: () => `/loans/${shown.id}`,
    user: () => admin,
    prepare: async (page) => {
      await expectText(page.getByRole('region', { name: 'History', exact: true }), 'Reversal of repayment');
      await page.getByRole('region', { name: 'Schedule', exact: true }).waitFor();
    },
  });

  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'loan-history-holder',
    path: '/staff-savings',
    user: () => shownHolder,
    prepare: async (page) => {
      const card = page.getByRole('article', { name: 'Reversal Loan: ₦120,000.00' });
      await card.getByRole('button', { name: 'History' }).click();
      await expectText(card.getByRole('list', { name: 'Loan history' }), 'Reversal of repayment');
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  });
});
