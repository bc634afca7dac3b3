import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MESSAGES } from '@kobo/core';
import { EACH_WIDTH, launchBrowser, newPage, pageErrorsOf, screenshot } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { loansSeed } from './support/loans-seed.ts';
import { expectBeside, expectText, itFitsEveryLook, unexpectedErrors } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';
import { apiAs, choose } from './support/users-seed.ts';

/**
 * Issue 33, "Products without interest" (docs/decisions/056): COOPERATIVE.md's murabaha from the
 * product form to the first repayment, on a phone and a desktop. A ₦300,000 generator at a 15%
 * markup sells for ₦345,000 in 10 instalments of ₦34,500 (₦30,000 + ₦4,500 markup); the page
 * says "markup", never "interest".
 */
let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let seed: Awaited<ReturnType<typeof loansSeed>>;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  seed = await loansSeed(kobo, admin);
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

function banner(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text });
}

/** The words on the page as a person reads them (modals included), never the word "interest". */
async function expectNoInterest(page: Page) {
  const words = await page.locator('body').innerText();
  expect(words.match(/.{0,40}interest.{0,40}/gi) ?? []).toEqual([]);
}

async function pickMember(page: Page, dialog: Locator, staffId: string) {
  await dialog.getByRole('combobox', { name: 'Member' }).fill(staffId);
  await expect.poll(() => page.getByRole('option').count()).toBe(1);
  await page.getByRole('option').first().click();
  await expectText(dialog, 'Savings balance');
}

describe('a murabaha loan', () => {
  it.each(EACH_WIDTH)('goes from product to first repayment at %i px, saying markup, never interest', async (width, viewport) => {
    const productName = `Generator Murabaha ${width}`;
    const holder = await seed.holderWithSavings(`Musa Danjuma ${width}`, '200,000');
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport });
    await signInQuickly(page, admin);

    // The product: a murabaha takes a markup, not a rate, and a late-payment donation to charity.
    await page.goto('/loans?tab=products');
    await page.getByRole('button', { name: 'New product' }).click();
    const form = page.getByRole('dialog', { name: 'New loan product' });
    await form.waitFor();
    await form.getByLabel('Name').fill(productName);
    await form.getByRole('radio', { name: 'Murabaha (cost-plus)' }).check();
    expect(await form.getByLabel('Annual rate (%)').count()).toBe(0);
    await form.getByLabel('Longest term (months)').fill('12');
    await form.getByLabel('Multiple of savings (×)').fill('2');
    await form.getByLabel('Largest loan (₦)').fill('1000000');
    await form.getByRole('button', { name: 'Save product' }).click();
    await expectBeside(form.getByLabel('Markup (% of the cost price)'), MESSAGES.loanMarkupInvalid);
    await form.getByLabel('Markup (% of the cost price)').fill('15');
    await form.getByRole('radiogroup', { name: 'Late-payment charity donation' }).getByRole('radio', { name: 'Percentage' }).check();
    await form.getByLabel('Donation (% of the overdue amount)').fill('2');
    // The form chooses between kinds, the interest-bearing one among them: the loan's own screens are what never say "interest".
    await screenshot(page, `loans-murabaha-product-form-${width}`);
    await form.getByRole('button', { name: 'Save product' }).click();
    await form.waitFor({ state: 'detached' });
    const card = page.getByRole('article', { name: productName });
    await expectText(card, '15% on the cost price, fixed at the start');
    await expectText(card, '2% of the overdue amount, to charity');

    // The application names the item; the quote is COOPERATIVE.md's.
    await page.goto('/loans');
    await page.getByRole('button', { name: 'New application' }).click();
    const apply = page.getByRole('dialog', { name: 'New loan application' });
    await pickMember(page, apply, holder.staffId);
    await choose(page, 'Loan product', productName);
    await apply.getByLabel('Cost price (₦)').fill('300000');
    await apply.getByLabel('Months').fill('10');
    const quote = apply.getByRole('region', { name: 'Quote' });
    await expectText(quote, 'Monthly instalment₦34,500.00');
    await expectText(quote, 'Total markup₦45,000.00');
    await expectText(quote, 'Total repayable₦345,000.00');
    await apply.getByLabel('Purpose').fill('Power for the shop');
    await apply.getByRole('button', { name: 'Send application' }).click();
    await expectBeside(apply.getByLabel('Item the scheme buys'), MESSAGES.murabahaItemRequired);
    await apply.getByLabel('Item the scheme buys').fill('7.5 kVA generator');
    await expectNoInterest(page);
    await apply.getByRole('button', { name: 'Send application' }).click();
    await page.waitForURL(/\/loans\/[0-9a-f-]{36}$/);
    const summary = page.getByRole('region', { name: 'Loan summary' });
    await expectText(summary, 'Cost price₦300,000.00');
    await expectText(summary, 'Markup15% · ₦45,000.00');
    await expectText(summary, 'Selling price₦345,000.00');
    await expectText(summary, '7.5 kVA generator');

    // Approved, disbursed, and the first instalment repaid: ₦30,000 principal and ₦4,500 markup.
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Approve loan' }).getByRole('button', { name: 'Approve' }).click();
    await expectText(banner(page, MESSAGES.loanApproved), MESSAGES.loanApproved);
    await page.getByRole('button', { name: 'Disburse' }).click();
    await page.getByRole('dialog', { name: 'Disburse loan' }).getByRole('button', { name: 'Disburse' }).click();
    await expectText(banner(page, MESSAGES.loanDisbursed), MESSAGES.loanDisbursed);
    await page.getByRole('button', { name: 'Post repayment' }).click();
    const repay = page.getByRole('dialog', { name: 'Post repayment' });
    await repay.getByLabel('Amount (₦)').fill('34500');
    await expectNoInterest(page);
    await repay.getByRole('button', { name: 'Post repayment' }).click();
    await expectText(banner(page, MESSAGES.repaymentPosted), MESSAGES.repaymentPosted);
    const schedule = page.getByRole('table').filter({ has: page.getByText('Repayment schedule') });
    await expectText(schedule, 'Markup');
    await expectText(schedule, '₦4,500.00');
    await expectText(page.getByRole('region', { name: 'Position' }), '₦270,000.00');
    await expectNoInterest(page);
    await screenshot(page, `loans-murabaha-loan-${width}`);
    // Its payoff quote too: principal, markup to date, fees, penalties.
    await page.getByRole('link', { name: 'Payoff quote' }).click();
    const payoff = page.getByRole('region', { name: 'Payoff quote' });
    await expectText(payoff, 'Markup to date');
    await expectNoInterest(page);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('a murabaha loan in every look', () => {
  let loanId = '';
  beforeAll(async () => {
    const call = await apiAs(kobo, admin);
    const product = await seed.createProduct({ name: 'Motorcycle Murabaha', kind: 'murabaha', markup: '15', maxMonths: '12', savingsMultiple: '2', maxAmount: '1,000,000', guarantorsRequired: '0' });
    const holder = await seed.holderWithSavings('Aisha Bello', '200,000');
    const applied = (await call('POST', '/api/loans', { productId: product.id, userId: holder.userId, amount: '300,000', months: '10', purpose: 'Deliveries', item: 'Motorcycle' })) as { loan: { id: string } };
    loanId = applied.loan.id;
    await seed.approve(loanId);
    await seed.disburse(loanId);
    await call('POST', `/api/loans/${loanId}/repayments`, { amount: '34,500' });
  });

  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'loans-murabaha',
    path: () => `/loans/${loanId}`,
    user: () => admin,
    prepare: (page) => page.getByRole('region', { name: 'Position' }).waitFor(),
  });
});
