import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { addDays, monthLabel } from '@kobo/core';
import { ARTIFACTS_DIR, DESKTOP, hasHorizontalScroll, launchBrowser, newPage, pageErrorsOf, PHONE, screenshot } from './support/browser.ts';
import { seriousViolations, sweeper } from './support/axe.ts';
import { lagosToday } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectBeside, expectText, itFitsEveryLook, unexpectedErrors } from './support/page-checks.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { signInQuickly } from './support/session.ts';
import { apiAs, settledDialog } from './support/users-seed.ts';

/**
 * Issue 30's payroll loop in the browser: a month's advice prepared, changed, held and issued,
 * downloaded and read back, the remittance keyed (1280 px) or uploaded (375 px) with a shortfall,
 * matched and posted, and the next month's advice carrying the arrears; the member sees theirs.
 * The two widths run consecutive months: the 1280 px month's arrears are the 375 px month's advice.
 */

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let tunde: SeededStaff;
let amaka: SeededStaff;
let bisi: SeededStaff;
let asAdmin: Awaited<ReturnType<typeof savingsApi>>;
const downloads = mkdtempSync(join(tmpdir(), 'kobo-payroll-'));

/** Three consecutive months ending this one, in the organisation's zone. */
const thisMonth = () => lagosToday().slice(0, 7);
const monthBefore = (month: string) => addDays(`${month}-01`, -1).slice(0, 7);
const firstMonth = () => monthBefore(monthBefore(thisMonth()));
const secondMonth = () => monthBefore(thisMonth());

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ada Obi' });
  asAdmin = await savingsApi(kobo, admin);
  tunde = await asAdmin.createStaff({ name: 'Tunde Bello' });
  amaka = await asAdmin.createStaff({ name: 'Amaka Eze' });
  bisi = await asAdmin.createStaff({ name: 'Bisi Ade' });
  const call = await apiAs(kobo, admin);
  await call('PUT', '/api/savings/contributions', {
    contributions: [
      { userId: tunde.id, amount: '15000' },
      { userId: amaka.id, amount: '10000' },
      { userId: bisi.id, amount: '5000' },
    ],
  });
});
afterAll(async () => {
  await asAdmin?.dispose();
  await browser?.close();
  await kobo?.stop();
  rmSync(downloads, { recursive: true, force: true });
});

function panel(page: Page, name: '1. Advice' | '2. Remittance' | '3. Arrears'): Locator {
  return page.getByRole('tabpanel', { name });
}

async function openTab(page: Page, name: '1. Advice' | '2. Remittance' | '3. Arrears') {
  await page.getByRole('tab', { name }).click();
  await panel(page, name).waitFor();
}

async function chooseMonth(page: Page, month: string) {
  await page.getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: monthLabel(month), exact: true }).click();
  await expect.poll(() => page.getByRole('combobox', { name: 'Month' }).inputValue()).toBe(monthLabel(month));
}

/** The member's line: a table row at 1280 px, a card at 375 px. */
function lineOf(page: Page, staff: SeededStaff): Locator {
  const list = panel(page, '1. Advice').getByRole('table', { name: 'Deductions per member' }).or(panel(page, '1. Advice').getByRole('list', { name: 'Deductions per member' }));
  return list.getByRole('row').or(list.getByRole('listitem')).filter({ hasText: staff.name });
}

/** What a phone must never show: a sideways scroll, or a badge or button whose words are cut. */
async function phoneProblems(page: Page, step: string): Promise<string[]> {
  const problems: string[] = [];
  if (await hasHorizontalScroll(page)) problems.push(`${step}: scrolls sideways`);
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Badge-label, .mantine-Button-label, .mantine-Tabs-tabLabel, label')]
      .filter((element) => element.getClientRects().length > 0 && element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.textContent ?? ''),
  );
  for (const text of cut) problems.push(`${step}: '${text}' is cut`);
  return problems;
}

/** Each step's picture (.e2e-artifacts/payroll-<step>-<width>.png), axe's serious findings and, on a phone, what is cut. */
async function checkStep(page: Page, step: string, width: number): Promise<string[]> {
  // A hovered button (the one just pressed) is not what axe should judge, and a scrolled page's
  // full-page picture draws the fixed header mid-way.
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await screenshot(page, `payroll-${step}-${width}`);
  const problems = (await seriousViolations(page)).map((line) => `${step}: ${line}`);
  return width === PHONE.width ? [...problems, ...(await phoneProblems(page, step))] : problems;
}

