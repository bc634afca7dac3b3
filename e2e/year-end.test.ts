import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '@kobo/core';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../apps/api/src/db/client.ts';
import { accountBalance, depositInto, newProduct } from '../apps/api/src/modules/savings-reports/savings-reports-test-support.ts';
import { DESKTOP, hasHorizontalScroll, launchBrowser, newPage, pageErrorsOf, PHONE, screenshot } from './support/browser.ts';
import { seriousViolations, sweeper } from './support/axe.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectBeside, expectText, itFitsEveryLook, unexpectedErrors } from './support/page-checks.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { signInQuickly } from './support/session.ts';
import { apiAs, choose } from './support/users-seed.ts';

/**
 * Issue 31's year end in the browser, on COOPERATIVE.md's members moved to 2025 (a year already
 * over): Ada holds ₦100,000 ordinary savings from 1 Jan and ₦50,000 more from 1 Jul (2% on the
 * average daily balance: ₦2,504.11); Bayo ₦20,000 of shares all year and ₦10,000 bought 15 Apr
 * (10% prorated by whole months: ₦2,666.67). Loan interest of ₦2,000,000 makes the surplus, and
 * withholding tax is 10%. At 1280 px the run is proposed (an over-distribution shown beside its
 * field, then fixed), approved, posted and reversed; at 375 px a new run is posted, the members'
 * balances move, and the year closes. Then the AGM pack's print view and its workbook.
 */

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let ada: SeededStaff;
let bayo: SeededStaff;
const downloads = mkdtempSync(join(tmpdir(), 'kobo-year-end-'));
const db = () => kobo.app.kobo.database.db as Database;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ada Treasurer' });
  const asAdmin = await savingsApi(kobo, admin);
  ada = await asAdmin.createStaff({ name: 'Ada Member' });
  bayo = await asAdmin.createStaff({ name: 'Bayo Member' });
  await asAdmin.dispose();
  const shares = await newProduct(db(), { name: 'Shares', kind: 'shares', code: '3010' });
  await depositInto(db(), ada.id, ORDINARY_SAVINGS_PRODUCT_ID, 10_000_000, '2025-01-01');
  await depositInto(db(), ada.id, ORDINARY_SAVINGS_PRODUCT_ID, 5_000_000, '2025-07-01');
  await depositInto(db(), bayo.id, shares, 2_000_000, '2024-12-15');
  await depositInto(db(), bayo.id, shares, 1_000_000, '2025-04-15');
  const call = await apiAs(kobo, admin);
  const idOf = async (key: string) => (await queryRows<{ id: string }>(db(), sql`select id from ledger_accounts where system_key = ${key}`))[0]?.id;
  await call('POST', '/api/books/entries', {
    book: 'scheme',
    valueDate: '2025-06-30',
    narration: 'Interest on loans for the year',
    lines: [
      { accountId: await idOf('scheme.bank'), debit: '2,000,000' },
      { accountId: await idOf('scheme.interest_income'), credit: '2,000,000' },
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
  rmSync(downloads, { recursive: true, force: true });
});

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

/** Each step's picture (.e2e-artifacts/year-end-<step>-<width>.png), axe's serious findings and, on a phone, what is cut. */
async function checkStep(page: Page, step: string, width: number): Promise<string[]> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await screenshot(page, `year-end-${step}-${width}`);
  const problems = (await seriousViolations(page)).map((line) => `${step}: ${line}`);
  return width === PHONE.width ? [...problems, ...(await phoneProblems(page, step))] : problems;
}

async function yearEndPage(viewport: { width: number; height: number }) {
  const opened = await newPage(browser, kobo.baseURL, { viewport });
  await signInQuickly(opened.page, admin);
  await opened.page.goto('/books');
  await opened.page.getByRole('link', { name: 'Year end' }).click();
  await opened.page.waitForURL('**/books/year-end**');
  await opened.page.getByRole('heading', { name: 'Year end', level: 1 }).waitFor();
  await expect.poll(() => opened.page.getByRole('textbox', { name: 'Financial year' }).or(opened.page.getByRole('combobox', { name: 'Financial year' })).first().inputValue()).toContain('2025');
  await expectText(opened.page.locator('[data-surplus]'), '₦2,000,000.00');
  return opened;
}

function field(page: Page, label: string): Locator {
  return page.getByRole('textbox', { name: label, exact: true });
}

/** Fills the proposal the AGM votes on: the least reserve, 10% prorated dividend, 2% on the average daily balance. */
async function propose(page: Page, educationFund: string) {
  await field(page, 'Reserve fund (₦)').fill('500000');
  await field(page, 'Dividend on shares (% rate)').fill('10');
  await choose(page, 'Dividend method', 'Prorated by whole months held');
  await field(page, 'Interest on Ordinary savings (% rate)').fill('2');
  await field(page, 'Education fund (₦)').fill(educationFund);
}

