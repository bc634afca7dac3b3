import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '@kobo/core';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../apps/api/src/db/client.ts';
import { activeLoan, guarantee } from '../apps/api/src/modules/exits/exit-settlement-test-support.ts';
import { accountBalance, depositInto, newProduct } from '../apps/api/src/modules/savings-reports/savings-reports-test-support.ts';
import { formatCalendarDay } from './support/calendar-day.ts';
import { DESKTOP, hasHorizontalScroll, launchBrowser, newPage, pageErrorsOf, PHONE, screenshot } from './support/browser.ts';
import { seriousViolations } from './support/axe.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectBeside, expectText, itFitsEveryLook, unexpectedErrors } from './support/page-checks.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { signInQuickly } from './support/session.ts';
import { apiAs } from './support/users-seed.ts';

/**
 * Issue 32's exit in the browser, on COOPERATIVE.md's figures ("A member leaves"), the three
 * settlements each at 1280 and at 375 px:
 * - a retirement with a loan offset: ordinary ₦300,000 + shares ₦25,000 + Christmas
 *   ₦18,000 − the loan's payoff (₦120,000 + a month's interest at 12% flat, ₦1,200) = ₦221,800,
 *   after the guarantee the retiree gives is released; approved, settled, paid out and printed;
 * - a death paid to two nominees at 60% and 40%: ₦133,080 and ₦88,720;
 * - a shortfall: ₦50,000 + ₦10,000 against a ₦100,000 payoff, the ₦40,000 recovered
 *   from guarantors of ₦60,000 and ₦20,000 as ₦30,000 and ₦10,000;
 * - at 375 px a member's own nominees and notice on /profile.
 * Savings are valued on the previous month's first day, and each loan is disbursed so that its
 * first instalment falls due this month (a month's interest owed) or next (none), whatever today is.
 */

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let today = '';
let shares = '';
let christmas = '';
let loanProduct = '';
/** The retirement's exit, paid out: the looks below picture its page and its print view. */
let paidExitPath = '';
const db = () => kobo.app.kobo.database.db as Database;

/** The first day of the month `offset` months from today's. */
function monthStart(offset: number): string {
  const [year = 0, month = 1] = today.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1 + offset, 1));
  return date.toISOString().slice(0, 10);
}

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ada Treasurer' });
  const call = await apiAs(kobo, admin);
  today = ((await call('GET', '/api/calendar')) as { today: string }).today;
  shares = await newProduct(db(), { name: 'Shares', kind: 'shares', code: '3092' });
  christmas = await newProduct(db(), { name: 'Christmas', kind: 'target', code: '2092' });
  const { product } = (await call('POST', '/api/loan-products', {
    name: 'Flat 12%',
    method: 'flat',
    annualRate: '12',
    maxMonths: '12',
    savingsMultiple: '2',
    maxAmount: '500,000',
    guarantorsRequired: '0',
    feeKind: 'none',
  })) as { product: { id: string } };
  loanProduct = product.id;
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

/** A staff member with savings (kobo per product) valued on the previous month's first day. */
async function member(name: string, savings: { ordinary?: number; shares?: number; christmas?: number }): Promise<SeededStaff> {
  const asAdmin = await savingsApi(kobo, admin);
  const staff = await asAdmin.createStaff({ name });
  await asAdmin.dispose();
  const valued = monthStart(-1);
  if (savings.ordinary) await depositInto(db(), staff.id, ORDINARY_SAVINGS_PRODUCT_ID, savings.ordinary, valued);
  if (savings.shares) await depositInto(db(), staff.id, shares, savings.shares, valued);
  if (savings.christmas) await depositInto(db(), staff.id, christmas, savings.christmas, valued);
  return staff;
}

/** COOPERATIVE.md's leaver: ₦300,000 + ₦25,000 + ₦18,000, and ₦120,000 borrowed last month at 12% flat (₦1,200 a month, the first due this month). */
async function cooperativeMember(name: string): Promise<SeededStaff & { loanId: string }> {
  const staff = await member(name, { ordinary: 30_000_000, shares: 2_500_000, christmas: 1_800_000 });
  const loanId = await activeLoan(db(), { userId: staff.id, productId: loanProduct, principalKobo: 12_000_000, disbursedOn: monthStart(-1).replace(/01$/, '05') });
  return { ...staff, loanId };
}

