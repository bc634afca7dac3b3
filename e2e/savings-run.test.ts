import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  MESSAGES,
  addDays,
  batchAlreadyPostedMessage,
  defaultRunDescription,
  defaultRunValueDate,
  formatNaira,
  lastWorkingDayOf,
  monthLabel,
  DEFAULT_TIMEZONE,
  type SavingsHolderListItem,
} from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf, PHONE, screenshot } from './support/browser.ts';
import { lagosToday } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectText, itFitsEveryLook, unexpectedErrors } from './support/page-checks.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { signInQuickly } from './support/session.ts';
import { apiAs, settledDialog } from './support/users-seed.ts';

/** Issue 11's monthly run in the browser: Prepare, Upload, Review, Post, History, reversals. */

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let tunde: SeededStaff;
let amaka: SeededStaff;
let bisi: SeededStaff;
let chioma: SeededStaff;
let asAdmin: Awaited<ReturnType<typeof savingsApi>>;
let call: Awaited<ReturnType<typeof apiAs>>;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ada Obi' });
  asAdmin = await savingsApi(kobo, admin);
  tunde = await asAdmin.createStaff({ name: 'Tunde Bello' });
  amaka = await asAdmin.createStaff({ name: 'Amaka Eze' });
  bisi = await asAdmin.createStaff({ name: 'Bisi Ade' });
  chioma = await asAdmin.createStaff({ name: 'Chioma Obi' });
  call = await apiAs(kobo, admin);
  await call('PUT', '/api/savings/contributions', {
    contributions: [
      { userId: tunde.id, amount: '15000' },
      { userId: amaka.id, amount: '10000' },
    ],
  });
});
afterAll(async () => {
  await asAdmin?.dispose();
  await browser?.close();
  await kobo?.stop();
});

/** This month and the one before it, in the organisation's zone (as the server reads them). */
const thisMonth = () => lagosToday().slice(0, 7);
const lastMonth = () => addDays(`${thisMonth()}-01`, -1).slice(0, 7);

async function runPage(viewport?: { width: number; height: number }) {
  const opened = await newPage(browser, kobo.baseURL, viewport ? { viewport } : {});
  await signInQuickly(opened.page, admin);
  await opened.page.goto('/staff-savings/runs');
  await opened.page.getByRole('heading', { name: 'Monthly Run', level: 1 }).waitFor();
  return opened;
}

/** The tab's panel: every tab stays mounted, so each query is scoped to the one on show. */
function panel(page: Page, name: 'Prepare' | 'Upload' | 'Review' | 'History'): Locator {
  return page.getByRole('tabpanel', { name });
}

async function openTab(page: Page, name: 'Prepare' | 'Upload' | 'Review' | 'History') {
  await page.getByRole('tab', { name }).click();
  await panel(page, name).waitFor();
}

async function holder(staff: SeededStaff): Promise<SavingsHolderListItem> {
  const answer = (await call('GET', `/api/savings/holders?search=${staff.staffId}`)) as { holders: SavingsHolderListItem[] };
  const found = answer.holders.find((item) => item.userId === staff.id);
  if (!found) throw new Error(`no holder ${staff.staffId}`);
  return found;
}

async function balanceOf(staff: SeededStaff): Promise<number> {
  return (await holder(staff)).balanceKobo;
}

function postButton(page: Page): Locator {
  return panel(page, 'Review').getByRole('button', { name: /^Post \d+ transactions? \(/ });
}

/** A payroll CSV with two bad rows: an unknown staff ID (spreadsheet row 3) and an amount with three decimals (row 4). */
function payrollCsv(): string {
  return ['Staff ID,Amount,Description', `${tunde.staffId},5000,`, 'STF999,2500,', `${amaka.staffId},1500.255,`, `${bisi.staffId},"7,000",Back pay`].join('\n');
}

async function uploadCsv(page: Page, name: string, text: string) {
  await panel(page, 'Upload').locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

async function chooseMonth(page: Page, tab: 'Prepare' | 'Upload', month: string) {
  await panel(page, tab).getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: monthLabel(month), exact: true }).click();
}

