import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MESSAGES, type LoanProductView, type LoanView } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { loansSeed, type LoanHolder } from './support/loans-seed.ts';
import { besideField, expectBeside, expectText, itFitsEveryLook, unexpectedErrors } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';
import { choose, settledDialog } from './support/users-seed.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let seed: Awaited<ReturnType<typeof loansSeed>>;
let staffLoan: LoanProductView;
let flatLoan: LoanProductView;
let tunde: LoanHolder;
let tundeLoan: LoanView;
const downloads = mkdtempSync(join(tmpdir(), 'kobo-loans-'));

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  seed = await loansSeed(kobo, admin);
  const terms = { maxMonths: '12', savingsMultiple: '2', maxAmount: '500,000', guarantorsRequired: '0' };
  // An early payment shortens this product's term (issue 26's rule; the default pays the next
  // instalments in advance), so a repayment before anything is due repays principal alone.
  staffLoan = await seed.createProduct({ name: 'Staff Loan', method: 'reducing', annualRate: '12', earlyPayment: 'reduce_term', ...terms });
  flatLoan = await seed.createProduct({ name: 'Flat Loan', method: 'flat', annualRate: '12', ...terms });
  tunde = await seed.holderWithSavings('Tunde Bello', '100,000');
  tundeLoan = await seed.apply({ productId: staffLoan.id, holder: tunde, amount: '50,000', months: '6', purpose: 'School fees' });
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
  rmSync(downloads, { recursive: true, force: true });
});

async function pageAs(user: TestUser, path: string) {
  const opened = await newPage(browser, kobo.baseURL);
  await signInQuickly(opened.page, user);
  await opened.page.goto(path);
  return opened;
}

function banner(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text });
}

/** Today in Lagos, the organisation's zone, as 'YYYY-MM-DD'. */
function lagosToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
}

/** The first day of the month `count` months before this one, in Lagos. */
function monthsAgo(count: number): string {
  const [year, month] = lagosToday().split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 - count, 1)).toISOString().slice(0, 10);
}