/** No notice period, as Settings › Exits saves it in the first test: each exit below settles today. */
async function withoutNoticePeriod() {
  const call = await apiAs(kobo, admin);
  await call('PUT', '/api/exits/settings', { noticeDays: 0, exitFeeKobo: 0, proRata: false });
}

/** What a phone must never show: a sideways scroll, or a badge, button or label whose words are cut. */
async function phoneProblems(page: Page, step: string): Promise<string[]> {
  const problems: string[] = [];
  if (await hasHorizontalScroll(page)) problems.push(`${step}: scrolls sideways`);
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Badge-label, .mantine-Button-label, label')]
      .filter((element) => element.getClientRects().length > 0 && element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.textContent ?? ''),
  );
  for (const text of cut) problems.push(`${step}: '${text}' is cut`);
  return problems;
}

/** Each step's picture (.e2e-artifacts/member-exit-<step>-<width>.png), axe's serious findings and, on a phone, what is cut. */
async function checkStep(page: Page, step: string, width: number): Promise<string[]> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await screenshot(page, `member-exit-${step}-${width}`);
  const problems = (await seriousViolations(page)).map((line) => `${step}: ${line}`);
  return width === PHONE.width ? [...problems, ...(await phoneProblems(page, step))] : problems;
}

async function signedIn(viewport: { width: number; height: number }, user: Pick<TestUser, 'email' | 'password'> = admin) {
  const opened = await newPage(browser, kobo.baseURL, { viewport });
  await signInQuickly(opened.page, user);
  return opened;
}

/** Searches the member picker labelled `label` and picks the member among its matches. */
async function pickMember(page: Page, label: string, staff: SeededStaff) {
  await page.getByRole('textbox', { name: label }).fill(staff.name);
  await page.getByRole('radio', { name: `${staff.name} (${staff.staffId})` }).check();
}

/** Records a notice from the exits list, through "Record notice"; lands on the exit's page. */
async function recordNotice(page: Page, staff: SeededStaff, reason: string) {
  await page.goto('/savings');
  await page.getByRole('link', { name: 'Members leaving' }).click();
  await page.waitForURL('**/staff-savings/exits');
  await page.getByRole('button', { name: 'Record notice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record notice' });
  await pickMember(page, 'Member', staff);
  await dialog.getByRole('combobox', { name: 'Reason' }).selectOption({ label: reason });
  await dialog.getByLabel('Leaving date').fill(today);
  await dialog.getByRole('button', { name: 'Record notice' }).click();
  await page.waitForURL('**/staff-savings/exits/*');
  await page.getByRole('heading', { name: `${staff.name} leaving`, level: 1 }).waitFor();
}

function settlement(page: Page): Locator {
  return page.getByRole('region', { name: 'Settlement' });
}

/** The statement's row for `name`: a table row at 1280 px, a card at 375 px. */
function rowOf(page: Page, list: string, name: string): Locator {
  const holder = page.getByRole('table', { name: list }).or(page.getByRole('list', { name: list }));
  return holder.getByRole('row').or(holder.getByRole('listitem')).filter({ hasText: name });
}

async function preview(page: Page) {
  await expect.poll(() => settlement(page).getByLabel('Settlement date').inputValue()).toBe(today);
  await settlement(page).getByRole('button', { name: 'Preview' }).click();
  await settlement(page).locator('[data-exit-outcome]').waitFor();
}

