import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { findBookProblems } from '../ledger/book-problems.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';
import { runProductPayouts } from './run-product-payouts.ts';
import { accountBalance, depositInto, newProduct } from './savings-reports-test-support.ts';

/**
 * Issue 29's pay-out day and maturity: a target product's balances move to ordinary savings (or
 * out) on its pay-out day, once a year; a fixed deposit at maturity gets its interest and moves,
 * principal and interest, to ordinary savings, once. COOPERATIVE.md's figures: Christmas ₦18,000;
 * ₦100,000 at 12% for 6 months earns ₦6,000.
 */
let clock = new Date('2026-12-30T10:00:00+01:00');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => clock,
);

const db = () => ctx.app.kobo.database.db as Database;

async function runPayouts() {
  const response = await admin.post('/api/savings/products/payouts');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().runs as { productName: string; kind: string; period: string; valueDate: string; destination: string; accounts: number; movedKobo: number; interestKobo: number }[];
}

async function ledgerRows(userId: string, productId: string) {
  return queryRows<{ type: string; amount_kobo: string; transfer_id: string | null; value_date: string; description: string | null; counterparty_name: string | null }>(
    db(),
    sql`select t.type, t.amount_kobo::text, t.transfer_id, t.value_date::text, t.description, t.counterparty_name from savings_transactions t
        join savings_accounts a on a.id = t.account_id where a.user_id = ${userId} and a.product_id = ${productId} order by t.seq`,
  );
}

