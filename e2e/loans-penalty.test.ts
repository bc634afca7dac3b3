import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatNaira, MESSAGES, ORDINARY_SAVINGS_PRODUCT_ID, penaltyWaivedMessage, type Kobo } from '@kobo/core';
import type { Database } from '../apps/api/src/db/client.ts';
import { activeLoan } from '../apps/api/src/modules/exits/exit-settlement-test-support.ts';
import { depositInto } from '../apps/api/src/modules/savings-reports/savings-reports-test-support.ts';
import { EACH_WIDTH, hasHorizontalScroll, launchBrowser, newPage, pageErrorsOf, PHONE, screenshot } from './support/browser.ts';
import { seriousViolations } from './support/axe.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectBeside, expectText, itFitsEveryLook, unexpectedErrors } from './support/page-checks.ts';
import { savingsApi } from './support/savings-seed.ts';
import { signInQuickly } from './support/session.ts';
import { apiAs } from './support/users-seed.ts';

/**
 * Issue 33's penalties in the browser, at 1280 and at 375 px: COOPERATIVE.md's flat loan
 * (₦120,000 at 12%, instalments of ₦11,200) under the by-laws' penalty (2% of the overdue amount a
 * month past a 7-day grace, capped at 10%), disbursed four months ago with three instalments unpaid.
 * The officer runs the day's penalties, sees them on the loan's page, and waives them all with a
 * reason: the charges stay, marked waived, and nothing is owed.
 */
let kobo: KoboServer;
let browser: Browser;
let officer: TestUser;
let today = '';
let product = '';
let waivedLoanPath = '';
const db = () => kobo.app.kobo.database.db as Database;

function monthStart(offset: number): string {
  const [year = 0, month = 1] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 + offset, 1)).toISOString().slice(0, 10);
}

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  officer = await kobo.createUser('admin', { name: 'Ada Treasurer' });
  const call = await apiAs(kobo, officer);
  today = ((await call('GET', '/api/calendar')) as { today: string }).today;
  const created = (await call('POST', '/api/loan-products', {
    name: 'Flat 12% with penalty',
    method: 'flat',
    annualRate: '12',
    maxMonths: '12',
    savingsMultiple: '2',
    maxAmount: '500,000',
    guarantorsRequired: '0',
    feeKind: 'none',
    penaltyKind: 'percent',
    penaltyValue: '2',
    penaltyFrequency: 'monthly',
    penaltyGraceDays: '7',
    penaltyCapKind: 'percent',
    penaltyCapValue: '10',
  })) as { product: { id: string } };
  product = created.product.id;
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

async function overdueLoan(suffix: string): Promise<string> {
  const asAdmin = await savingsApi(kobo, officer);
  const borrower = await asAdmin.createStaff({ name: `Tunde Borrower ${suffix}` });
  await asAdmin.dispose();
  await depositInto(db(), borrower.id, ORDINARY_SAVINGS_PRODUCT_ID, 6_000_000, monthStart(-5));
  return activeLoan(db(), { userId: borrower.id, productId: product, principalKobo: 12_000_000, disbursedOn: monthStart(-4).replace(/01$/, '05') });
}

async function look(page: Page, step: string, width: number): Promise<string[]> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await screenshot(page, `loans-penalty-${step}-${width}`);
  const problems = (await seriousViolations(page)).map((line) => `${step}: ${line}`);
  if (width === PHONE.width && (await hasHorizontalScroll(page))) problems.push(`${step}: scrolls sideways`);
  return problems;
}

