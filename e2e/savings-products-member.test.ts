import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatNaira } from '@kobo/core';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../apps/api/src/db/client.ts';
import { depositInto, newProduct } from '../apps/api/src/modules/savings-reports/savings-reports-test-support.ts';
import { DESKTOP, hasHorizontalScroll, launchBrowser, newPage, pageErrorsOf, PHONE, screenshot } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { expectBeside, expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';

/**
 * Issue 29 "Seeing it": a member's savings page shows ordinary savings as before and, beside it, a
 * card per savings product: Christmas Savings with its pay-out day, shares against the ₦25,000
 * minimum; the officer's view of the member shows the same cards, and the admins' savings screen
 * the totals per product and the members below the share minimum. Products and balances are seeded
 * in SQL, as the products' own operations store them.
 */
let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let ada: SeededStaff;
let asAdmin: Awaited<ReturnType<typeof savingsApi>>;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  asAdmin = await savingsApi(kobo, admin);
  ada = await asAdmin.createStaff({ name: 'Ada Okafor' });
  await asAdmin.post({ userId: ada.id, type: 'deposit', amount: '50,000' });
  const db = kobo.app.kobo.database.db as Database;
  const shares = await newProduct(db, { name: 'Share Capital', kind: 'shares', code: '3010', sharePriceKobo: 50_000, minimumHoldingKobo: 2_500_000 });
  const christmas = await newProduct(db, { name: 'Christmas Savings', kind: 'target', code: '2210', windowOpens: '12-01', windowCloses: '12-31', payoutOn: '12-31', payoutTo: 'ordinary' });
  await depositInto(db, ada.id, christmas, 1_800_000);
  await depositInto(db, ada.id, shares, 2_450_000);
});
afterAll(async () => {
  await asAdmin?.dispose();
  await browser?.close();
  await kobo?.stop();
});

async function expectProductCards(page: Page) {
  const products = page.getByRole('region', { name: 'Savings products', exact: true });
  const christmas = products.getByRole('region', { name: 'Christmas Savings' });
  await expectText(christmas, formatNaira(1_800_000));
  await expectText(christmas, 'Target savings');
  expect(await christmas.textContent()).toMatch(/Pays out on 31 Dec \d{4}/);
  const shares = products.getByRole('region', { name: 'Share Capital' });
  await expectText(shares, formatNaira(2_450_000));
  await expectText(shares, '₦24,500.00 of ₦25,000.00 minimum');
  await expectText(shares, '49 shares');
  // Shares never leave while a member: nothing of them is available.
  await expectText(shares, `Available ${formatNaira(0)}`);
  expect(await shares.getByRole('progressbar', { name: '₦24,500.00 of ₦25,000.00 minimum' }).getAttribute('aria-valuenow')).toBe('98');
  // Ordinary savings stays on its own card, unchanged.
  expect(await products.getByRole('region', { name: 'Ordinary savings' }).count()).toBe(0);
}