describe('a target product’s pay-out day', () => {
  it('moves Christmas Savings’ ₦18,000 to ordinary savings on 31 Dec, once', async () => {
    const christmas = await newProduct(db(), { name: 'Christmas Savings', kind: 'target', code: '2210', windowOpens: '12-01', windowCloses: '12-31', payoutOn: '12-31', payoutTo: 'ordinary' });
    const ada = await addStaff(admin, { name: 'Ada Okafor' });
    await deposit(admin, ada.userId, '50,000');
    await depositInto(db(), ada.userId, christmas, 1_800_000);

    clock = new Date('2026-12-30T10:00:00+01:00');
    expect(await runPayouts()).toEqual([]);
    expect(await accountBalance(db(), ada.userId, christmas)).toBe(1_800_000);

    clock = new Date('2026-12-31T08:00:00+01:00');
    expect(await runPayouts()).toEqual([
      { productId: christmas, productName: 'Christmas Savings', kind: 'target', period: '2026', valueDate: '2026-12-31', destination: 'ordinary', accounts: 1, movedKobo: 1_800_000, interestKobo: 0 },
    ]);
    expect(await accountBalance(db(), ada.userId, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(6_800_000);
    expect(await accountBalance(db(), ada.userId, christmas)).toBe(0);
    const [out] = (await ledgerRows(ada.userId, christmas)).slice(-1);
    const [into] = (await ledgerRows(ada.userId, ORDINARY_SAVINGS_PRODUCT_ID)).slice(-1);
    // Each leg names the member's other product, as their statement shows it ("From Christmas Savings").
    expect(out).toMatchObject({ type: 'transfer_out', amount_kobo: '1800000', value_date: '2026-12-31', description: 'Christmas Savings pay-out 2026', counterparty_name: 'Ordinary savings' });
    expect(into).toMatchObject({ type: 'transfer_in', amount_kobo: '1800000', value_date: '2026-12-31', counterparty_name: 'Christmas Savings' });
    expect(into!.transfer_id).toBe(out!.transfer_id);
    // On the pay-out day itself, once paid, the member's page names next year's pay-out.
    const products = await admin.get(`/api/savings/accounts/${ada.staffId}/products`);
    expect(products.statusCode, products.body).toBe(200);
    expect(products.json().accounts.find((account: { productId: string }) => account.productId === christmas)).toMatchObject({ balanceKobo: 0, nextPayoutOn: '2027-12-31' });

    // A second call, and the next day's, find the year's pay-out made.
    expect(await runPayouts()).toEqual([]);
    clock = new Date('2027-01-01T08:00:00+01:00');
    expect(await runPayouts()).toEqual([]);
    expect(await accountBalance(db(), ada.userId, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(6_800_000);
    expect(await findBookProblems(db())).toEqual([]);
  });

  it('pays a product whose balances go out as a withdrawal', async () => {
    clock = new Date('2026-12-31T08:00:00+01:00');
    const schoolFees = await newProduct(db(), { name: 'School Fees', kind: 'target', code: '2220', windowOpens: '12-01', windowCloses: '12-31', payoutOn: '12-31', payoutTo: 'out' });
    const bola = await addStaff(admin, { name: 'Bola Ade' });
    await depositInto(db(), bola.userId, schoolFees, 750_000);

    // The schedule's own call, with the app's clock, as the daily tick makes it.
    const runs = await runProductPayouts({ db: db(), now: () => clock, timeZone: 'Africa/Lagos' });
    expect(runs).toEqual([
      { productId: schoolFees, productName: 'School Fees', kind: 'target', period: '2026', valueDate: '2026-12-31', destination: 'out', accounts: 1, movedKobo: 750_000, interestKobo: 0 },
    ]);
    expect(await accountBalance(db(), bola.userId, schoolFees)).toBe(0);
    expect(await accountBalance(db(), bola.userId, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(0);
    expect((await ledgerRows(bola.userId, schoolFees)).map((row) => [row.type, Number(row.amount_kobo)])).toEqual([
      ['deposit', 750_000],
      ['withdrawal', 750_000],
    ]);
    expect(await runProductPayouts({ db: db(), now: () => clock, timeZone: 'Africa/Lagos' })).toEqual([]);
    expect(await findBookProblems(db())).toEqual([]);
  });

  it('leaves what a withdrawal awaiting approval holds for the officer to decide', async () => {
    clock = new Date('2026-12-31T08:00:00+01:00');
    const sallah = await newProduct(db(), { name: 'Sallah Savings', kind: 'target', code: '2230', windowOpens: '12-01', windowCloses: '12-31', payoutOn: '12-31', payoutTo: 'ordinary' });
    const tunde = await addStaff(admin, { name: 'Tunde Bello' });
    const accountId = await depositInto(db(), tunde.userId, sallah, 1_000_000);
    await db().execute(sql`
      insert into savings_requests (origin, type, user_id, account_id, amount_kobo, value_date, maker_id, maker_name, maker_email)
      values ('member', 'withdrawal', ${tunde.userId}, ${accountId}, 200000, '2026-12-31', ${tunde.userId}, 'Tunde Bello', 'tunde@example.com')`);

    const runs = await runPayouts();
    expect(runs.find((run) => run.productName === 'Sallah Savings')).toMatchObject({ accounts: 1, movedKobo: 800_000 });
    expect(await accountBalance(db(), tunde.userId, sallah)).toBe(200_000);
    expect(await accountBalance(db(), tunde.userId, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(800_000);
  });
});

describe('two runs at once', () => {
  it('pay a product out once: the daily check and an admin’s call meet on the year’s claim', async () => {
    clock = new Date('2026-12-31T08:00:00+01:00');
    const easter = await newProduct(db(), { name: 'Year End Savings', kind: 'target', code: '2240', windowOpens: '12-01', windowCloses: '12-31', payoutOn: '12-31', payoutTo: 'ordinary' });
    const emeka = await addStaff(admin, { name: 'Emeka Obi' });
    const funmi = await addStaff(admin, { name: 'Funmi Ade' });
    await depositInto(db(), emeka.userId, easter, 300_000);
    await depositInto(db(), funmi.userId, easter, 450_000);

    const [byAdmin, bySchedule] = await Promise.all([runPayouts(), runProductPayouts({ db: db(), now: () => clock, timeZone: 'Africa/Lagos' })]);
    const made = [...byAdmin, ...bySchedule].filter((run) => run.productName === 'Year End Savings');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ accounts: 2, movedKobo: 750_000 });
    expect(await accountBalance(db(), emeka.userId, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(300_000);
    expect(await accountBalance(db(), funmi.userId, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(450_000);
    expect(await findBookProblems(db())).toEqual([]);
  });
});

describe('a fixed deposit at maturity', () => {
  it('credits ₦6,000 of interest on ₦100,000 at 12% for 6 months and moves ₦106,000 to ordinary savings, once', async () => {
    clock = new Date('2026-12-31T09:00:00+01:00');
    const fixed = await newProduct(db(), { name: 'Fixed Deposit', kind: 'fixed', code: '2300', annualRateBp: 1200, termMonths: 6 });
    const chidi = await addStaff(admin, { name: 'Chidi Eze' });
    await deposit(admin, chidi.userId, '10,000');
    // Opened on 30 Jun 2026 for 6 months, as the fixed deposit's opening stores its terms.
    const accountId = await depositInto(db(), chidi.userId, fixed, 10_000_000, '2026-06-30');
    await db().execute(sql`update savings_accounts set principal_kobo = 10000000, annual_rate_bp = 1200, matures_on = '2026-12-30' where id = ${accountId}`);
    // Another member's deposit, not yet matured, stays.
    const dayo = await addStaff(admin, { name: 'Dayo Ojo' });
    const later = await depositInto(db(), dayo.userId, fixed, 5_000_000);
    await db().execute(sql`update savings_accounts set principal_kobo = 5000000, annual_rate_bp = 1200, matures_on = '2027-06-30' where id = ${later}`);

    const runs = await runPayouts();
    expect(runs.filter((run) => run.kind === 'fixed')).toEqual([
      { productId: fixed, productName: 'Fixed Deposit', kind: 'fixed', period: '2026-12-31', valueDate: '2026-12-31', destination: 'ordinary', accounts: 1, movedKobo: 10_600_000, interestKobo: 600_000 },
    ]);
    expect(await accountBalance(db(), chidi.userId, fixed)).toBe(0);
    expect(await accountBalance(db(), chidi.userId, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(11_600_000);
    expect((await ledgerRows(chidi.userId, fixed)).map((row) => [row.type, Number(row.amount_kobo), row.description])).toEqual([
      ['deposit', 10_000_000, null],
      ['interest', 600_000, 'Interest at 12% for 6 months'],
      ['transfer_out', 10_600_000, 'Fixed Deposit matured'],
    ]);
    expect(await accountBalance(db(), dayo.userId, fixed)).toBe(5_000_000);

    expect(await runPayouts()).toEqual([]);
    expect(await accountBalance(db(), chidi.userId, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(11_600_000);
    const interestLines = await queryRows<{ total: string }>(
      db(),
      sql`select coalesce(sum(l.amount_kobo), 0)::text as total from journal_lines l join ledger_accounts a on a.id = l.account_id where a.system_key = 'scheme.savings_interest'`,
    );
    expect(Number(interestLines[0]!.total)).toBe(600_000);
    expect(await findBookProblems(db())).toEqual([]);
  });
});