async function payrollPage(viewport: { width: number; height: number }) {
  const opened = await newPage(browser, kobo.baseURL, { viewport });
  await signInQuickly(opened.page, admin);
  await opened.page.goto('/staff-savings/runs');
  await opened.page.getByRole('heading', { name: 'Monthly Run', level: 1 }).waitFor();
  await opened.page.getByRole('link', { name: 'Payroll advice and remittance' }).click();
  await opened.page.waitForURL('**/staff-savings/payroll**');
  await opened.page.getByRole('heading', { name: 'Payroll advice and remittance', level: 1 }).waitFor();
  return opened;
}

/** Issues the shown advice, then downloads it in the generic layout: the workbook's rows as read back. */
async function issueAndDownload(page: Page, file: string): Promise<(string | number)[][]> {
  const advice = panel(page, '1. Advice');
  await advice.getByRole('button', { name: 'Issue to payroll' }).click();
  await settledDialog(page, 'Issue to payroll');
  await page.getByRole('dialog', { name: 'Issue to payroll' }).getByRole('button', { name: 'Issue' }).click();
  await expectText(advice.getByRole('region', { name: 'Deduction advice' }), 'Issued');
  const link = advice.getByRole('link', { name: 'Download advice' });
  expect(await link.getAttribute('href')).toContain('/download?layout=generic');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^deductions-\d{4}-\d{2}-generic\.xlsx$/);
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: (string | number)[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as (string | number | undefined)[]).slice(1).map((value) => value ?? ''));
  });
  return rows;
}

