import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatNaira, MESSAGES, ORDINARY_SAVINGS_PRODUCT_ID, PAR_SCREEN_TEXT, type Kobo, type PortfolioAtRiskView } from '@kobo/core';
import type { Database } from '../apps/api/src/db/client.ts';
import { activeLoan } from '../apps/api/src/modules/exits/exit-settlement-test-support.ts';
import { depositInto } from '../apps/api/src/modules/savings-reports/savings-reports-test-support.ts';
import { EACH_WIDTH, hasHorizontalScroll, launchBrowser, newPage, pageErrorsOf, PHONE, screenshot } from './support/browser.ts';
import { seriousViolations } from './support/axe.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectText, itFitsEveryLook, unexpectedErrors } from './support/page-checks.ts';
import { savingsApi } from './support/savings-seed.ts';
import { signInQuickly } from './support/session.ts';
import { apiAs } from './support/users-seed.ts';

/**
 * Issue 33's portfolio at risk in the browser, at 1280 and at 375 px: each width adds a ₦120,000
 * loan four months unpaid (COOPERATIVE.md's flat loan) beside one just disbursed, so the officer
 * sees the buckets, PAR30 and the classes' provision, runs this month's provision and sees the
 * entry's amount (the report's required provision less what was held) and the run in the list.
 */
let kobo: KoboServer;
let browser: Browser;
let officer: TestUser;
let today = '';
let product = '';
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
    name: 'Flat 12%',
    method: 'flat',
    annualRate: '12',
    maxMonths: '12',
    savingsMultiple: '2',
    maxAmount: '500,000',
    guarantorsRequired: '0',
    feeKind: 'none',
  })) as { product: { id: string } };
  product = created.product.id;
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

async function loanDisbursed(name: string, monthsAgo: number): Promise<string> {
  const asAdmin = await savingsApi(kobo, officer);
  const borrower = await asAdmin.createStaff({ name });
  await asAdmin.dispose();
  await depositInto(db(), borrower.id, ORDINARY_SAVINGS_PRODUCT_ID, 6_000_000, monthStart(-5));
  return activeLoan(db(), { userId: borrower.id, productId: product, principalKobo: 12_000_000, disbursedOn: monthsAgo === 0 ? monthStart(0) : monthStart(-monthsAgo).replace(/01$/, '05') });
}

async function look(page: Page, step: string, width: number): Promise<string[]> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await screenshot(page, `loans-par-${step}-${width}`);
  const problems = (await seriousViolations(page)).map((line) => `${step}: ${line}`);
  if (width === PHONE.width && (await hasHorizontalScroll(page))) problems.push(`${step}: scrolls sideways`);
  return problems;
}

describe('portfolio at risk', () => {
  it.each(EACH_WIDTH)('shows the buckets and classes, and runs the month-end provision at %i px', async (width, viewport) => {
    await loanDisbursed(`Kemi Late ${width}`, 4);
    await loanDisbursed(`Bayo Current ${width}`, 0);
    const call = await apiAs(kobo, officer);
    const report = ((await call('GET', '/api/loans/par')) as { report: PortfolioAtRiskView }).report;
    // Every loan is ₦120,000: the late ones are more than 30 days behind, so PAR30 holds them all.
    expect(report.par30Kobo).toBe((report.loanCount / 2) * 12_000_000);
    const problems: string[] = [];

    const { page, context } = await newPage(browser, kobo.baseURL, { viewport });
    await signInQuickly(page, officer);
    await page.goto('/loans?tab=par');
    const section = page.getByRole('region', { name: PAR_SCREEN_TEXT.title });
    await expectText(section.getByRole('group', { name: PAR_SCREEN_TEXT.par30 }), '50.00%');
    await expectText(section.getByRole('group', { name: PAR_SCREEN_TEXT.required }), formatNaira(report.requiredProvisionKobo as Kobo));
    const buckets = section.getByRole('table', { name: PAR_SCREEN_TEXT.bucketsTitle });
    await expectText(buckets.getByRole('row', { name: /^Current/ }), formatNaira(((report.loanCount / 2) * 12_000_000) as Kobo));
    await expectText(section.getByRole('table', { name: PAR_SCREEN_TEXT.classesTitle }).getByRole('row', { name: /^Performing/ }), '1.00%');
    await expectText(section.getByRole('table', { name: PAR_SCREEN_TEXT.loansTitle }), `Kemi Late ${width}`);
    problems.push(...(await look(page, 'report', width)));

    const run = page.getByRole('region', { name: PAR_SCREEN_TEXT.runTitle });
    await run.getByRole('button', { name: PAR_SCREEN_TEXT.runButton }).click();
    const posted = report.requiredProvisionKobo - report.heldProvisionKobo;
    await expectText(run.getByRole('status'), `${MESSAGES.provisionRunPosted}: +${formatNaira(posted as Kobo)}`);
    await expectText(run.getByRole('table', { name: PAR_SCREEN_TEXT.runsTitle }), `+${formatNaira(posted as Kobo)}`);
    await expectText(section.getByRole('group', { name: PAR_SCREEN_TEXT.held }), formatNaira(report.requiredProvisionKobo as Kobo));
    problems.push(...(await look(page, 'run', width)));
    problems.push(...unexpectedErrors(pageErrorsOf(page)));
    await context.close();
    expect(problems).toEqual([]);
  });
});

describe('the portfolio-at-risk tab', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'loans-par',
    path: '/loans?tab=par',
    user: () => officer,
    prepare: async (page) => {
      await page.getByRole('table', { name: PAR_SCREEN_TEXT.runsTitle }).waitFor();
    },
  });
});