describe("a product's penalty", () => {
  it('is set on the product form, each refusal beside its field, and shown on the product', async () => {
    const { page, context } = await newPage(browser, kobo.baseURL, { viewport: { width: 1280, height: 900 } });
    await signInQuickly(page, officer);
    await page.goto('/loans?tab=products');
    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog', { name: 'New loan product' });
    await dialog.getByLabel('Name').fill('Staff loan with by-laws penalty');
    await dialog.getByRole('radio', { name: 'Flat', exact: true }).check();
    await dialog.getByLabel('Annual rate (%)').fill('12');
    await dialog.getByLabel('Longest term (months)').fill('12');
    await dialog.getByLabel('Multiple of savings (×)').fill('2');
    await dialog.getByLabel('Largest loan (₦)').fill('500000');
    await dialog.getByRole('radio', { name: '% of the overdue amount' }).check();
    await dialog.getByLabel('Penalty (% of the overdue amount)').fill('0');
    await dialog.getByLabel('Grace (days after the due date)').fill('7');
    await dialog.getByRole('radio', { name: '% of the instalment' }).check();
    await dialog.getByLabel('Cap (% of the instalment)').fill('101');
    await dialog.getByRole('button', { name: 'Save product' }).click();
    await expectBeside(dialog.getByLabel('Penalty (% of the overdue amount)'), MESSAGES.loanPenaltyPercentInvalid);
    await expectBeside(dialog.getByLabel('Cap (% of the instalment)'), MESSAGES.loanPenaltyCapInvalid);
    // Two fields flagged: the banner sums them up, saying neither sentence again (issue 34).
    await expectText(dialog.getByRole('alert'), '2 fields need attention');
    await dialog.getByLabel('Penalty (% of the overdue amount)').fill('2');
    await dialog.getByLabel('Cap (% of the instalment)').fill('10');
    await screenshot(page, 'loans-penalty-product-form-1280');
    await dialog.getByRole('button', { name: 'Save product' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(page.getByRole('article', { name: 'Staff loan with by-laws penalty' }), "2% of the overdue amount a month after 7 days' grace, capped at 10% of the instalment");
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('a penalty', () => {
  it.each(EACH_WIDTH)('is charged by the day’s run and waived with a reason at %i px', async (width, viewport) => {
    const loanId = await overdueLoan(String(width));
    const call = await apiAs(kobo, officer);
    const run = (await call('POST', '/api/loan-penalties/run', {})) as { charges: number };
    expect(run.charges).toBeGreaterThan(0);
    const { outstandingKobo, charges } = (await call('GET', `/api/loans/${loanId}/penalties`)) as { outstandingKobo: number; charges: { amountKobo: number }[] };
    // Each charge is 2% of an ₦11,200 instalment: ₦224.00.
    expect(charges.every((charge) => charge.amountKobo === 22_400)).toBe(true);
    const problems: string[] = [];

    const { page, context } = await newPage(browser, kobo.baseURL, { viewport });
    await signInQuickly(page, officer);
    await page.goto(`/loans/${loanId}`);
    const section = page.getByRole('region', { name: 'Penalties' });
    await expectText(section, formatNaira(outstandingKobo as Kobo));
    await expectText(section.getByRole('list', { name: 'Penalty charges' }), '₦224.00');
    problems.push(...(await look(page, 'charged', width)));

    await section.getByRole('button', { name: 'Waive all' }).click();
    const dialog = page.getByRole('dialog', { name: 'Waive all penalties' });
    await expectText(dialog, `${formatNaira(outstandingKobo as Kobo)} of penalties will no longer be owed`);
    // No reason: refused beside the field.
    await dialog.getByRole('button', { name: 'Waive' }).click();
    await expectText(dialog, 'Please say why the penalty is waived');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Salary paid late by the employer');
    await dialog.getByRole('button', { name: 'Waive' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(page.getByRole('status'), penaltyWaivedMessage(outstandingKobo));
    await expectText(section, 'Waived: Salary paid late by the employer');
    expect(await section.getByRole('button', { name: 'Waive all' }).count()).toBe(0);
    problems.push(...(await look(page, 'waived', width)));
    problems.push(...unexpectedErrors(pageErrorsOf(page)));
    await context.close();
    expect(((await call('GET', `/api/loans/${loanId}/penalties`)) as { outstandingKobo: number }).outstandingKobo).toBe(0);
    waivedLoanPath ||= `/loans/${loanId}`;
    expect(problems).toEqual([]);
  });
});

describe('the waived loan', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'loans-penalty-waived',
    path: () => waivedLoanPath,
    user: () => officer,
    prepare: async (page) => {
      await page.getByRole('list', { name: 'Penalty charges' }).waitFor();
    },
  });
});