describe('a payroll month end to end', () => {
  it('prepares, changes, holds out, issues and downloads the advice, keys a short remittance, posts it, and the next advice carries the arrears (1280 px)', async () => {
    const { context, page } = await payrollPage(DESKTOP);
    const problems: string[] = [];
    await chooseMonth(page, firstMonth());
    const advice = panel(page, '1. Advice');
    await advice.getByRole('button', { name: 'Prepare advice' }).click();
    await expect.poll(() => lineOf(page, tunde).textContent()).toContain('₦15,000.00');
    expect(await lineOf(page, amaka).textContent()).toContain('₦10,000.00');
    problems.push(...(await checkStep(page, 'advice-prepared', DESKTOP.width)));

    // Amaka's line changed to ₦12,000; Bisi held out.
    await lineOf(page, amaka).getByRole('button', { name: 'Change Amaka Eze' }).click();
    const amakaDialog = page.getByRole('dialog', { name: `Change Amaka Eze (${amaka.staffId})` });
    await amakaDialog.waitFor();
    const ordinary = amakaDialog.getByRole('textbox').first();
    await ordinary.fill('12000');
    problems.push(...(await checkStep(page, 'advice-line', DESKTOP.width)));
    await amakaDialog.getByRole('button', { name: 'Save line' }).click();
    await amakaDialog.waitFor({ state: 'hidden' });
    await expectText(lineOf(page, amaka), 'Changed');
    await expectText(lineOf(page, amaka), '₦12,000.00');
    await lineOf(page, bisi).getByRole('button', { name: 'Change Bisi Ade' }).click();
    const bisiDialog = page.getByRole('dialog', { name: `Change Bisi Ade (${bisi.staffId})` });
    await bisiDialog.getByRole('button', { name: 'Hold out' }).click();
    // The reason's sentence stands beside it, and nowhere else (issue 34).
    await expectBeside(bisiDialog.getByLabel('Reason to hold out'), 'Say why this member is held out.');
    expect(await bisiDialog.getByRole('alert').count()).toBe(0);
    await bisiDialog.getByLabel('Reason to hold out').fill('On leave without pay');
    await bisiDialog.getByRole('button', { name: 'Hold out' }).click();
    await bisiDialog.waitFor({ state: 'hidden' });
    await expectText(lineOf(page, bisi), 'On leave without pay');
    await expectText(advice.getByRole('region', { name: 'Deduction advice' }), '₦27,000.00');

    const rows = await issueAndDownload(page, join(downloads, 'first.xlsx'));
    expect(rows[0]?.[0]).toBe('Staff ID');
    expect(rows[0]?.at(-1)).toBe('Total');
    // Bisi is held out: payroll is not told to deduct from her.
    expect(rows.slice(1).map((row) => [row[0], row[1], Number(row.at(-1))])).toEqual(
      expect.arrayContaining([
        [tunde.staffId, 'Tunde Bello', 15000],
        [amaka.staffId, 'Amaka Eze', 12000],
      ]),
    );
    expect(rows).toHaveLength(3);
    problems.push(...(await checkStep(page, 'advice-issued', DESKTOP.width)));

    // Payroll remitted ₦8,000 of Amaka's ₦12,000: keyed on screen.
    await openTab(page, '2. Remittance');
    const remittance = panel(page, '2. Remittance');
    await remittance.getByText('Key amounts').click();
    await remittance.getByLabel(`Tunde Bello (${tunde.staffId}) (₦)`).fill('15000');
    await remittance.getByLabel(`Amaka Eze (${amaka.staffId}) (₦)`).fill('8000');
    await remittance.getByLabel('Bank amount received (₦)').fill('20000');
    await remittance.getByRole('button', { name: 'Match' }).click();
    const outcomes = remittance.getByRole('table', { name: 'Outcomes' });
    await expect.poll(() => outcomes.getByRole('row', { name: /Paid in full/ }).textContent()).toContain('1');
    expect(await outcomes.getByRole('row', { name: /Short/ }).textContent()).toContain('1');
    await expectText(remittance.getByRole('listitem').filter({ hasText: 'Amaka Eze' }), 'Short ₦4,000.00');
    const post = remittance.getByRole('button', { name: /^Post remittance/ });
    expect(await post.isDisabled()).toBe(true);
    await expectText(remittance, "The bank received ₦20,000.00 but payroll's lines total ₦23,000.00.");
    problems.push(...(await checkStep(page, 'remittance-matched', DESKTOP.width)));
    await remittance.getByLabel('Bank amount received (₦)').fill('23000');
    await expect.poll(() => post.isEnabled()).toBe(true);
    await post.click();
    await remittance.getByRole('region', { name: 'Posted remittance' }).waitFor();
    problems.push(...(await checkStep(page, 'remittance-posted', DESKTOP.width)));

    await openTab(page, '3. Arrears');
    const arrearsRow = panel(page, '3. Arrears').getByRole('table', { name: 'Arrears per member' }).getByRole('row', { name: /Amaka Eze/ });
    await expectText(arrearsRow, '₦4,000.00');
    const [arrearsFile] = await Promise.all([page.waitForEvent('download'), panel(page, '3. Arrears').getByRole('button', { name: 'Download .xlsx' }).click()]);
    await arrearsFile.saveAs(join(downloads, 'arrears.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(downloads, 'arrears.xlsx'));
    const cells: string[] = [];
    workbook.worksheets[0]?.eachRow((row) => cells.push((row.values as unknown[]).join('|')));
    expect(cells.some((line) => line.includes('Amaka Eze') && line.includes('4000'))).toBe(true);
    problems.push(...(await checkStep(page, 'arrears', DESKTOP.width)));

    // The next month's advice carries Amaka's ₦4,000 arrears beside her ₦10,000 contribution.
    await chooseMonth(page, secondMonth());
    await openTab(page, '1. Advice');
    await panel(page, '1. Advice').getByRole('button', { name: 'Prepare advice' }).click();
    await expect.poll(() => lineOf(page, amaka).textContent()).toContain('₦14,000.00');
    expect(await panel(page, '1. Advice').getByRole('columnheader', { name: /arrears$/ }).count()).toBe(1);
    expect(await lineOf(page, amaka).textContent()).toContain('₦4,000.00');
    problems.push(...(await checkStep(page, 'next-advice', DESKTOP.width)));
    expect(problems).toEqual([]);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('issues the next month, uploads payroll\u2019s file with a shortfall and a stranger\u2019s line, posts it, and the month after carries the arrears (375 px)', async () => {
    const { context, page } = await payrollPage(PHONE);
    const problems: string[] = [];
    await chooseMonth(page, secondMonth());
    await expect.poll(() => lineOf(page, amaka).textContent()).toContain('₦14,000.00');
    problems.push(...(await checkStep(page, 'advice-draft', PHONE.width)));
    const rows = await issueAndDownload(page, join(downloads, 'second.xlsx'));
    const header = rows[0] ?? [];
    const arrearsColumn = header.findIndex((cell) => String(cell).endsWith('arrears'));
    expect(arrearsColumn).toBeGreaterThan(1);
    const amakaRow = rows.find((row) => row[0] === amaka.staffId);
    expect(Number(amakaRow?.[arrearsColumn])).toBe(4000);
    expect(Number(amakaRow?.at(-1))).toBe(14000);

    // Payroll's file: Amaka's arrears paid but only ₦6,000 of her ₦10,000; a line for nobody's staff ID.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Deductions');
    sheet.addRow(header);
    for (const row of rows.slice(1)) {
      if (row[0] !== amaka.staffId) sheet.addRow(row);
    }
    sheet.addRow(header.map((cell, index) => (index === 0 ? amaka.staffId : index === 1 ? 'Amaka Eze' : index === arrearsColumn ? 4000 : index === header.length - 1 ? 10000 : 6000)));
    sheet.addRow(header.map((_, index) => (index === 0 ? 'STF999' : index === 1 ? 'Stranger' : index === header.length - 1 ? 1000 : index === arrearsColumn ? 0 : 1000)));
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

    await openTab(page, '2. Remittance');
    const remittance = panel(page, '2. Remittance');
    await remittance.locator('input[type="file"]').setInputFiles({ name: 'payroll-remitted.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
    await expectText(remittance, 'Read 4 lines from payroll-remitted.xlsx');
    await remittance.getByRole('button', { name: 'Match' }).click();
    const outcomes = remittance.getByRole('table', { name: 'Outcomes' });
    await expect.poll(() => outcomes.getByRole('row', { name: /Short/ }).textContent()).toContain('1');
    expect(await outcomes.getByRole('row', { name: /Unexpected/ }).textContent()).toContain('1');
    expect(await remittance.getByRole('button', { name: /^Post remittance/ }).isDisabled()).toBe(true);
    await expectText(remittance, 'Enter the amount the bank received.');
    problems.push(...(await checkStep(page, 'remittance-matched', PHONE.width)));
    // ₦15,000 + ₦10,000 + ₦5,000 + the stranger's ₦1,000.
    await remittance.getByLabel('Bank amount received (₦)').fill('31000');
    await expectText(remittance, 'Difference ₦0.00');
    await remittance.getByRole('button', { name: /^Post remittance/ }).click();
    await remittance.getByRole('region', { name: 'Posted remittance' }).waitFor();
    problems.push(...(await checkStep(page, 'remittance-posted', PHONE.width)));

    await openTab(page, '3. Arrears');
    const held = panel(page, '3. Arrears').getByRole('list', { name: 'Over-deductions' });
    await expectText(held, '₦1,000.00');
    problems.push(...(await checkStep(page, 'arrears', PHONE.width)));

    await chooseMonth(page, thisMonth());
    await openTab(page, '1. Advice');
    await panel(page, '1. Advice').getByRole('button', { name: 'Prepare advice' }).click();
    await expect.poll(() => lineOf(page, amaka).textContent()).toContain('₦14,000.00');
    expect(await lineOf(page, amaka).textContent()).toContain('arrears');
    problems.push(...(await checkStep(page, 'next-advice', PHONE.width)));
    expect(problems).toEqual([]);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('shows Amaka the contributions payroll did not remit on her savings page', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, amaka);
    await page.goto('/staff-savings');
    const card = page.getByRole('region', { name: 'Contribution arrears' });
    await expectText(card, '₦4,000.00');
    await expectText(card, monthLabel(secondMonth()));
    expect(await phoneProblems(page, 'member')).toEqual([]);
    await screenshot(page, 'payroll-member-375');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('payroll settings and layouts', () => {
  it('sets the allocation order, adds a layout with a code per deduction, downloads the issued advice in it, renames and deletes it (1280 px)', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: DESKTOP });
    await signInQuickly(page, admin);
    await page.goto('/settings/payroll');
    const settings = page.getByRole('region', { name: 'Payroll', exact: true });
    await settings.getByRole('radio', { name: 'Savings first' }).check();
    await settings.getByRole('button', { name: 'Save payroll settings' }).click();
    await expectText(settings, 'Payroll settings saved.');
    await settings.getByRole('radio', { name: /Loans first/ }).check();
    await settings.getByRole('button', { name: 'Save payroll settings' }).click();
    await expect.poll(() => settings.getByRole('radio', { name: /Loans first/ }).isChecked()).toBe(true);

    const layouts = page.getByRole('region', { name: 'Payroll layouts' });
    await layouts.getByRole('button', { name: 'Add layout' }).click();
    await settledDialog(page, 'Add payroll layout');
    const dialog = page.getByRole('dialog', { name: 'Add payroll layout' });
    await dialog.getByText('A row per deduction').click();
    await dialog.getByRole('button', { name: 'Save layout' }).click();
    await expectText(dialog, 'Give the layout a name.');
    await expectText(dialog, 'Every code needs a value.');
    await dialog.getByLabel('Name').fill('IPPIS');
    const codes = await dialog.getByRole('textbox', { name: /^Code \d+$/ }).all();
    expect(codes.length).toBeGreaterThan(1);
    for (const [index, code] of codes.entries()) await code.fill(`COOP${index + 1}`);
    await dialog.screenshot({ path: `${ARTIFACTS_DIR}payroll-layout-dialog-1280.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save layout' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectText(layouts, 'IPPIS');
    await expectText(layouts, 'A row per deduction · CSV');

    // The issued advice in the new layout: a row per member and deduction, with payroll's codes.
    await page.goto(`/staff-savings/payroll?month=${secondMonth()}`);
    await panel(page, '1. Advice').getByRole('combobox', { name: 'Layout' }).click();
    await page.getByRole('option', { name: 'IPPIS (CSV)' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), panel(page, '1. Advice').getByRole('link', { name: 'Download advice' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Staff ID,Name,Code,Amount');
    // Amaka's arrears and contribution, each under its own code.
    const amakaLines = lines.filter((line) => line.startsWith(`${amaka.staffId},Amaka Eze,COOP`)).map((line) => line.split(',').at(-1));
    expect(amakaLines.toSorted()).toEqual(['10000.00', '4000.00']);

    await page.goto('/settings/payroll');
    await layouts.getByRole('button', { name: 'Edit IPPIS' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit IPPIS' });
    await edit.getByLabel('Name').fill('IPPIS 2026');
    await edit.getByRole('button', { name: 'Save layout' }).click();
    await expectText(layouts, 'Layout IPPIS 2026 saved.');
    await layouts.getByRole('button', { name: 'Delete IPPIS 2026' }).click();
    await page.getByRole('dialog', { name: 'Delete layout' }).getByRole('button', { name: 'Delete' }).click();
    await expectText(layouts, 'Layout IPPIS 2026 deleted.');
    expect(await layouts.getByRole('listitem').count()).toBe(1);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

const env = () => ({ browser, baseURL: kobo.baseURL });

describe('how the payroll screens look', () => {
  itFitsEveryLook(env, {
    name: 'payroll-advice',
    path: () => `/staff-savings/payroll?month=${thisMonth()}`,
    user: () => admin,
    prepare: async (page) => {
      await expectText(panel(page, '1. Advice'), 'Amaka Eze');
    },
  });
  itFitsEveryLook(env, {
    name: 'payroll-remittance',
    path: () => `/staff-savings/payroll?month=${secondMonth()}&tab=remittance`,
    user: () => admin,
    prepare: (page) => panel(page, '2. Remittance').getByRole('region', { name: 'Posted remittance' }).waitFor(),
  });
  itFitsEveryLook(env, {
    name: 'payroll-arrears',
    path: () => `/staff-savings/payroll?month=${thisMonth()}&tab=arrears`,
    user: () => admin,
    prepare: (page) => expectText(panel(page, '3. Arrears'), 'Amaka Eze'),
  });
  itFitsEveryLook(env, {
    name: 'payroll-settings',
    path: '/settings/payroll',
    user: () => admin,
    prepare: async (page) => {
      await page.getByRole('region', { name: 'Payroll layouts' }).getByRole('heading', { name: 'Generic' }).waitFor();
      await page.getByRole('region', { name: 'Payroll layouts' }).getByRole('button', { name: 'Add layout' }).click();
      await settledDialog(page, 'Add payroll layout');
    },
  });
});

// axe in every look (light and dark, 375 and 1280 px), with the months' data in place.
describe('the payroll screens for axe', () => {
  const sweep = sweeper(env, () => admin);
  afterAll(() => sweep.close());
  const targets = [
    { name: 'payroll advice', path: () => `/staff-savings/payroll?month=${thisMonth()}`, ready: (page: Page) => expectText(panel(page, '1. Advice'), 'Amaka Eze') },
    {
      name: 'payroll remittance',
      path: () => `/staff-savings/payroll?month=${secondMonth()}&tab=remittance`,
      ready: (page: Page) => panel(page, '2. Remittance').getByRole('region', { name: 'Posted remittance' }).waitFor(),
    },
    { name: 'payroll arrears', path: () => `/staff-savings/payroll?month=${thisMonth()}&tab=arrears`, ready: (page: Page) => expectText(panel(page, '3. Arrears'), 'STF999') },
  ];
  for (const target of targets) {
    it(`${target.name} has no critical or serious axe violation (light, dark; 375, 1280 px)`, async () => {
      expect(await sweep.sweep(target)).toEqual([]);
    });
  }
});