/** The member's line: a table row at 1280 px, a card at 375 px. */
function lineOf(page: Page, name: string): Locator {
  const list = page.getByRole('table', { name: "Every member's line" }).or(page.getByRole('list', { name: "Every member's line" }));
  return list.getByRole('row').or(list.getByRole('listitem')).filter({ hasText: name });
}

async function expectPreview(page: Page) {
  await expectText(lineOf(page, 'Ada Member'), '₦2,504.11');
  await expectText(lineOf(page, 'Ada Member'), '₦250.41');
  await expectText(lineOf(page, 'Ada Member'), '₦2,253.70');
  await expectText(lineOf(page, 'Bayo Member'), '₦2,666.67');
  await expectText(lineOf(page, 'Bayo Member'), '₦266.67');
  await expectText(lineOf(page, 'Bayo Member'), '₦2,400.00');
  // ₦2,666.67 + ₦2,504.11 voted; nets ₦4,653.70, tax ₦517.08, rounding ₦0.00.
  await expectText(page.locator('dl').filter({ hasText: 'Appropriated' }), '₦5,170.78');
  await expectText(page.locator('dl').filter({ hasText: 'Net to members' }), '₦4,653.70');
  await expectText(page.locator('dl').filter({ hasText: 'Tax withheld' }), '₦517.08');
}

async function approveAndPost(page: Page, problems: string[], width: number) {
  await page.getByRole('button', { name: 'Approve the run' }).click();
  await page.getByRole('button', { name: 'Post the run' }).waitFor();
  await expectText(page.getByText('The lines as approved'), 'approved');
  problems.push(...(await checkStep(page, 'approved', width)));
  await page.getByRole('button', { name: 'Post the run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Post the year end?' });
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Reverse the run' }).waitFor();
  await expectText(page.getByRole('region', { name: 'Appropriation' }), 'Posted');
  problems.push(...(await checkStep(page, 'posted', width)));
}