describe('the monthly run', () => {
  it('is linked from the admin\u2019s Staff Savings page, whose picker also finds a staff ID', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/savings');
    const list = page.getByRole('list', { name: 'Staff' });
    await expectText(list, 'Tunde Bello');
    await page.getByLabel('Search staff').fill(amaka.staffId);
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual([expect.stringContaining('Amaka Eze')]);
    await page.getByRole('link', { name: 'Monthly Run' }).click();
    await page.waitForURL('**/staff-savings/runs');
    await page.getByRole('heading', { name: 'Monthly Run', level: 1 }).waitFor();
    await context.close();
  });

  it('prepares from standing amounts, saves an edited one, drops a refused row and posts', async () => {
    const { context, page } = await runPage();
    const prepare = panel(page, 'Prepare');
    const month = thisMonth();
    await expect.poll(() => prepare.getByRole('combobox', { name: 'Month' }).inputValue()).toBe(monthLabel(month));
    await expect.poll(() => prepare.getByLabel('Value date').inputValue()).toBe(defaultRunValueDate(month, new Date(), DEFAULT_TIMEZONE));
    await expect.poll(() => prepare.getByLabel('Description').inputValue()).toBe(defaultRunDescription(month));

    const amount = (staff: SeededStaff) => prepare.getByLabel(`Amount for ${staff.name} (${staff.staffId})`);
    const include = (staff: SeededStaff) => prepare.getByLabel(`Include ${staff.name} (${staff.staffId})`);
    await expect.poll(() => amount(tunde).inputValue()).toBe('15,000.00');
    expect(await amount(amaka).inputValue()).toBe('10,000.00');
    // No standing amount: left out, saying why, until an amount is typed or the box is ticked.
    expect(await amount(bisi).inputValue()).toBe('');
    expect(await include(bisi).isChecked()).toBe(false);
    expect(await include(tunde).isChecked()).toBe(true);
    await expectText(prepare.getByRole('row', { name: /Bisi Ade/ }), 'Left out: no standing amount and no repayment due');
    expect(await prepare.getByRole('columnheader', { name: 'Include' }).count()).toBe(1);
    expect(await prepare.getByRole('columnheader', { name: 'Skip' }).count()).toBe(0);

    // Search by staff ID or name.
    const bodyRows = prepare.getByRole('table', { name: 'Staff and amounts' }).locator('tbody tr');
    await prepare.getByLabel('Search staff').fill(amaka.staffId);
    await expect.poll(() => bodyRows.count()).toBe(1);
    await expectText(bodyRows, 'Amaka Eze');
    await prepare.getByLabel('Search staff').fill('bello');
    await expect.poll(() => bodyRows.allTextContents()).toEqual([expect.stringContaining('Tunde Bello')]);
    await prepare.getByLabel('Search staff').fill('');
    await expect.poll(() => bodyRows.count()).toBe(4);

    // An edited amount can become the standing one.
    await amount(amaka).fill('12000');
    await prepare.getByRole('button', { name: 'Save as standing contributions' }).click();
    await expectText(prepare.getByRole('status'), MESSAGES.contributionSaved);
    await expect.poll(async () => (await holder(amaka)).monthlyContributionKobo).toBe(1_200_000);

    // Included without an amount: the review refuses that row, and it is dropped there.
    await include(bisi).check();
    await expectText(prepare, `3 of 4 included · ${formatNaira(2_700_000)}`);
    await prepare.getByRole('button', { name: 'Review', exact: true }).click();
    await expect.poll(() => page.getByRole('tab', { name: /Review/ }).getAttribute('aria-selected')).toBe('true');
    const review = panel(page, 'Review');
    const line3 = review.getByRole('row', { name: 'Line 3', exact: true });
    await expectText(line3, MESSAGES.enterValidAmount);
    await expectText(line3, 'Refused');
    await expectText(postButton(page), `Post 2 transactions (${formatNaira(2_700_000)})`);
    expect(await postButton(page).isDisabled()).toBe(true);
    await review.getByRole('button', { name: 'Drop line 3' }).click();
    await expectText(line3, 'Dropped');
    await expectText(review, 'Rows changed since the review');
    expect(await postButton(page).isDisabled()).toBe(true);
    await review.getByRole('button', { name: 'Review again' }).click();
    await expect.poll(() => review.getByRole('row', { name: /^Line \d$/ }).count()).toBe(2);
    await expect.poll(() => postButton(page).isEnabled()).toBe(true);
    expect(await balanceOf(tunde)).toBe(0);

    await postButton(page).click();
    await expectText(page.getByRole('status').first(), `Batch 1 posted: 2 transactions (${formatNaira(2_700_000)})`);
    await page.waitForURL(/tab=history&batch=/);
    const batch = page.getByRole('region', { name: 'Batch 1' });
    await expectText(batch, `Batch 1: ${monthLabel(month)}`);
    await expectText(batch.getByRole('table', { name: 'Postings' }), 'Tunde Bello');
    await expectText(batch.getByRole('table', { name: 'Postings' }), formatNaira(1_200_000));
    expect(await balanceOf(tunde)).toBe(1_500_000);
    expect(await balanceOf(amaka)).toBe(1_200_000);
    expect(await balanceOf(bisi)).toBe(0);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('asks for a reason before a second batch for a month already posted', async () => {
    const { context, page } = await runPage();
    const prepare = panel(page, 'Prepare');
    const message = batchAlreadyPostedMessage(new Date(), admin.name, DEFAULT_TIMEZONE);
    await expectText(prepare, message);
    await expect.poll(() => prepare.getByLabel(`Amount for Tunde Bello (${tunde.staffId})`).inputValue()).toBe('15,000.00');
    await prepare.getByRole('button', { name: 'Review', exact: true }).click();
    const review = panel(page, 'Review');
    await expectText(review, message);
    await expect.poll(() => postButton(page).isEnabled()).toBe(true);
    await postButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Post a second batch' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /^Post \d+ transactions? \(/ }).click();
    await expectText(dialog, MESSAGES.batchRepeatReasonRequired);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await balanceOf(tunde)).toBe(1_500_000);
    await context.close();
  });

  it('reads an uploaded .csv, fixes its two bad rows in place, posts, lists the batch and reverses it', async () => {
    const { context, page } = await runPage();
    await openTab(page, 'Upload');
    const upload = panel(page, 'Upload');
    await chooseMonth(page, 'Upload', lastMonth());
    await expect.poll(() => upload.getByLabel('Value date').inputValue()).toBe(lastWorkingDayOf(lastMonth()));

    // Something that is not a spreadsheet is refused next to the file field.
    await uploadCsv(page, 'notes.csv', 'just some words');
    await expectText(upload, MESSAGES.fileNoHeader);
    await uploadCsv(page, 'payroll.csv', payrollCsv());
    await expectText(upload, 'Read 4 rows from payroll.csv.');
    await upload.getByRole('button', { name: 'Review' }).click();

    const review = panel(page, 'Review');
    // Issue 34: each row by the spreadsheet's own number (the header is row 1), not its place among the data rows.
    await expectText(review.getByRole('row', { name: 'Row 3', exact: true }), MESSAGES.rowUnknownPerson);
    await expectText(review.getByRole('row', { name: 'Row 4', exact: true }), MESSAGES.enterValidAmount);
    expect(await review.getByRole('columnheader', { name: 'Row', exact: true }).count()).toBe(1);
    await expectText(page.getByRole('tab', { name: /Review/ }), '2');
    await expectText(postButton(page), `Post 2 transactions (${formatNaira(1_200_000)})`);
    expect(await postButton(page).isDisabled()).toBe(true);

    // Fixed in place: the unknown ID becomes a real one, the amount gets two decimals.
    expect(await review.getByLabel('Amount, row 4').inputValue()).toBe('1500.255');
    await review.getByLabel('Staff ID or email, row 3').fill(chioma.staffId);
    await review.getByLabel('Amount, row 4').fill('1500.25');
    await expectText(review.getByRole('row', { name: 'Row 3', exact: true }), 'Changed');
    expect(await postButton(page).isDisabled()).toBe(true);
    await review.getByRole('button', { name: 'Review again' }).click();
    const total = 500_000 + 250_000 + 150_025 + 700_000;
    await expectText(postButton(page), `Post 4 transactions (${formatNaira(total)})`);
    await expect.poll(() => postButton(page).isEnabled()).toBe(true);
    expect(await review.getByRole('table', { name: 'Reviewed rows' }).getByText('Refused', { exact: true }).count()).toBe(0);
    await expectText(review.getByRole('row', { name: 'Row 3', exact: true }), 'Chioma Obi');

    await postButton(page).click();
    await expectText(page.getByRole('status').first(), `Batch 2 posted: 4 transactions (${formatNaira(total)})`);
    const batch = page.getByRole('region', { name: 'Batch 2' });
    await expectText(batch, `Batch 2: ${monthLabel(lastMonth())}`);
    await expectText(batch, 'payroll.csv');
    await expectText(batch.getByRole('table', { name: 'Postings' }), 'Back pay');
    expect(await balanceOf(tunde)).toBe(1_500_000 + 500_000);
    expect(await balanceOf(chioma)).toBe(250_000);
    expect(await balanceOf(amaka)).toBe(1_200_000 + 150_025);
    expect(await balanceOf(bisi)).toBe(700_000);

    // History: newest first, with month, rows, total, who and status.
    await panel(page, 'History').getByRole('button', { name: 'Back to all batches' }).click();
    const table = panel(page, 'History').getByRole('table', { name: 'Batches' });
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const newest = (await rows.first().textContent()) ?? '';
    expect(newest).toContain(monthLabel(lastMonth()));
    expect(newest).toContain(formatNaira(total));
    expect(newest).toContain(admin.name);
    expect(newest).toContain('Posted');
    expect(await rows.nth(1).textContent()).toContain(monthLabel(thisMonth()));

    // Reverse the whole batch, with a reason.
    await table.getByRole('button', { name: 'Open batch 2' }).click();
    await batch.getByRole('button', { name: 'Reverse batch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reverse batch 2' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Reverse batch' }).click();
    await expectText(dialog, MESSAGES.reversalReasonRequired);
    await dialog.getByLabel('Reason').fill('Payroll sent last month twice');
    await dialog.getByRole('button', { name: 'Reverse batch' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(page.getByRole('status').first(), MESSAGES.batchReversed);
    await expectText(batch, 'Payroll sent last month twice');
    await expect.poll(() => batch.getByRole('button', { name: 'Reverse batch' }).count()).toBe(0);
    await expect.poll(() => batch.getByRole('table', { name: 'Postings' }).getByText('Reversed').count()).toBe(4);
    expect(await balanceOf(tunde)).toBe(1_500_000);
    expect(await balanceOf(chioma)).toBe(0);
    expect(await balanceOf(amaka)).toBe(1_200_000);
    expect(await balanceOf(bisi)).toBe(0);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('a holder\u2019s page after issue 11', () => {
  it('back-dates a deposit, shows value date and recorded time, reverses it with a reason, and sets the contribution', async () => {
    const before = await balanceOf(bisi);
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto(`/savings/${bisi.staffId}?period=year`);
    const form = page.getByRole('region', { name: 'New Transaction' });
    await form.waitFor();
    const today = lagosToday();
    await expect.poll(() => form.getByLabel('Value date').inputValue()).toBe(today);

    await form.getByLabel('Amount (₦)').fill('4000');
    await form.getByLabel('Description (optional)').fill('Late October saving');
    await form.getByLabel('Value date').fill(addDays(today, 1));
    await form.getByRole('button', { name: 'Process Transaction' }).click();
    await expectText(form, MESSAGES.valueDateInFuture);
    const earlier = addDays(today, -3);
    await form.getByLabel('Value date').fill(earlier);
    await form.getByRole('button', { name: 'Process Transaction' }).click();
    await expectText(form.getByRole('status'), MESSAGES.transactionProcessed);

    const history = page.getByRole('region', { name: /^Transactions:/ });
    const row = history.getByRole('row', { name: /Late October saving/ });
    await expectText(row, 'Recorded');
    expect(await balanceOf(bisi)).toBe(before + 400_000);

    await row.getByRole('button', { name: 'Reverse' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reverse transaction' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Reverse transaction' }).click();
    await expectText(dialog, MESSAGES.reversalReasonRequired);
    await dialog.getByLabel('Reason').fill('Typed on the wrong account');
    await dialog.getByRole('button', { name: 'Reverse transaction' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(page.getByRole('status').first(), MESSAGES.transactionReversed);
    await expectText(row, 'Reversed');
    expect(await row.getByRole('button', { name: 'Reverse' }).count()).toBe(0);
    const reversal = history.getByRole('row', { name: /Typed on the wrong account/ });
    await expectText(reversal, 'Reversal');
    expect(await reversal.getByRole('button', { name: 'Reverse' }).count()).toBe(0);
    expect(await balanceOf(bisi)).toBe(before);

    const contribution = page.getByRole('region', { name: 'Monthly contribution' });
    await expectText(contribution, 'None');
    await contribution.getByLabel('Monthly contribution (₦)').fill('3000');
    await contribution.getByRole('button', { name: 'Save Contribution' }).click();
    await expectText(contribution.getByRole('status'), MESSAGES.contributionSaved);
    await expectText(contribution, formatNaira(300_000));
    expect((await holder(bisi)).monthlyContributionKobo).toBe(300_000);

    // The Transfer modal offers the same value date, today at most.
    await page.getByRole('button', { name: 'Transfer' }).click();
    const transfer = page.getByRole('dialog', { name: `Transfer from ${bisi.name}` });
    await expect.poll(() => transfer.getByLabel('Value date').inputValue()).toBe(today);
    expect(await transfer.getByLabel('Value date').getAttribute('max')).toBe(today);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

/** The looks' browser and server, read when each look runs (they exist only after beforeAll). */
const env = () => ({ browser, baseURL: kobo.baseURL });

describe('how the run screens look', () => {
  itFitsEveryLook(env, {
    name: 'savings-run-prepare',
    path: '/staff-savings/runs',
    user: () => admin,
    prepare: async (page) => {
      await panel(page, 'Prepare').getByLabel(`Amount for Tunde Bello (${tunde.staffId})`).waitFor();
    },
  });
  itFitsEveryLook(env, {
    name: 'savings-run-review',
    path: '/staff-savings/runs?tab=upload',
    user: () => admin,
    prepare: async (page) => {
      await panel(page, 'Upload').getByLabel('Value date').waitFor();
      await uploadCsv(page, 'payroll.csv', payrollCsv());
      await expectText(panel(page, 'Upload'), 'Read 4 rows');
      await panel(page, 'Upload').getByRole('button', { name: 'Review' }).click();
      await panel(page, 'Review').getByText(MESSAGES.rowUnknownPerson).waitFor();
      // Review was pressed further down: a full-page picture of a scrolled page draws the header mid-way.
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  });
  itFitsEveryLook(env, {
    name: 'savings-run-history',
    path: '/staff-savings/runs?tab=history',
    user: () => admin,
    prepare: (page) => panel(page, 'History').getByRole('button', { name: 'Open batch 2' }).waitFor(),
  });
  itFitsEveryLook(env, {
    name: 'savings-run-batch',
    path: '/staff-savings/runs?tab=history',
    user: () => admin,
    prepare: async (page) => {
      await panel(page, 'History').getByRole('button', { name: 'Open batch 1' }).click();
      await page.getByRole('region', { name: 'Batch 1' }).getByRole('button', { name: 'Reverse batch' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  });
  itFitsEveryLook(env, {
    name: 'savings-run-reverse',
    path: () => `/savings/${tunde.staffId}`,
    user: () => admin,
    prepare: async (page) => {
      await page.getByRole('region', { name: /^Transactions:/ }).getByRole('button', { name: 'Reverse' }).first().click();
      await settledDialog(page, 'Reverse transaction');
    },
  });
});

// Keyboard: the run's controls are reachable and usable without a mouse.
describe('the run by keyboard', () => {
  it('moves between tabs with the arrow keys and reviews with Enter', async () => {
    const { context, page } = await runPage(PHONE);
    await page.getByRole('tab', { name: 'Prepare' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'Upload' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByRole('tab', { name: 'Prepare' }).getAttribute('aria-selected')).toBe('true');
    const review = panel(page, 'Prepare').getByRole('button', { name: 'Review', exact: true });
    await panel(page, 'Prepare').getByLabel(`Amount for Tunde Bello (${tunde.staffId})`).waitFor();
    await review.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('tab', { name: /Review/ }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => postButton(page).isEnabled()).toBe(true);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

// Issue 34: the spreadsheet's own row numbers, a negative amount named, and Prepare on a phone.
describe('the run as a treasurer on a cheap phone reads it (issue 34)', () => {
  it('keeps each uploaded row’s spreadsheet number when another is dropped, says a negative amount is negative, and counts one transaction as one', async () => {
    const { context, page } = await runPage();
    await openTab(page, 'Upload');
    const upload = panel(page, 'Upload');
    await upload.getByLabel('Value date').waitFor();
    // Row 1 is the header and row 3 is blank: the data rows are 2, 4 and 5.
    await uploadCsv(page, 'rows.csv', ['Staff ID,Amount', `${tunde.staffId},100`, ',', `${amaka.staffId},-50`, `${bisi.staffId},200`].join('\n'));
    await expectText(upload, 'Read 3 rows from rows.csv.');
    await upload.getByRole('button', { name: 'Review' }).click();
    const review = panel(page, 'Review');
    const row4 = review.getByRole('row', { name: 'Row 4', exact: true });
    await expectText(row4, MESSAGES.rowNegativeAmount);
    await review.getByRole('button', { name: 'Drop row 4' }).click();
    await review.getByRole('button', { name: 'Review again' }).click();
    await expect.poll(() => review.getByRole('row', { name: /^Row \d$/ }).allTextContents()).toEqual([expect.stringMatching(/^2/), expect.stringMatching(/^5/)]);
    await expectText(postButton(page), `Post 2 transactions (${formatNaira(30_000)})`);

    await openTab(page, 'Upload');
    await uploadCsv(page, 'one-row.csv', ['Staff ID,Amount', `${tunde.staffId},100`].join('\n'));
    await expectText(upload, 'Read 1 row from one-row.csv.');
    await upload.getByRole('button', { name: 'Review' }).click();
    await expectText(postButton(page), `Post 1 transaction (${formatNaira(10_000)})`);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('fits ten people on Prepare at 375 px in well under the 2,300 px they took, under a header at most 56 px tall', async () => {
    const more = ['Dayo Ajayi', 'Efe Okon', 'Femi Bakare', 'Gbenga Ola', 'Halima Sule', 'Ike Nwosu'];
    const added = [];
    for (const name of more) added.push(await asAdmin.createStaff({ name }));
    await call('PUT', '/api/savings/contributions', { contributions: added.slice(0, 4).map((staff) => ({ userId: staff.id, amount: '5000' })) });
    const { context, page } = await runPage(PHONE);
    const prepare = panel(page, 'Prepare');
    await prepare.getByLabel(`Amount for Ike Nwosu (${added[5]?.staffId})`).waitFor();
    const table = prepare.getByRole('table', { name: 'Staff and amounts' });
    expect(await table.locator('tbody tr').count()).toBe(10);
    const height = (await table.boundingBox())?.height ?? Infinity;
    expect(height).toBeLessThanOrEqual(1_100);
    const header = (await page.getByRole('banner').boundingBox())?.height ?? Infinity;
    expect(header).toBeLessThanOrEqual(56);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'savings-run-prepare-ten-375-light');
    await context.close();
  });
});