/** Approve (the frozen statement shows), settle in one entry, and pay out with the bank reference. */
async function approveSettleAndPay(page: Page, name: string, reference: string, problems: string[], width: number, step: string) {
  await page.getByRole('button', { name: 'Approve the settlement' }).click();
  await page.getByRole('button', { name: 'Settle', exact: true }).waitFor();
  await expectText(settlement(page), 'Frozen at approval');
  await page.getByRole('button', { name: 'Settle', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Settle ${name}'s exit?` });
  await confirm.getByRole('button', { name: 'Settle', exact: true }).click();
  await confirm.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Pay out' }).waitFor();
  problems.push(...(await checkStep(page, `${step}-settled`, width)));
  await page.getByRole('button', { name: 'Pay out' }).click();
  const pay = page.getByRole('dialog', { name: 'Pay out' });
  await pay.getByRole('button', { name: 'Record the payment' }).click();
  await expectBeside(pay.getByRole('textbox', { name: 'Bank reference' }), 'Enter the bank reference of the payment.');
  await pay.getByRole('textbox', { name: 'Bank reference' }).fill(reference);
  await pay.getByRole('button', { name: 'Record the payment' }).click();
  await pay.waitFor({ state: 'detached' });
  await expectText(page.locator('[data-paid-note]'), `bank reference ${reference}`);
}

describe('Settings › Exits', () => {
  it('keeps the notice period, the exit fee and pro rata, a problem beside its field', async () => {
    const { context, page } = await signedIn(DESKTOP);
    await page.goto('/settings/exits');
    const section = page.getByRole('region', { name: 'Exits' });
    const days = section.getByRole('textbox', { name: 'Notice period (days)' });
    await expect.poll(() => days.inputValue()).toBe('30');
    await days.fill('400');
    await section.getByRole('button', { name: 'Save exit settings' }).click();
    await expectBeside(days, 'Enter the notice period in whole days, from 0 to 365.');
    await days.fill('0');
    await section.getByRole('button', { name: 'Save exit settings' }).click();
    await expectText(section.getByRole('status'), 'Exit settings saved.');
    const call = await apiAs(kobo, admin);
    expect(await call('GET', '/api/exits/settings')).toEqual({ noticeDays: 0, exitFeeKobo: 0, proRata: false });
    expect(await checkStep(page, 'settings', DESKTOP.width)).toEqual([]);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

/** COOPERATIVE.md's retirement, at one width; `suffix` keeps each width's people apart on the shared lists. */
function retirementAt(viewport: { width: number; height: number }, suffix: string) {
  describe(`a retirement with a loan offset at ${viewport.width} px`, () => {
    it('releases the guarantee the retiree gives, then pays ₦221,800 and prints the final statement', async () => {
      await withoutNoticePeriod();
      const retiree = await cooperativeMember(`Tunde Retiree${suffix}`);
      const borrower = await member(`Kemi Borrower${suffix}`, { ordinary: 20_000_000 });
      const borrowed = await activeLoan(db(), { userId: borrower.id, productId: loanProduct, principalKobo: 5_000_000, disbursedOn: monthStart(0) });
      await guarantee(db(), borrowed, retiree.id, 5_000_000);
      const other = await member(`Ladi Borrower${suffix}`, { ordinary: 10_000_000 });
      const otherLoan = await activeLoan(db(), { userId: other.id, productId: loanProduct, principalKobo: 3_000_000, disbursedOn: monthStart(0) });
      await guarantee(db(), otherLoan, retiree.id, 3_000_000);
      const replacement = await member(`Musa Replacement${suffix}`, { ordinary: 20_000_000 });
      const { context, page } = await signedIn(viewport);
      const problems: string[] = [];
      await recordNotice(page, retiree, 'Retirement');
      await expectText(page.getByRole('region', { name: 'The exit' }), 'Notice given');
      await expectText(rowOf(page, 'Guarantees', `Kemi Borrower${suffix}`), 'Still guaranteed');

      await preview(page);
      await expectText(settlement(page).locator('[data-exit-outcome]'), 'Net payable: ₦221,800.00');
      await expectText(settlement(page).locator('[data-exit-outcome]'), 'Two hundred and twenty-one thousand, eight hundred naira only');
      await expectText(rowOf(page, 'Savings', 'Ordinary'), '₦300,000.00');
      await expectText(rowOf(page, 'Savings', 'Shares'), '₦25,000.00');
      await expectText(rowOf(page, 'Savings', 'Christmas'), '₦18,000.00');
      await expectText(rowOf(page, 'Loans paid off', 'Exit test loan'), '₦121,200.00');
      await expectText(rowOf(page, 'Loans paid off', 'Exit test loan'), '₦1,200.00');
      problems.push(...(await checkStep(page, 'retirement-preview', viewport.width)));

      // The guarantee first: approval is refused beside its button, then the guarantee is released.
      await page.getByRole('button', { name: 'Approve the settlement' }).click();
      await expectText(page.getByRole('region', { name: "The exit's next step" }).getByRole('alert'), 'Release every guarantee this member gives before settling.');
      await page.getByRole('button', { name: `Release the guarantee of Kemi Borrower${suffix}'s loan` }).click();
      const release = page.getByRole('dialog', { name: 'Release the guarantee' });
      await release.getByRole('button', { name: 'Release' }).click();
      await expectBeside(release.getByRole('textbox', { name: 'Reason' }), "Say why the borrower's own savings are enough.");
      await release.getByRole('textbox', { name: 'Reason' }).fill('Kemi holds ₦200,000 against a ₦50,000 loan');
      await release.getByRole('button', { name: 'Release' }).click();
      await release.waitFor({ state: 'detached' });
      await expectText(rowOf(page, 'Guarantees', `Kemi Borrower${suffix}`), "Released: borrower's savings");

      // Ladi's loan: another member is asked, and once they accept on their loans page the retiree is free.
      await page.getByRole('button', { name: `Ask another member to guarantee Ladi Borrower${suffix}'s loan` }).click();
      const ask = page.getByRole('dialog', { name: 'Ask another member' });
      await ask.getByRole('button', { name: 'Ask them' }).click();
      await expectBeside(ask.getByRole('textbox', { name: 'New guarantor' }), 'Choose another member who holds savings and has not given notice.');
      await pickMember(page, 'New guarantor', replacement);
      await ask.getByRole('button', { name: 'Ask them' }).click();
      await ask.waitFor({ state: 'detached' });
      await expectText(rowOf(page, 'Guarantees', `Ladi Borrower${suffix}`), 'Another member asked');
      await expectText(rowOf(page, 'Guarantees', `Ladi Borrower${suffix}`), `Musa Replacement${suffix}`);
      const asReplacement = await apiAs(kobo, replacement);
      await asReplacement('POST', `/api/loans/${otherLoan}/guarantee`, { answer: 'accept' });
      await page.reload();
      await expectText(rowOf(page, 'Guarantees', `Ladi Borrower${suffix}`), 'Replaced');
      await preview(page);

      await approveSettleAndPay(page, `Tunde Retiree${suffix}`, 'GTB-0042', problems, viewport.width, 'retirement');
      if (viewport.width === DESKTOP.width) paidExitPath = new URL(page.url()).pathname;
      for (const product of [ORDINARY_SAVINGS_PRODUCT_ID, shares, christmas]) expect(await accountBalance(db(), retiree.id, product)).toBe(0);
      const [loan] = await queryRows<{ status: string }>(db(), sql`select status from loans where id = ${retiree.loanId}`);
      expect(loan?.status).toBe('repaid');

      await page.getByRole('link', { name: 'Print' }).click();
      await page.waitForURL('**/statement');
      await page.getByRole('heading', { name: `Final settlement statement: Tunde Retiree${suffix}` }).waitFor();
      await expectText(page.locator('[data-exit-outcome]'), 'Net payable: ₦221,800.00');
      await expectText(page.locator('[data-settled-by]'), 'As settled on');
      await expectText(page.locator('[data-settled-by]'), 'by Ada Treasurer');
      await expectText(page.locator('[data-settled-by]'), 'bank reference GTB-0042');
      problems.push(...(await checkStep(page, 'retirement-print', viewport.width)));
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      await screenshot(page, `member-exit-retirement-print-paper-${viewport.width}`);
      await page.emulateMedia({ media: 'screen' });

      await page.goto('/staff-savings/exits?status=paid');
      await expectText(rowOf(page, 'Members leaving', `Tunde Retiree${suffix}`), 'Paid out');
      problems.push(...(await checkStep(page, 'list', viewport.width)));
      expect(problems).toEqual([]);
      expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
      await context.close();
    });
  });
}

retirementAt(DESKTOP, '');
retirementAt(PHONE, ' Two');

/** A death paid to two nominees, at one width. */
function deathAt(viewport: { width: number; height: number }, suffix: string) {
  describe(`a death paid to two nominees at ${viewport.width} px`, () => {
    it('records the nominees at 60% and 40% and pays ₦133,080 and ₦88,720', async () => {
      const deceased = await cooperativeMember(`Bola Deceased${suffix}`);
      const { context, page } = await signedIn(viewport);
      const problems: string[] = [];
      await recordNotice(page, deceased, 'Death');
      await expectText(page.getByRole('region', { name: 'The exit' }), formatCalendarDay(today));

      const nominees = page.getByRole('region', { name: 'Nominees (paid the savings)' });
      await nominees.getByRole('button', { name: 'Add nominee' }).click();
      await nominees.getByRole('button', { name: 'Add nominee' }).click();
      await nominees.getByRole('textbox', { name: 'Name of nominee 1' }).fill('Ngozi Deceased');
      await nominees.getByRole('textbox', { name: 'Relationship of nominee 1' }).fill('Daughter');
      await nominees.getByRole('textbox', { name: 'Phone of nominee 1' }).fill('08031234567');
      await nominees.getByRole('textbox', { name: 'Share of nominee 1 (%)' }).fill('60');
      await nominees.getByRole('textbox', { name: 'Name of nominee 2' }).fill('Emeka Deceased');
      await nominees.getByRole('textbox', { name: 'Relationship of nominee 2' }).fill('Son');
      await nominees.getByRole('textbox', { name: 'Phone of nominee 2' }).fill('not a phone');
      await nominees.getByRole('textbox', { name: 'Share of nominee 2 (%)' }).fill('30');
      await nominees.getByRole('button', { name: 'Save nominees' }).click();
      await expectBeside(nominees.getByRole('textbox', { name: 'Phone of nominee 2' }), 'Please enter a valid phone number');
      // The phone beside itself, the total's sentence beside the list, and the banner counts both (issue 34).
      await expect.poll(() => nominees.getByRole('alert').allTextContents()).toEqual(['2 fields need attention', "The nominees' shares must add up to 100%."]);
      await expectText(nominees.locator('[data-nominees-total]'), 'Total: 90%');
      problems.push(...(await checkStep(page, 'death-nominees-problem', viewport.width)));
      await nominees.getByRole('textbox', { name: 'Phone of nominee 2' }).fill('08039876543');
      await nominees.getByRole('textbox', { name: 'Share of nominee 2 (%)' }).fill('40');
      await nominees.getByRole('button', { name: 'Save nominees' }).click();
      await expectText(nominees.getByRole('status'), 'Nominees saved.');
      const call = await apiAs(kobo, admin);
      expect(await call('GET', `/api/members/${deceased.id}/nominees`)).toMatchObject({
        nominees: [
          { name: 'Ngozi Deceased', relationship: 'Daughter', phone: '08031234567', shareBp: 6000 },
          { name: 'Emeka Deceased', relationship: 'Son', phone: '08039876543', shareBp: 4000 },
        ],
      });

      await preview(page);
      await expectText(settlement(page).locator('[data-exit-outcome]'), 'Net payable: ₦221,800.00');
      await expectText(rowOf(page, 'Paid to', 'Ngozi Deceased'), '₦133,080.00');
      await expectText(rowOf(page, 'Paid to', 'Emeka Deceased'), '₦88,720.00');
      problems.push(...(await checkStep(page, 'death-preview', viewport.width)));
      await approveSettleAndPay(page, `Bola Deceased${suffix}`, 'FBN-7781', problems, viewport.width, 'death');

      await page.getByRole('link', { name: 'Print' }).click();
      await page.waitForURL('**/statement');
      await expectText(rowOf(page, 'Paid to', 'Ngozi Deceased'), '₦133,080.00');
      await expectText(rowOf(page, 'Paid to', 'Emeka Deceased'), '₦88,720.00');
      await expectText(page.locator('[data-settled-by]'), 'bank reference FBN-7781');
      problems.push(...(await checkStep(page, 'death-print', viewport.width)));

      await page.goto('/staff-savings/exits');
      await expectText(rowOf(page, 'Members leaving', `Bola Deceased${suffix}`), 'Paid out');
      problems.push(...(await checkStep(page, 'list', viewport.width)));
      expect(problems).toEqual([]);
      expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
      await context.close();
    });
  });
}

deathAt(PHONE, '');
deathAt(DESKTOP, ' Two');

/** A shortfall recovered from the guarantors, at one width. */
function shortfallAt(viewport: { width: number; height: number }, suffix: string) {
  describe(`a shortfall recovered from the guarantors at ${viewport.width} px`, () => {
    it('recovers ₦40,000 as ₦30,000 and ₦10,000 from guarantors of ₦60,000 and ₦20,000', async () => {
      await withoutNoticePeriod();
      const leaver = await member(`Sade Shortfall${suffix}`, { ordinary: 5_000_000, shares: 1_000_000 });
      const first = await member(`Femi Guarantor${suffix}`, { ordinary: 20_000_000 });
      const second = await member(`Gbenga Guarantor${suffix}`, { ordinary: 10_000_000 });
      const loanId = await activeLoan(db(), { userId: leaver.id, productId: loanProduct, principalKobo: 10_000_000, disbursedOn: monthStart(0) });
      await guarantee(db(), loanId, first.id, 6_000_000);
      await guarantee(db(), loanId, second.id, 2_000_000);
      const { context, page } = await signedIn(viewport);
      const problems: string[] = [];
      await recordNotice(page, leaver, 'Resignation');

      await preview(page);
      await expectText(settlement(page).locator('[data-exit-outcome]'), 'Shortfall: ₦40,000.00');
      await expectText(settlement(page).locator('[data-exit-outcome]'), 'Forty thousand naira only');
      await settlement(page).getByRole('radio', { name: 'Recover it from the guarantors, in their guaranteed shares' }).check();
      await settlement(page).getByRole('button', { name: 'Preview' }).click();
      await expectText(rowOf(page, 'Recovered from guarantors', `Femi Guarantor${suffix}`), '₦30,000.00');
      await expectText(rowOf(page, 'Recovered from guarantors', `Gbenga Guarantor${suffix}`), '₦10,000.00');
      problems.push(...(await checkStep(page, 'shortfall-preview', viewport.width)));

      // The preview's print view, before anything is approved: the same figures, marked a preview.
      const printed = await context.newPage();
      await printed.goto((await settlement(page).getByRole('link', { name: 'Print' }).getAttribute('href')) ?? '');
      await printed.getByRole('heading', { name: `Settlement statement (preview): Sade Shortfall${suffix}` }).waitFor();
      await expectText(rowOf(printed, 'Recovered from guarantors', `Gbenga Guarantor${suffix}`), '₦10,000.00');
      await expectText(printed.locator('[data-exit-outcome]'), 'Shortfall: ₦40,000.00');
      await printed.close();

      await page.getByRole('button', { name: 'Approve the settlement' }).click();
      await page.getByRole('button', { name: 'Settle', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: `Settle Sade Shortfall${suffix}'s exit?` });
      await confirm.getByRole('button', { name: 'Settle', exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Pay out' }).waitFor();
      expect(await accountBalance(db(), first.id, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(17_000_000);
      expect(await accountBalance(db(), second.id, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(9_000_000);
      await expectText(rowOf(page, 'Recovered from guarantors', `Femi Guarantor${suffix}`), '₦30,000.00');
      problems.push(...(await checkStep(page, 'shortfall-settled', viewport.width)));

      // Reversed as a whole within its month, before pay-out: the guarantors have their savings back.
      await page.getByRole('button', { name: 'Reverse the settlement' }).click();
      const reversal = page.getByRole('dialog', { name: 'Reverse the settlement' });
      await reversal.getByRole('textbox', { name: 'Reason' }).fill('Sade withdrew her resignation');
      await reversal.getByRole('button', { name: 'Reverse' }).click();
      await reversal.waitFor({ state: 'detached' });
      await expectText(page.getByRole('region', { name: "The exit's next step" }), 'This settlement was reversed: Sade withdrew her resignation');
      await expectText(page.getByRole('region', { name: 'The exit' }), 'Reversed');
      expect(await accountBalance(db(), first.id, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(20_000_000);
      expect(await accountBalance(db(), second.id, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(10_000_000);
      expect(await accountBalance(db(), leaver.id, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(5_000_000);
      expect(problems).toEqual([]);
      expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
      await context.close();
    });
  });
}

shortfallAt(DESKTOP, '');
shortfallAt(PHONE, ' Two');

describe("a member's own nominees and notice at 375 px", () => {
  it('saves a nominee, gives notice, and shows its state', async () => {
    const saver = await member('Uche Saver', { ordinary: 10_000_000 });
    const { context, page } = await signedIn(PHONE, saver);
    const problems: string[] = [];
    await page.goto('/profile');
    const nominees = page.getByRole('region', { name: 'Your nominees' });
    await nominees.getByRole('button', { name: 'Add nominee' }).click();
    await nominees.getByRole('textbox', { name: 'Name of nominee 1' }).fill('Ada Saver');
    await nominees.getByRole('textbox', { name: 'Relationship of nominee 1' }).fill('Wife');
    await nominees.getByRole('textbox', { name: 'Phone of nominee 1' }).fill('+234 803 555 0101');
    await nominees.getByRole('textbox', { name: 'Share of nominee 1 (%)' }).fill('100.001');
    await nominees.getByRole('button', { name: 'Save nominees' }).click();
    await expectBeside(nominees.getByRole('textbox', { name: 'Share of nominee 1 (%)' }), 'Enter a share between 0.01% and 100%.');
    await nominees.getByRole('textbox', { name: 'Share of nominee 1 (%)' }).fill('100');
    await nominees.getByRole('button', { name: 'Save nominees' }).click();
    await expectText(nominees.getByRole('status'), 'Nominees saved.');

    const leave = page.getByRole('region', { name: 'Leave the scheme' });
    await leave.getByRole('button', { name: 'Give notice' }).click();
    await expectBeside(leave.getByRole('combobox', { name: 'Reason' }), 'Choose why the member is leaving.');
    await leave.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Resignation' });
    await leave.getByLabel('Leaving date').fill(today);
    await leave.getByRole('button', { name: 'Give notice' }).click();
    await leave.getByRole('button', { name: 'Yes, give notice' }).click();
    await expectText(leave.locator('[data-my-exit]'), 'Notice given');
    await expectText(leave.locator('[data-my-exit]'), 'Resignation');
    problems.push(...(await checkStep(page, 'member-profile', PHONE.width)));
    const call = await apiAs(kobo, saver);
    expect(await call('GET', '/api/account/exit')).toMatchObject({ exit: { exit: { reason: 'resignation', leavingDate: today, status: 'notice', holderName: 'Uche Saver' } } });
    expect(problems).toEqual([]);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('the exits by keyboard', () => {
  it('records a notice with the keyboard alone', async () => {
    const walker = await member('Kunle Keyboard', { ordinary: 1_000_000 });
    const { context, page } = await signedIn(DESKTOP);
    await page.goto('/staff-savings/exits');
    await page.getByRole('heading', { name: 'Members leaving', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Record notice' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Record notice' });
    // The member search has focus first; the matches follow it, then the reason and the day.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('Search by name or staff ID');
    await page.keyboard.type('Kunle');
    const match = dialog.getByRole('radio', { name: `Kunle Keyboard (${walker.staffId})` });
    await match.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect.poll(() => match.isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Reason' }).inputValue()).not.toBe('');
    // The leaving date starts on today; Enter in it sends the form.
    await expect.poll(() => dialog.getByLabel('Leaving date').inputValue()).toBe(today);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/staff-savings/exits/*');
    await page.getByRole('heading', { name: 'Kunle Keyboard leaving', level: 1 }).waitFor();
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('a paid exit and its print view in every look', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'member-exit-detail',
    path: () => paidExitPath,
    user: () => admin,
    prepare: async (page) => {
      await page.getByRole('heading', { name: 'Tunde Retiree leaving', level: 1 }).waitFor();
      await expectText(page.locator('[data-paid-note]'), 'GTB-0042');
    },
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'member-exit-statement',
    path: () => `${paidExitPath}/statement`,
    user: () => admin,
    prepare: async (page) => {
      await page.getByRole('heading', { name: 'Final settlement statement: Tunde Retiree' }).waitFor();
    },
  });
});

describe('the exits list in every look', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'member-exit-list',
    path: '/staff-savings/exits',
    user: () => admin,
    prepare: async (page) => {
      await page.getByRole('heading', { name: 'Members leaving', level: 1 }).waitFor();
      await expectText(page.getByRole('table', { name: 'Members leaving' }).or(page.getByRole('list', { name: 'Members leaving' })), 'Tunde Retiree');
    },
  });
});