describe('Settings › Year end', () => {
  it('keeps the first month, the least reserve and withholding tax, each problem beside its field', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: DESKTOP });
    await signInQuickly(page, admin);
    await page.goto('/settings/year-end');
    const section = page.getByRole('region', { name: 'Year end' });
    await expect.poll(() => section.getByRole('textbox', { name: 'Least reserve (% of the surplus)' }).inputValue()).toBe('25');
    await section.getByRole('textbox', { name: 'Withholding tax (%)' }).fill('101');
    await section.getByRole('button', { name: 'Save year-end settings' }).click();
    await expectBeside(section.getByRole('textbox', { name: 'Withholding tax (%)' }), 'Please enter a percentage from 0% to 100%');
    await section.getByRole('textbox', { name: 'Withholding tax (%)' }).fill('10');
    await section.getByRole('button', { name: 'Save year-end settings' }).click();
    await expectText(section.getByRole('status'), 'Year-end settings saved');
    const call = await apiAs(kobo, admin);
    expect(await call('GET', '/api/year-end/settings')).toEqual({ firstMonth: 1, reservePercentBp: 2500, withholdingTaxBp: 1000 });
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('the year end at 1280 px', () => {
  it('proposes with a problem beside its field, then approves, posts and reverses', async () => {
    const { context, page } = await yearEndPage(DESKTOP);
    const problems: string[] = [];
    await propose(page, '1500000');
    await expectBeside(field(page, 'Education fund (₦)'), 'This distributes ₦5,170.78 more than the surplus less the reserve, ₦1,500,000.00');
    problems.push(...(await checkStep(page, 'problem', DESKTOP.width)));
    await field(page, 'Education fund (₦)').fill('50000');
    await expectText(page.locator('[data-carried-forward]'), '₦1,444,829.22');
    await expect.poll(() => field(page, 'Education fund (₦)').getAttribute('aria-invalid')).not.toBe('true');
    await page.getByRole('button', { name: 'Save proposal' }).click();
    await page.getByRole('button', { name: 'Approve the run' }).waitFor();
    await expectPreview(page);
    problems.push(...(await checkStep(page, 'preview', DESKTOP.width)));
    await approveAndPost(page, problems, DESKTOP.width);

    await page.getByRole('button', { name: 'Reverse the run' }).click();
    const reversal = page.getByRole('dialog', { name: 'Reverse the year end' });
    await reversal.getByRole('textbox', { name: 'Reason' }).fill('The AGM voted a different dividend');
    await reversal.getByRole('button', { name: 'Reverse' }).click();
    await reversal.waitFor({ state: 'detached' });
    await expectText(page.getByRole('region', { name: "The run's next step" }), 'This run was reversed: The AGM voted a different dividend');
    expect(await accountBalance(db(), ada.id, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(15_000_000);
    expect(problems).toEqual([]);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('the year end at 375 px', () => {
  it('posts a new run, pays the members, and closes the year', async () => {
    const { context, page } = await yearEndPage(PHONE);
    const problems: string[] = [];
    await propose(page, '50000');
    await expectText(page.locator('[data-carried-forward]'), '₦1,444,829.22');
    await page.getByRole('button', { name: 'Save proposal' }).click();
    await page.getByRole('button', { name: 'Approve the run' }).waitFor();
    await expectPreview(page);
    problems.push(...(await checkStep(page, 'preview', PHONE.width)));
    await approveAndPost(page, problems, PHONE.width);
    // Ada: ₦150,000.00 + ₦2,253.70; Bayo's dividend goes to his ordinary savings.
    expect(await accountBalance(db(), ada.id, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(15_225_370);
    expect(await accountBalance(db(), bayo.id, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(240_000);

    await page.getByRole('button', { name: 'Close 2025' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close 2025?' });
    await expectText(dialog, 'locks the months from 1 Jan 2025 to 31 Dec 2025');
    await dialog.getByRole('button', { name: 'Close the year' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(page.getByRole('region', { name: 'Close the year' }), '2025 is closed');
    await expectText(page.getByRole('region', { name: "The run's next step" }), 'This financial year is closed');
    problems.push(...(await checkStep(page, 'closed', PHONE.width)));
    expect(problems).toEqual([]);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('the AGM pack', () => {
  it('shows its sections for print, and its workbook downloads and reads back', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: DESKTOP });
    await signInQuickly(page, admin);
    await page.goto('/books/year-end?year=2025');
    await page.getByRole('link', { name: 'The AGM pack for 2025' }).click();
    await page.waitForURL('**/books/year-end/pack?year=2025');
    for (const name of ['Income and expenditure', 'Balance sheet at 31 Dec 2025', 'Appropriation (posted)', 'Dividend and interest schedule', 'Loans to officers', 'Loans by status']) {
      await page.getByRole('heading', { name, exact: false }).first().waitFor();
    }
    await expectText(page.getByRole('table', { name: 'Dividend and interest schedule' }), '₦2,253.70');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await screenshot(page, 'year-end-pack-print');
    await page.emulateMedia({ media: 'screen' });
    const problems = await checkStep(page, 'pack', DESKTOP.width);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download .xlsx' }).click()]);
    const path = join(downloads, download.suggestedFilename());
    await download.saveAs(path);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const text = workbook.worksheets.flatMap((sheet) => sheet.getSheetValues().flat().map(String)).join(' ');
    expect(workbook.worksheets.length).toBeGreaterThan(3);
    expect(text).toContain('Ada Member');
    expect(problems).toEqual([]);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('the year end in every look', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'year-end',
    path: '/books/year-end?year=2025',
    user: () => admin,
    prepare: async (page) => {
      await page.getByRole('heading', { name: 'Year end', level: 1 }).waitFor();
      await expectText(page.locator('[data-surplus]'), '₦2,000,000.00');
    },
  });
});

describe('axe in every look, light and dark, 375 and 1280 px', () => {
  const sweep = sweeper(() => ({ browser, baseURL: kobo.baseURL }), () => admin);
  afterAll(() => sweep.close());

  it('finds nothing serious on the closed year, its posted run and lines', async () => {
    const problems = await sweep.sweep({
      name: 'year-end',
      path: '/books/year-end?year=2025',
      ready: async (page) => {
        await expectText(page.locator('[data-surplus]'), '₦2,000,000.00');
        await expectText(lineOf(page, 'Ada Member'), '₦2,253.70');
      },
    });
    expect(problems).toEqual([]);
  });

  it('finds nothing serious on the AGM pack', async () => {
    const problems = await sweep.sweep({
      name: 'year-end-pack',
      path: '/books/year-end/pack?year=2025',
      ready: async (page) => {
        await page.getByRole('heading', { name: 'Dividend and interest schedule' }).waitFor();
      },
    });
    expect(problems).toEqual([]);
  });
});

describe('the AGM pack in every look', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'year-end-pack',
    path: '/books/year-end/pack?year=2025',
    user: () => admin,
    prepare: async (page) => {
      await page.getByRole('heading', { name: 'Dividend and interest schedule' }).waitFor();
    },
  });
});
