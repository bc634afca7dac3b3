import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES, TOP_UP_LABELS, type LoanView } from '@kobo/core';
import { DESKTOP, hasHorizontalScroll, launchBrowser, newPage, pageErrorsOf, PHONE, screenshot } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { holderLoansOfficer, loansOf } from './support/loans-holder-seed.ts';
import { expectText, unexpectedErrors } from './support/page-checks.ts';
import { apiAs } from './support/users-seed.ts';
import { signInQuickly } from './support/session.ts';

/**
 * A top-up from quote to disbursement (issue 33, part A; docs/decisions/052), at 1280 and 375 px.
 * The product: flat 12% a year, 1% fee, 2× savings, no guarantor. Each member saved ₦100,000 and
 * has ₦60,000 paid out today, nothing repaid: today's payoff is the ₦60,000 principal and the ₦600
 * fee (no instalment's month has begun: the first falls due at the end of next month), ₦60,600.
 * A ₦150,000 top-up (within 2 × ₦100,000 once the ₦60,000 counts as repaid) costs a ₦1,500 fee:
 * ₦150,000 − ₦60,600 − ₦1,500 = ₦87,900 is paid to the member.
 */

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let asAdmin: Awaited<ReturnType<typeof savingsApi>>;
let officer: Awaited<ReturnType<typeof holderLoansOfficer>>;
let productId: string;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  asAdmin = await savingsApi(kobo, admin);
  officer = await holderLoansOfficer(kobo, admin);
  const product = await officer.createProduct({
    name: 'Staff Loan',
    method: 'flat',
    annualRate: '12',
    maxMonths: '12',
    savingsMultiple: '2',
    maxAmount: '500000',
    guarantorsRequired: '0',
    feeKind: 'percent',
    feeValue: '1',
  });
  productId = product.id;
});
afterAll(async () => {
  await asAdmin?.dispose();
  await browser?.close();
  await kobo?.stop();
});

/** A member with ₦100,000 saved and a ₦60,000 loan paid out today. */
async function memberWithRunningLoan(name: string): Promise<{ member: SeededStaff; loan: LoanView }> {
  const member = await asAdmin.createStaff({ name });
  await asAdmin.post({ userId: member.id, type: 'deposit', amount: '100000' });
  const asMember = await apiAs(kobo, member);
  const { loan } = (await asMember('POST', '/api/loans', { productId, amount: '60000', months: '12', purpose: 'Rent' })) as { loan: LoanView };
  await officer.approve(loan.id);
  await officer.disburse(loan.id);
  return { member, loan };
}

describe('a top-up', () => {
  for (const [width, viewport, name] of [
    ['1280', DESKTOP, 'Ada Obi'],
    ['375', PHONE, 'Bola Ade'],
  ] as const) {
    it(`from the payoff quote to the disbursement of the net, at ${width} px`, async () => {
      const { member, loan } = await memberWithRunningLoan(name);
      const { context, page } = await newPage(browser, kobo.baseURL, { viewport });
      await signInQuickly(page, member);
      await page.goto('/staff-savings');
      const card = page.getByRole('article', { name: /Staff Loan: ₦60,000\.00/ });

      // The printable quote: ₦60,000 + ₦0 interest + ₦600 fee + ₦0 penalties = ₦60,600, valid today.
      await card.getByRole('link', { name: TOP_UP_LABELS.payoffQuote }).click();
      const sheet = page.getByRole('region', { name: TOP_UP_LABELS.payoffQuote });
      await expectText(sheet, `${TOP_UP_LABELS.principal}₦60,000.00`);
      await expectText(sheet, `${TOP_UP_LABELS.interest}₦0.00`);
      await expectText(sheet, `${TOP_UP_LABELS.fees}₦600.00`);
      await expectText(sheet, `${TOP_UP_LABELS.total}₦60,600.00`);
      await expectText(sheet, TOP_UP_LABELS.validUntil);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshot(page, `loans-topup-quote-${width}`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, `loans-topup-quote-${width}-dark`);
      await page.emulateMedia({ colorScheme: 'light' });

      // The top-up's application shows the payoff, the fee and the net beside the quote.
      await page.getByRole('link', { name: TOP_UP_LABELS.backToLoan }).click();
      await card.getByRole('button', { name: TOP_UP_LABELS.topUp }).click();
      const dialog = page.getByRole('dialog', { name: TOP_UP_LABELS.topUpTitle });
      await dialog.getByLabel('Amount (₦)').fill('150000');
      await dialog.getByLabel('Months').fill('12');
      await dialog.getByLabel('Purpose').fill('Shop stock');
      const net = dialog.getByRole('region', { name: TOP_UP_LABELS.topUp });
      await expectText(net, `${TOP_UP_LABELS.payoffOfRunning}₦60,600.00`);
      await expectText(net, `${TOP_UP_LABELS.feeFromProceeds}₦1,500.00`);
      await expectText(net, `${TOP_UP_LABELS.net}₦87,900.00`);
      // 2 × ₦100,000, the running loan counting as repaid.
      await expectText(dialog.getByRole('region', { name: 'Quote' }), 'Most you can borrow₦200,000.00');
      await screenshot(page, `loans-topup-form-${width}`);
      await dialog.getByRole('button', { name: 'Send application' }).click();
      await expectText(page.getByRole('region', { name: 'My Loans' }), MESSAGES.topUpApplied);

      // The officer approves and pays it out: the running loan is repaid, the new one runs.
      const topUp = (await loansOf(kobo, member)).find((each) => each.id !== loan.id);
      if (!topUp) throw new Error('the top-up was not applied for');
      await officer.approve(topUp.id);
      await officer.disburse(topUp.id);
      await page.reload();
      await expectText(page.getByRole('article', { name: /Staff Loan: ₦60,000\.00/ }), 'Repaid');
      await expectText(page.getByRole('article', { name: /Staff Loan: ₦150,000\.00/ }), 'Disbursed');
      await screenshot(page, `loans-topup-done-${width}`);

      // The officer's page of the running loan's successor offers the quote, a top-up and a restructure.
      const { page: officerPage, context: officerContext } = await newPage(browser, kobo.baseURL, { viewport });
      await signInQuickly(officerPage, admin);
      await officerPage.goto(`/loans/${topUp.id}`);
      const section = officerPage.getByRole('region', { name: TOP_UP_LABELS.sectionTitle });
      await section.getByRole('button', { name: TOP_UP_LABELS.restructure }).waitFor();
      expect(await hasHorizontalScroll(officerPage)).toBe(false);
      await screenshot(officerPage, `loans-topup-officer-${width}`);
      expect(unexpectedErrors([...pageErrorsOf(page), ...pageErrorsOf(officerPage)])).toEqual([]);
      await officerContext.close();
      await context.close();
    });
  }
});