describe('/loans products', () => {
  it('creates a product through the Products tab, each refusal beside its field', async () => {
    const { context, page } = await pageAs(admin, '/loans?tab=products');
    await page.getByRole('article', { name: 'Staff Loan' }).waitFor();
    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog', { name: 'New loan product' });
    await dialog.waitFor();
    const save = dialog.getByRole('button', { name: 'Save product' });

    await dialog.getByLabel('Name').fill('Staff loan');
    await dialog.getByLabel('Annual rate (%)').fill('150');
    await dialog.getByLabel('Longest term (months)').fill('12');
    await dialog.getByLabel('Multiple of savings (×)').fill('1.5');
    await dialog.getByLabel('Largest loan (₦)').fill('300000');
    await save.click();
    await expectBeside(dialog.getByLabel('Annual rate (%)'), MESSAGES.loanRateInvalid);

    // The server's refusal (a name taken, whatever its case) goes beside the field it names.
    await dialog.getByLabel('Annual rate (%)').fill('12.5');
    await save.click();
    await expectBeside(dialog.getByLabel('Name'), MESSAGES.loanProductNameTaken);

    await dialog.getByLabel('Name').fill('Emergency Loan');
    await dialog.getByRole('radio', { name: 'Percentage' }).check();
    await dialog.getByLabel('Fee (% of the amount)').fill('1');
    // Issue 26: what an early payment does, asked only while early repayment is taken.
    await dialog.getByRole('radio', { name: 'Refused' }).check();
    expect(await dialog.getByRole('radio', { name: 'Lowers the instalments' }).count()).toBe(0);
    await dialog.getByRole('radio', { name: 'Taken' }).check();
    await dialog.getByRole('radio', { name: 'Lowers the instalments' }).check();
    await save.click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(banner(page, MESSAGES.loanProductSaved), MESSAGES.loanProductSaved);
    const card = page.getByRole('article', { name: 'Emergency Loan' });
    await expectText(card, '12.5% a year, reducing balance');
    await expectText(card, '1.5×');
    await expectText(card, '₦300,000.00');
    await expectText(card, '1% of the amount');
    await expectText(card, 'Early repaymentLowers the instalments');

    // Retired, then restored, each after a confirmation.
    await card.getByRole('button', { name: 'Retire Emergency Loan' }).click();
    await page.getByRole('dialog', { name: 'Retire Emergency Loan' }).getByRole('button', { name: 'Retire' }).click();
    await expectText(card, 'Retired');
    await card.getByRole('button', { name: 'Restore Emergency Loan' }).click();
    await page.getByRole('dialog', { name: 'Restore Emergency Loan' }).getByRole('button', { name: 'Restore' }).click();
    await card.getByRole('button', { name: 'Retire Emergency Loan' }).waitFor();
    expect(await card.textContent()).not.toContain('Retired');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('/loans/:id', () => {
  it('approves an application, disburses it, and sees the outstanding drop after a repayment', async () => {
    const { context, page } = await pageAs(admin, '/loans');
    const list = page.getByRole('table', { name: 'Loans' });
    await expectText(list, 'Tunde Bello');
    await expectText(list, 'Awaiting approval');
    await list.getByRole('link', { name: 'Tunde Bello' }).click();
    await page.waitForURL(`**/loans/${tundeLoan.id}`);
    await page.getByRole('heading', { name: 'Tunde Bello: Staff Loan', level: 1 }).waitFor();
    const eligibility = page.getByRole('region', { name: 'Eligibility' });
    await expectText(eligibility, '₦100,000.00');
    await expectText(eligibility, '2×');
    await expectText(eligibility, '₦200,000.00');
    await expectText(page.getByRole('region', { name: 'Loan summary' }), 'School fees');

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Approve loan' }).getByRole('button', { name: 'Approve' }).click();
    await expectText(banner(page, MESSAGES.loanApproved), MESSAGES.loanApproved);
    await expectText(page.getByRole('region', { name: 'Loan summary' }), 'Approved');

    await page.getByRole('button', { name: 'Disburse' }).click();
    const disburse = page.getByRole('dialog', { name: 'Disburse loan' });
    await expect.poll(() => disburse.getByLabel('Value date').inputValue()).toBe(lagosToday());
    await disburse.getByRole('button', { name: 'Disburse' }).click();
    await expectText(banner(page, MESSAGES.loanDisbursed), MESSAGES.loanDisbursed);
    const position = page.getByRole('region', { name: 'Position' });
    await expectText(position, '₦50,000.00');
    await expectText(page.getByRole('region', { name: 'Loan summary' }), 'Disbursed');

    await page.getByRole('button', { name: 'Post repayment' }).click();
    const repay = page.getByRole('dialog', { name: 'Post repayment' });
    const amount = repay.getByLabel('Amount (₦)');
    await repay.getByRole('button', { name: 'Post repayment' }).click();
    await expectBeside(amount, MESSAGES.enterValidAmount);
    await amount.fill('60000');
    await repay.getByRole('button', { name: 'Post repayment' }).click();
    await expectBeside(amount, 'This repayment is more than the ₦50,000.00 outstanding');
    await amount.fill('10000');
    await repay.getByRole('button', { name: 'Post repayment' }).click();
    await expectText(banner(page, MESSAGES.repaymentPosted), MESSAGES.repaymentPosted);
    // Nothing is due yet this month, so all of it repays principal early.
    await expectText(position.getByRole('definition').first(), '₦40,000.00');

    const [statement] = await Promise.all([page.waitForEvent('download'), position.getByRole('button', { name: 'Export .xlsx' }).click()]);
    expect(statement.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('rejects an application only with a reason', async () => {
    const amaka = await seed.holderWithSavings('Amaka Eze', '100,000');
    const loan = await seed.apply({ productId: staffLoan.id, holder: amaka, amount: '20,000', months: '3', purpose: 'Rent' });
    const { context, page } = await pageAs(admin, `/loans/${loan.id}`);
    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject application' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expectBeside(dialog.getByLabel('Reason'), MESSAGES.rejectionReasonRequired);
    await dialog.getByLabel('Reason').fill('Savings are too new');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expectText(banner(page, MESSAGES.loanRejected), MESSAGES.loanRejected);
    await expectText(page.getByRole('region', { name: 'Loan summary' }), 'Rejected');
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // The list filtered to rejected applications shows it, and the filter stays in the address.
    await page.goto('/loans?status=rejected');
    await expectText(page.getByRole('table', { name: 'Loans' }), 'Amaka Eze');
    expect(await page.getByRole('table', { name: 'Loans' }).textContent()).not.toContain('Tunde Bello');

    // The export holds what is shown: the rejected application alone.
    const [request, download] = await Promise.all([
      page.waitForRequest((sent) => sent.url().includes('/api/loans/export')),
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export .xlsx' }).click(),
    ]);
    expect(request.url()).toContain('status=rejected');
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const cells = workbook.worksheets[0]?.getSheetValues().flat().map(String).join(' | ') ?? '';
    expect(cells).toContain('Amaka Eze');
    expect(cells).not.toContain('Tunde Bello');
    await context.close();
  });
});

describe('/loans new application', () => {
  it('applies for a member: the quote is on their savings, and the application awaits approval in their name', async () => {
    const efe = await seed.holderWithSavings('Efe Applicant', '75,000');
    const { context, page } = await pageAs(admin, '/loans');
    await page.getByRole('button', { name: 'New application' }).click();
    const dialog = page.getByRole('dialog', { name: 'New loan application' });
    const member = dialog.getByRole('combobox', { name: 'Member' });
    // The member comes first, and has the focus as the form opens.
    await expect.poll(() => member.evaluate((element) => element === document.activeElement)).toBe(true);
    await pickMember(page, dialog, efe.staffId, /Efe Applicant/);
    await expect.poll(() => besideField(member)).toContain('Savings balance ₦75,000.00');

    await choose(page, 'Loan product', 'Flat Loan');
    await expectText(dialog, 'Borrow up to2× their savings, at most ₦500,000.00');
    const amount = dialog.getByLabel('Amount (₦)');
    await amount.fill('200000');
    await dialog.getByLabel('Months').fill('6');
    // Efe's limit, not the officer's: 2 × ₦75,000 of savings.
    await expectBeside(amount, 'At most ₦150,000.00 can be borrowed: 2× savings of ₦75,000.00');

    await amount.fill('60000');
    const quote = dialog.getByRole('region', { name: 'Quote' });
    // Flat 12% on ₦60,000 for 6 months: ₦60,000 × 12% × 6 ÷ 12 = ₦3,600 interest;
    // (₦60,000 + ₦3,600) ÷ 6 = ₦10,600 a month; the product charges no fee.
    await expectText(quote, 'Monthly instalment₦10,600.00');
    await expectText(quote, 'Total interest₦3,600.00');
    await expectText(quote, 'Total repayable₦63,600.00');
    await expectText(quote, 'Processing fee₦0.00');
    await expectText(quote, 'Most they can borrow₦150,000.00');
    await expectText(quote, 'Their savings₦75,000.00');

    await dialog.getByLabel('Purpose').fill('Rent');
    await dialog.getByRole('button', { name: 'Send application' }).click();
    // The new application opens on its own page, which says it was sent.
    await page.waitForURL(/\/loans\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Efe Applicant: Flat Loan', level: 1 }).waitFor();
    await expectText(banner(page, MESSAGES.loanApplied), MESSAGES.loanApplied);
    const summary = page.getByRole('region', { name: 'Loan summary' });
    await expectText(summary, 'Awaiting approval');
    await expectText(summary, '₦60,000.00');
    await expectText(summary, 'Rent');

    // And the list has it, in Efe's name.
    await page.getByRole('link', { name: 'Back to Loans' }).click();
    const row = page.getByRole('table', { name: 'Loans' }).getByRole('row').filter({ hasText: 'Efe Applicant' });
    await expectText(row, 'Awaiting approval');
    await expectText(row, 'Flat Loan');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('/loans arrears', () => {
  it('lists a loan whose instalments are overdue, and counts it in the portfolio', async () => {
    // Disbursed on the first of the month four months ago: three instalments are past due.
    const today = lagosToday();
    const [year, month] = today.split('-').map(Number) as [number, number];
    const disbursed = monthsAgo(4);
    const oldestDue = new Date(Date.UTC(year, month - 1 - 2, 0));
    const days = Math.round((Date.parse(`${today}T00:00:00Z`) - oldestDue.getTime()) / 86_400_000);
    const bola = await seed.holderWithSavings('Bola Late', '200,000');
    const loan = await seed.apply({ productId: flatLoan.id, holder: bola, amount: '60,000', months: '6', purpose: 'Rent' });
    await seed.approve(loan.id);
    await seed.backdateApplication(loan.id, disbursed);
    await seed.disburse(loan.id, disbursed);

    const { context, page } = await pageAs(admin, '/loans?tab=arrears');
    const table = page.getByRole('table', { name: 'Arrears' });
    const row = table.getByRole('row').filter({ hasText: 'Bola Late' });
    // Flat 12% on ₦60,000 over 6 months: ₦10,600 a month, three of them overdue.
    await expectText(row, '₦31,800.00');
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(1, 5)).toEqual(['Flat Loan', '₦31,800.00', '3', String(days)]);
    const daysColour = await row.getByRole('cell').nth(4).locator('span').evaluate((element) => getComputedStyle(element).color);
    const [red = 0, green = 0, blue = 0] = (daysColour.match(/\d+/g) ?? []).map(Number);
    expect(red - Math.max(green, blue)).toBeGreaterThan(60);
    await expectText(page.getByRole('group', { name: 'In arrears' }), '₦31,800.00');
    await expectText(page.getByRole('group', { name: 'In arrears' }), '1 loan');

    await row.getByRole('link', { name: 'Bola Late' }).click();
    await page.waitForURL(`**/loans/${loan.id}`);
    await expectText(page.getByRole('region', { name: 'Position' }), `₦31,800.00 · ${days} days`);
    await expectText(page.getByRole('region', { name: 'Schedule', exact: true }), 'Overdue');
    await context.close();
  });
});

describe('two-person approval', () => {
  it('refuses the officer their own application under two-person approval', async () => {
    const { context, page } = await pageAs(admin, '/loans?tab=products');
    const setting = page.getByRole('switch', { name: 'Two-person approval' });
    await expect.poll(() => setting.isDisabled()).toBe(false);
    await setting.check();
    await expect.poll(() => setting.isChecked()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Two-person approval' }).isChecked()).toBe(true);

    const chidi = await seed.holderWithSavings('Chidi Okafor', '80,000');
    const loan = await seed.apply({ productId: staffLoan.id, holder: chidi, amount: '30,000', months: '6', purpose: 'Medical bills' });
    await page.goto(`/loans/${loan.id}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve loan' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expectText(dialog.getByRole('alert'), MESSAGES.secondOfficerRequired);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectText(page.getByRole('region', { name: 'Loan summary' }), 'Awaiting approval');

    // Another officer may approve it.
    const second = await kobo.createUser('admin', { name: 'Bisi Second' });
    const other = await pageAs(second, `/loans/${loan.id}`);
    await other.page.getByRole('button', { name: 'Approve' }).click();
    await other.page.getByRole('dialog', { name: 'Approve loan' }).getByRole('button', { name: 'Approve' }).click();
    await expectText(banner(other.page, MESSAGES.loanApproved), MESSAGES.loanApproved);
    await other.context.close();
    await context.close();
  });
});

describe('how the officers’ loan screens look', () => {
  let overdueLoan: LoanView;
  let femi: LoanHolder;
  beforeAll(async () => {
    femi = await seed.holderWithSavings('Femi Pictured', '120,000');
    // Their own loans, so the pictures need none of the tests above; a second officer approves,
    // as two-person approval may be on by now.
    const officer = await loansSeed(kobo, await kobo.createUser('admin', { name: 'Second Officer' }));
    const dayo = await seed.holderWithSavings('Dayo Overdue', '150,000');
    overdueLoan = await seed.apply({ productId: flatLoan.id, holder: dayo, amount: '90,000', months: '12', purpose: 'Car repairs' });
    await officer.approve(overdueLoan.id);
    const disbursed = monthsAgo(3);
    await seed.backdateApplication(overdueLoan.id, disbursed);
    await seed.disburse(overdueLoan.id, disbursed);
  });

  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'loans-admin',
    path: '/loans',
    user: () => admin,
    prepare: (page) => page.getByRole('group', { name: 'In arrears' }).waitFor(),
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'loans-products',
    path: '/loans?tab=products',
    user: () => admin,
    prepare: (page) => page.getByRole('article', { name: 'Staff Loan' }).waitFor(),
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'loans-arrears',
    path: '/loans?tab=arrears',
    user: () => admin,
    prepare: (page) => page.getByText('Dayo Overdue').first().waitFor(),
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'loan-product-form',
    path: '/loans?tab=products',
    user: () => admin,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'New product' }).click();
      // Saved empty: every problem shows beside its field.
      await page.getByRole('dialog', { name: 'New loan product' }).getByRole('button', { name: 'Save product' }).click();
      await settledDialog(page, 'New loan product');
    },
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'loan-new-application',
    path: '/loans',
    user: () => admin,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'New application' }).click();
      const dialog = page.getByRole('dialog', { name: 'New loan application' });
      await pickMember(page, dialog, femi.staffId, /Femi Pictured/);
      await choose(page, 'Loan product', 'Flat Loan');
      await dialog.getByLabel('Amount (₦)').fill('90000');
      await dialog.getByLabel('Months').fill('12');
      await expectText(dialog.getByRole('region', { name: 'Quote' }), 'Their savings₦120,000.00');
      await settledDialog(page, 'New loan application');
    },
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'loan-review',
    path: () => `/loans/${overdueLoan.id}`,
    user: () => admin,
    prepare: (page) => page.getByRole('region', { name: 'Position' }).waitFor(),
  });
});

/**
 * Searches the member picker by staff ID and picks the one answer, once the server's answer has
 * replaced the list shown before it (clicking the earlier list races its replacement), then waits
 * for the choice to show beside the field.
 */
async function pickMember(page: Page, dialog: Locator, staffId: string, name: RegExp) {
  await dialog.getByRole('combobox', { name: 'Member' }).fill(staffId);
  await expect.poll(() => page.getByRole('option').count()).toBe(1);
  await page.getByRole('option', { name }).click();
  await expectText(dialog, 'Savings balance');
}
