import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { calendarDate } from '@kobo/core';
import type { Database } from '../apps/api/src/db/client.ts';
import { depositInto, newProduct } from '../apps/api/src/modules/savings-reports/savings-reports-test-support.ts';
import { DESKTOP, hasHorizontalScroll, launchBrowser, newPage, pageErrorsOf, PHONE, screenshot } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { expectText, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';

/**
 * Issue 29 "Done means": a target pay-out in the browser. The e2e server runs on the real clock, so
 * each test makes its target product with today (in the app's time zone, Africa/Lagos) as its
 * pay-out day; the product is made after the server's start-up check, so nothing pays it before the
 * admin presses "Make today's pay-outs" on the savings screen. Each test seeds its own product and
 * member, so a press in one never pays the other's, and either passes alone.
 */
let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let asAdmin: Awaited<ReturnType<typeof savingsApi>>;
let db: Database;

/** Today's ISO day and 'MM-DD' where the members are, as the server reads its clock. */
const today = calendarDate(new Date(), 'Africa/Lagos');
// 29 Feb is no day of every year, so a product cannot pay out on it: on that day, the 28th's is due.
const todayOfYear = today.slice(5) === '02-29' ? '02-28' : today.slice(5);

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  asAdmin = await savingsApi(kobo, admin);
  db = kobo.app.kobo.database.db as Database;
});
afterAll(async () => {
  await asAdmin?.dispose();
  await browser?.close();
  await kobo?.stop();
});

/** A member with ₦50,000 in ordinary savings and ₦18,000 in a target product paying out today. */
async function memberSavingFor(productName: string, code: string, memberName: string): Promise<SeededStaff> {
  const member = await asAdmin.createStaff({ name: memberName });
  await asAdmin.post({ userId: member.id, type: 'deposit', amount: '50,000' });
  const product = await newProduct(db, { name: productName, kind: 'target', code, windowOpens: '01-01', windowCloses: todayOfYear, payoutOn: todayOfYear, payoutTo: 'ordinary' });
  await depositInto(db, member.id, product, 1_800_000, today);
  return member;
}

async function pressPayouts(page: Page, said: string) {
  const section = page.getByRole('region', { name: 'Savings products', exact: true });
  const status = section.getByRole('status');
  await section.getByRole('button', { name: 'Make today’s pay-outs' }).click();
  // The whole of what the screen says: the product, the sum, where it went and for how many.
  await expect.poll(() => status.textContent()).toBe(said);
}

async function expectMemberPage(page: Page, productName: string) {
  await page.goto('/staff-savings');
  await pageSettled(page, 'My Savings Account');
  await expectText(page.getByRole('region', { name: 'Current Balance' }), '₦68,000.00');
  const card = page.getByRole('region', { name: 'Savings products', exact: true }).getByRole('region', { name: productName });
  await expectText(card, '₦0.00');
  expect(await card.textContent()).toContain('Available ₦0.00');
  // The money arrived in ordinary savings as a transfer in, named for the product's pay-out.
  const history = page.getByRole('region', { name: 'Transaction History' });
  await expectText(history, `${productName} pay-out ${today.slice(0, 4)}`);
  await expectText(history, '+₦18,000.00');
}

describe("making today's target pay-outs from the savings screen", () => {
  it('moves Christmas Savings to ordinary savings, and a second press pays nothing (1280 px)', async () => {
    const ada = await memberSavingFor('Christmas Savings', '2210', 'Ada Okafor');
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: DESKTOP });
    const errors = pageErrorsOf(page);
    await signInQuickly(page, admin);
    await page.goto('/savings');
    await pageSettled(page, 'Staff Savings');
    const totals = page.getByRole('table', { name: 'Totals per savings product' });
    await expectText(totals, 'Christmas Savings');
    expect(await totals.getByRole('row', { name: /Christmas Savings/ }).textContent()).toBe('Christmas SavingsTarget savings1₦18,000.00');

    await pressPayouts(page, 'Christmas Savings: ₦18,000.00 moved to ordinary savings for 1 member');
    // The totals refresh: the product holds nothing now, ordinary savings holds it.
    await expectText(totals.getByRole('row', { name: /Christmas Savings/ }), '₦0.00');
    await screenshot(page, 'savings-payout-admin-1280');

    await pressPayouts(page, 'No pay-out or maturity is due today');
    expect(await page.getByRole('status').filter({ hasText: '₦18,000.00' }).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();

    const member = await newPage(browser, kobo.baseURL, { viewport: DESKTOP });
    await signInQuickly(member.page, ada);
    await expectMemberPage(member.page, 'Christmas Savings');
    expect(unexpectedErrors(pageErrorsOf(member.page))).toEqual([]);
    await member.context.close();
  });

  it('moves Sallah Savings to ordinary savings, and a second press pays nothing (375 px)', async () => {
    const bola = await memberSavingFor('Sallah Savings', '2220', 'Bola Adeyemi');
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    const errors = pageErrorsOf(page);
    await signInQuickly(page, admin);
    await page.goto('/savings');
    await pageSettled(page, 'Staff Savings');
    await expectText(page.getByRole('list', { name: 'Totals per savings product' }), 'Sallah Savings');

    await pressPayouts(page, 'Sallah Savings: ₦18,000.00 moved to ordinary savings for 1 member');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('region', { name: 'Savings products', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'savings-payout-admin-375');

    await pressPayouts(page, 'No pay-out or maturity is due today');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();

    const member = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(member.page, bola);
    await expectMemberPage(member.page, 'Sallah Savings');
    expect(await hasHorizontalScroll(member.page)).toBe(false);
    await screenshot(member.page, 'savings-payout-member-375');
    expect(unexpectedErrors(pageErrorsOf(member.page))).toEqual([]);
    await member.context.close();
  });
});