describe("a member's savings page with savings products", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`shows ordinary savings, Christmas Savings and shares (${viewport.width} px)`, async () => {
      const { context, page } = await newPage(browser, kobo.baseURL, { viewport });
      const errors = pageErrorsOf(page);
      await signInQuickly(page, ada);
      await page.goto('/staff-savings');
      await pageSettled(page, 'My Savings Account');
      await expectText(page.getByRole('region', { name: 'Current Balance' }), formatNaira(5_000_000));
      await expectProductCards(page);
      expect(await hasHorizontalScroll(page)).toBe(false);
      // Every card inside the window: nothing sits off to the side on a phone.
      for (const card of await page.getByRole('region', { name: 'Savings products', exact: true }).getByRole('region').all()) {
        const box = await card.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      }
      await screenshot(page, `savings-products-member-${viewport.width}`);
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    });
  }

  it("shows the same cards on the officer's view of the member", async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: DESKTOP });
    const errors = pageErrorsOf(page);
    await signInQuickly(page, admin);
    await page.goto(`/savings/${ada.staffId}`);
    await pageSettled(page, 'Staff Savings Detail');
    await expectProductCards(page);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it("sets the member's standing contribution to each product on a 375 px phone, each bad amount beside its field", async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    const errors = pageErrorsOf(page);
    await signInQuickly(page, admin);
    await page.goto(`/savings/${ada.staffId}`);
    await pageSettled(page, 'Staff Savings Detail');
    const contribution = page.getByRole('region', { name: 'Monthly contribution' });
    // COOPERATIVE.md's standing contributions: ₦5,000 ordinary, ₦2,000 Christmas, ₦1,000 shares.
    await contribution.getByLabel('Monthly contribution (₦)').fill('5000');
    // Above the ₦1 trillion any amount may be: refused beside its own field, nothing sent.
    await contribution.getByLabel('Christmas Savings, monthly (₦)').fill('2000000000000');
    await contribution.getByLabel('Share Capital, monthly (₦)').fill('1000');
    await expectText(contribution, 'Taken until the ₦25,000.00 minimum is held');
    await contribution.getByRole('button', { name: 'Save Contribution' }).click();
    await expectBeside(contribution.getByLabel('Christmas Savings, monthly (₦)'), 'Please enter a valid amount');
    expect(await contribution.getByLabel('Monthly contribution (₦)').getAttribute('aria-invalid')).not.toBe('true');
    await contribution.getByLabel('Christmas Savings, monthly (₦)').fill('2000');
    await contribution.getByRole('button', { name: 'Save Contribution' }).click();
    await expectText(contribution.getByRole('status'), 'Monthly contribution saved');
    await expectText(contribution, `Now: ${formatNaira(500_000)}`);
    const standing = await queryRows<{ name: string; amount_kobo: string }>(
      kobo.app.kobo.database.db as Database,
      sql`select p.name, c.amount_kobo::text from standing_contributions c join savings_products p on p.id = c.product_id
          where c.user_id = ${ada.id} order by p.name`,
    );
    expect(standing.map((row) => [row.name, Number(row.amount_kobo)])).toEqual([
      ['Christmas Savings', 200_000],
      ['Ordinary savings', 500_000],
      ['Share Capital', 100_000],
    ]);
    // The fields start again from what the server holds.
    await expect.poll(() => contribution.getByLabel('Share Capital, monthly (₦)').inputValue()).toMatch(/^1,?000(\.00)?$/);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'savings-products-contributions-375');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('shows admins the totals per product and the members below the share minimum', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: DESKTOP });
    await signInQuickly(page, admin);
    await page.goto('/savings');
    await pageSettled(page, 'Staff Savings');
    const totals = page.getByRole('table', { name: 'Totals per savings product' });
    await expectText(totals, 'Christmas Savings');
    const rows = await totals.getByRole('row').allTextContents();
    expect(rows).toEqual([
      'ProductKindMembersTotal balance',
      `Share CapitalShare capital1${formatNaira(2_450_000)}`,
      `Ordinary savingsOrdinary savings1${formatNaira(5_000_000)}`,
      `Christmas SavingsTarget savings1${formatNaira(1_800_000)}`,
      `Total${formatNaira(9_250_000)}`,
    ]);
    const below = page.getByRole('table', { name: 'Members below the share minimum' });
    await expectText(below, 'Ada Okafor');
    expect(await below.getByRole('row').nth(1).textContent()).toBe(
      `Ada Okafor${ada.staffId}Share Capital${formatNaira(2_450_000)}${formatNaira(2_500_000)}${formatNaira(50_000)}`,
    );
    await screenshot(page, 'savings-products-admin-1280');
    await context.close();
  });

  it('shows admins the same figures as a card each on a 375 px phone', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, admin);
    await page.goto('/savings');
    await pageSettled(page, 'Staff Savings');
    const totals = page.getByRole('list', { name: 'Totals per savings product' });
    await expectText(totals, 'Christmas Savings');
    expect(await totals.getByRole('listitem').allTextContents()).toEqual([
      `Share Capital${formatNaira(2_450_000)}Share capital · 1 member`,
      `Ordinary savings${formatNaira(5_000_000)}Ordinary savings · 1 member`,
      `Christmas Savings${formatNaira(1_800_000)}Target savings · 1 member`,
      `Total${formatNaira(9_250_000)}`,
    ]);
    const below = page.getByRole('list', { name: 'Members below the share minimum' });
    expect(await below.getByRole('listitem').allTextContents()).toEqual([
      `Ada Okafor${formatNaira(50_000)} short${ada.staffId} · Share Capital · ${formatNaira(2_450_000)} of ${formatNaira(2_500_000)}`,
    ]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'savings-products-admin-375');
    await context.close();
  });
});

describe('a loan product secured by savings products', () => {
  it('ticks ordinary savings and shares by default, and saves the products ticked', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    const errors = pageErrorsOf(page);
    await signInQuickly(page, admin);
    await page.goto('/loans?tab=products');
    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog', { name: 'New loan product' });
    await dialog.getByLabel('Name').fill('Festive Loan');
    await dialog.getByLabel('Annual rate (%)').fill('12');
    await dialog.getByLabel('Longest term (months)').fill('12');
    await dialog.getByLabel('Multiple of savings (×)').fill('2');
    await dialog.getByLabel('Largest loan (₦)').fill('500000');
    const securing = dialog.getByRole('group', { name: 'Savings that secure the loan' });
    await securing.getByRole('checkbox', { name: 'Christmas Savings' }).waitFor();
    expect(await securing.getByRole('checkbox', { name: 'Ordinary savings' }).isChecked()).toBe(true);
    expect(await securing.getByRole('checkbox', { name: 'Share Capital' }).isChecked()).toBe(true);
    expect(await securing.getByRole('checkbox', { name: 'Christmas Savings' }).isChecked()).toBe(false);
    await securing.getByRole('checkbox', { name: 'Christmas Savings' }).check();
    await dialog.getByRole('button', { name: 'Save product' }).click();
    await dialog.waitFor({ state: 'detached' });
    const [saved] = await queryRows<{ names: string[] }>(
      kobo.app.kobo.database.db as Database,
      sql`select array(select p.name from savings_products p where p.id = any(l.security_product_ids) order by p.name) as names
          from loan_products l where l.name = 'Festive Loan'`,
    );
    expect(saved?.names).toEqual(['Christmas Savings', 'Ordinary savings', 'Share Capital']);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('the savings page with products in every look', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'savings-products-member',
    path: '/staff-savings',
    user: () => ada,
    prepare: async (page) => {
      await page.getByRole('region', { name: 'Share Capital' }).getByText('₦24,500.00 of ₦25,000.00 minimum').waitFor();
    },
  });
});
