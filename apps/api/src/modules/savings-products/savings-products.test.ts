import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGES, ORDINARY_SAVINGS_PRODUCT_ID } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { findBookProblems } from '../ledger/book-problems.ts';
import { openAccount } from '../ledger/savings-accounts.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';

/**
 * Settings › Savings products (issue 29): an admin sets up share capital, target savings and fixed
 * deposits beside ordinary savings, each under its own control account in the scheme's book.
 */
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-11-20T09:00:00Z'),
);

const db = () => ctx.app.kobo.database.db as Database;

type Accounts = {
  controlAccounts: { id: string; code: string; name: string; kind: string; productId: string | null }[];
  penaltyAccounts: { id: string; code: string; name: string }[];
  defaultPenaltyAccountId: string | null;
};
async function productAccounts(): Promise<Accounts> {
  const response = await admin.get('/api/savings-products/control-accounts');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function accountByCode(code: string) {
  const [row] = await queryRows<{ id: string; code: string; name: string; kind: string; subledger: string | null }>(
    db(),
    sql`select id, code, name, kind, subledger from ledger_accounts where book = 'scheme' and code = ${code}`,
  );
  return row;
}

const christmas = () => ({
  name: 'Christmas Savings',
  kind: 'target',
  controlAccountId: 'new',
  windowOpens: { day: 1, month: 12 },
  windowCloses: '12-31',
  payoutOn: '12-31',
  payoutTo: 'ordinary',
  earlyWithdrawal: true,
  penaltyKind: 'percent',
  penaltyValue: '5',
});

/** A target product with a September window, no early withdrawal, under a new account. */
const schoolFees = (name: string) => ({ name, kind: 'target', controlAccountId: 'new', windowOpens: '09-01', windowCloses: '09-30', payoutOn: '09-01', payoutTo: 'out' });

async function create(body: Record<string, unknown>) {
  const response = await admin.post('/api/savings-products', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product as { id: string; name: string; controlAccountId: string };
}

const names = async (client: SignedInClient, query = '') =>
  (await client.get(`/api/savings-products${query}`)).json().products.map((product: { name: string; retiredAt: string | null }) => `${product.name}${product.retiredAt ? ' (retired)' : ''}`);

describe('savings products', () => {
  it('creates a target product with its window, pay-out day and penalty, under a new liability account 2200', async () => {
    const { defaultPenaltyAccountId } = await productAccounts();
    const response = await admin.post('/api/savings-products', { ...christmas(), penaltyAccountId: defaultPenaltyAccountId });
    expect(response.statusCode, response.body).toBe(201);
    const control = await accountByCode('2200');
    expect(control).toEqual({ id: expect.any(String), code: '2200', name: 'Christmas Savings', kind: 'liability', subledger: 'member_savings' });
    expect(response.json().product).toEqual({
      id: expect.any(String),
      name: 'Christmas Savings',
      kind: 'target',
      controlAccountId: control!.id,
      sharePriceKobo: null,
      minimumHoldingKobo: null,
      windowOpens: '12-01',
      windowCloses: '12-31',
      payoutOn: '12-31',
      payoutTo: 'ordinary',
      earlyWithdrawal: true,
      penalty: { kind: 'percent', basisPoints: 500 },
      penaltyAccountId: defaultPenaltyAccountId,
      annualRateBp: null,
      termMonths: null,
      retiredAt: null,
    });
    expect(await findBookProblems(db())).toEqual([]);
    const audit = (await admin.get('/api/audit?kind=savings_product.created')).json();
    expect(audit.entries[0]).toMatchObject({ kind: 'savings_product.created', target: { label: 'Christmas Savings' }, after: { penalty: { kind: 'percent', basisPoints: 500 } } });
  });

  it('creates share capital at ₦1,000 a share with a ₦25,000 minimum on the chart’s Share capital (3000), which becomes a control account', async () => {
    const shareCapital = await accountByCode('3000');
    expect(shareCapital?.subledger).toBeNull();
    const product = await create({ name: 'Shares', kind: 'shares', controlAccountId: shareCapital!.id, sharePricing: 'per_share', sharePrice: '1,000', minimumHolding: '25,000' });
    expect(product).toMatchObject({ kind: 'shares', controlAccountId: shareCapital!.id, sharePriceKobo: 100_000, minimumHoldingKobo: 2_500_000, penalty: null, earlyWithdrawal: false });
    expect((await accountByCode('3000'))?.subledger).toBe('member_savings');
    // Held and posted to, the books still agree.
    const member = await addStaff(admin, { name: 'Ngozi Eze' });
    await deposit(admin, member.userId, '10,000');
    await openAccount(db() as unknown as Transaction, member.userId, product.id);
    expect(await findBookProblems(db())).toEqual([]);
  });

  it('creates shares held as a naira amount under a new equity account 3010, and a fixed deposit under the next liability code', async () => {
    const naira = await create({ name: 'Thrift Shares', kind: 'shares', controlAccountId: 'new', sharePricing: 'amount', minimumHolding: '0' });
    expect(naira).toMatchObject({ sharePriceKobo: null, minimumHoldingKobo: null });
    expect(await accountByCode('3010')).toMatchObject({ id: naira.controlAccountId, name: 'Thrift Shares', kind: 'equity', subledger: 'member_savings' });

    const { penaltyAccounts } = await productAccounts();
    const fixed = await create({
      name: 'Fixed Deposit',
      kind: 'fixed',
      controlAccountId: 'new',
      annualRate: '10.5',
      termMonths: '6',
      penaltyKind: 'fixed',
      penaltyValue: '2,500',
      penaltyAccountId: penaltyAccounts[0]!.id,
    });
    expect(fixed).toMatchObject({ kind: 'fixed', annualRateBp: 1050, termMonths: 6, penalty: { kind: 'fixed', kobo: 250_000 }, penaltyAccountId: penaltyAccounts[0]!.id });
    expect(await accountByCode('2201')).toMatchObject({ id: fixed.controlAccountId, kind: 'liability', subledger: 'member_savings' });
    expect(await findBookProblems(db())).toEqual([]);
  });

  it('lists ordinary savings first, then by name, with each product’s control account offered only to it', async () => {
    expect(await names(admin)).toEqual(['Ordinary savings', 'Christmas Savings', 'Fixed Deposit', 'Shares', 'Thrift Shares']);
    const { controlAccounts } = await productAccounts();
    const ordinary = controlAccounts.find((account) => account.code === '2000');
    expect(ordinary).toMatchObject({ kind: 'liability', productId: ORDINARY_SAVINGS_PRODUCT_ID });
    // Accounts that carry postings or feed a posting rule are not offered (cash is an asset; fee income is income).
    expect(controlAccounts.every((account) => account.kind === 'liability' || account.kind === 'equity')).toBe(true);
  });

  it('opens two new control accounts at once on two codes, one product each', async () => {
    const [first, second] = await Promise.all([admin.post('/api/savings-products', schoolFees('School Fees A')), admin.post('/api/savings-products', schoolFees('School Fees B'))]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const codes = await queryRows<{ code: string }>(
      db(),
      sql`select a.code from savings_products p join ledger_accounts a on a.id = p.control_account_id where p.name like 'School Fees _' order by a.code`,
    );
    // The next two free codes of the liability range (which depend on the products made before this test).
    const [low, high] = codes.map(({ code }) => Number(code));
    expect(high! - low!).toBe(1);
    expect(low! >= 2200 && high! <= 2899).toBe(true);
    for (const response of [first, second]) expect((await admin.request('DELETE', `/api/savings-products/${response.json().product.id}`)).statusCode).toBe(204);
  });

  it.each([
    [{ name: '  ' }, 'name', MESSAGES.loanProductNameRequired],
    [{ name: 'x'.repeat(61) }, 'name', MESSAGES.loanProductNameTooLong],
    [{ kind: 'bond' }, 'kind', MESSAGES.chooseSavingsProductKind],
    [{ controlAccountId: '' }, 'controlAccountId', MESSAGES.savingsControlAccountRequired],
    [{ controlAccountId: '00000000-0000-4000-8000-000000000000' }, 'controlAccountId', MESSAGES.savingsControlAccountUnusable],
    [{ controlAccountId: 'not-an-account' }, 'controlAccountId', MESSAGES.savingsControlAccountUnusable],
    [{ windowOpens: '02-30' }, 'windowOpens', MESSAGES.dayOfYearInvalid],
    [{ windowOpens: '02-29' }, 'windowOpens', MESSAGES.dayOfYearLeapDay],
    [{ windowOpens: { day: 31, month: 12 }, windowCloses: '12-01', payoutOn: '12-01' }, 'windowCloses', MESSAGES.windowClosesBeforeOpens],
    [{ payoutOn: '11-30' }, 'payoutOn', MESSAGES.payoutOutsideWindow],
    [{ payoutTo: 'bank' }, 'payoutTo', MESSAGES.choosePayoutTo],
    [{ earlyWithdrawal: 'maybe' }, 'earlyWithdrawal', MESSAGES.earlyWithdrawalChoiceInvalid],
    [{ penaltyKind: 'fine' }, 'penaltyKind', MESSAGES.penaltyKindInvalid],
    [{ penaltyValue: '100.01' }, 'penaltyValue', MESSAGES.penaltyPercentInvalid],
    [{ penaltyAccountId: undefined }, 'penaltyAccountId', MESSAGES.penaltyAccountRequired],
    [{ penaltyAccountId: '00000000-0000-4000-8000-000000000000' }, 'penaltyAccountId', MESSAGES.penaltyAccountUnusable],
    [{ kind: 'shares', sharePricing: 'lots' }, 'sharePricing', MESSAGES.chooseSharePricing],
    [{ kind: 'shares', sharePricing: 'per_share', sharePrice: '0' }, 'sharePrice', MESSAGES.enterValidAmount],
    [{ kind: 'shares', sharePricing: 'per_share', sharePrice: '1,000', minimumHolding: '2,500' }, 'minimumHolding', MESSAGES.minimumHoldingNotWholeShares],
    [{ kind: 'fixed', annualRate: '100.01', termMonths: '6', penaltyKind: 'none' }, 'annualRate', MESSAGES.loanRateInvalid],
    [{ kind: 'fixed', annualRate: '10', termMonths: '121', penaltyKind: 'none' }, 'termMonths', MESSAGES.fixedTermInvalid],
  ])('refuses %o on its field, writing nothing', async (change, field, message) => {
    const { defaultPenaltyAccountId } = await productAccounts();
    await expectNoRowsWritten(db(), async () => {
      const response = await admin.post('/api/savings-products', { ...christmas(), name: 'Refused', penaltyAccountId: defaultPenaltyAccountId, ...change });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ error: 'VALIDATION', message, field });
    });
  });

  it('refuses a control account of the wrong kind, one with postings, and another product’s', async () => {
    const { defaultPenaltyAccountId } = await productAccounts();
    const shareCapital = await accountByCode('3000');
    const members = await accountByCode('2000');
    const cash = await queryRows<{ id: string }>(db(), sql`select a.id from ledger_accounts a join ledger_mappings m on m.account_id = a.id where m.key = 'savings.cash'`);
    // A liability something has posted to (a manual entry: Dr Bank charges / Cr Accrued charges).
    const created = await admin.post('/api/books/accounts', { book: 'scheme', code: '2140', name: 'Accrued charges', kind: 'liability' });
    expect(created.statusCode, created.body).toBe(201);
    const posted = await accountByCode('2140');
    const bankCharges = await accountByCode('5100');
    expect((await admin.request('PUT', '/api/savings/books-start', { booksStart: '2026-01-01' })).statusCode).toBe(200);
    const entry = await admin.post('/api/books/entries', {
      book: 'scheme',
      valueDate: '2026-11-20',
      narration: 'Charges accrued',
      lines: [
        { accountId: bankCharges!.id, debit: '1,500.00' },
        { accountId: posted!.id, credit: '1,500.00' },
      ],
    });
    expect(entry.statusCode, entry.body).toBe(201);
    for (const controlAccountId of [shareCapital!.id, members!.id, cash[0]!.id, posted!.id]) {
      await expectNoRowsWritten(db(), async () => {
        const response = await admin.post('/api/savings-products', { ...christmas(), name: 'Sallah Savings', controlAccountId, penaltyAccountId: defaultPenaltyAccountId });
        expect(response.json()).toEqual({ error: 'VALIDATION', message: MESSAGES.savingsControlAccountUnusable, field: 'controlAccountId' });
      });
    }
  });

  it('refuses a name another product has, whatever its case', async () => {
    await expectNoRowsWritten(db(), async () => {
      const response = await admin.post('/api/savings-products', { name: 'CHRISTMAS savings', kind: 'ordinary', controlAccountId: 'new' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'SAVINGS_PRODUCT_NAME_TAKEN', message: MESSAGES.savingsProductNameTaken, field: 'name' });
    });
  });

  it('changes a product’s rules at any time, and its kind only while nobody holds it', async () => {
    const { defaultPenaltyAccountId } = await productAccounts();
    const product = await create({ ...christmas(), name: 'School Fees', penaltyAccountId: defaultPenaltyAccountId });
    const school = { ...christmas(), name: 'School Fees', controlAccountId: product.controlAccountId, windowOpens: '09-01', windowCloses: '09-30', payoutOn: '09-01', payoutTo: 'out', earlyWithdrawal: false };
    const changed = await admin.request('PUT', `/api/savings-products/${product.id}`, school);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().product).toMatchObject({ windowOpens: '09-01', payoutTo: 'out', earlyWithdrawal: false, penalty: null, penaltyAccountId: null });
    const audit = (await admin.get('/api/audit?kind=savings_product.updated')).json();
    expect(audit.entries[0]).toMatchObject({ target: { label: 'School Fees' }, before: { windowOpens: '12-01' }, after: { windowOpens: '09-01' } });

    // Unheld, it may become a fixed deposit (its liability account suits one).
    const asFixed = { name: 'School Fees', kind: 'fixed', controlAccountId: product.controlAccountId, annualRate: '8', termMonths: '12', penaltyKind: 'none' };
    expect((await admin.request('PUT', `/api/savings-products/${product.id}`, asFixed)).statusCode).toBe(200);

    const member = await addStaff(admin, { name: 'Bola Ade' });
    await openAccount(db() as unknown as Transaction, member.userId, product.id);
    await expectNoRowsWritten(db(), async () => {
      const refused = await admin.request('PUT', `/api/savings-products/${product.id}`, school);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'SAVINGS_PRODUCT_HELD', message: MESSAGES.savingsProductKindLocked, field: 'kind' });
      const moved = await admin.request('PUT', `/api/savings-products/${product.id}`, { ...asFixed, controlAccountId: 'new' });
      expect(moved.json()).toEqual({ error: 'SAVINGS_PRODUCT_HELD', message: MESSAGES.savingsControlAccountLocked, field: 'controlAccountId' });
      const deleted = await admin.request('DELETE', `/api/savings-products/${product.id}`);
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json()).toEqual({ error: 'SAVINGS_PRODUCT_HELD', message: MESSAGES.savingsProductHeld });
    });
    // Its rules still change.
    expect((await admin.request('PUT', `/api/savings-products/${product.id}`, { ...asFixed, annualRate: '9' })).json().product.annualRateBp).toBe(900);
  });

  it('retires a product: members no longer see it, admins see it with ?include=retired, and it can be restored', async () => {
    const staff = await ctx.signedIn('staff');
    const product = await create({ name: 'Sallah Savings 2025', kind: 'ordinary', controlAccountId: 'new' });
    expect(await names(staff)).toContain('Sallah Savings 2025');
    const retired = await admin.post(`/api/savings-products/${product.id}/retire`);
    expect(retired.json().product.retiredAt).toBe('2026-11-20T09:00:00.000Z');
    expect((await admin.post(`/api/savings-products/${product.id}/retire`)).statusCode).toBe(200);
    expect(await names(staff)).not.toContain('Sallah Savings 2025');
    expect(await names(staff, '?include=retired')).not.toContain('Sallah Savings 2025 (retired)');
    expect(await names(admin)).not.toContain('Sallah Savings 2025 (retired)');
    expect(await names(admin, '?include=retired')).toContain('Sallah Savings 2025 (retired)');
    const entries = (await admin.get('/api/audit?kind=savings_product.retired')).json().entries;
    expect(entries.filter((entry: { target: { label: string } }) => entry.target.label === 'Sallah Savings 2025')).toHaveLength(1);
    expect((await admin.post(`/api/savings-products/${product.id}/restore`)).json().product.retiredAt).toBeNull();
  });

  it('deletes a product nobody holds, keeping its control account in the chart', async () => {
    const product = await create({ name: 'Mistake', kind: 'target', controlAccountId: 'new', windowOpens: '06-01', windowCloses: '06-30', payoutOn: '06-30', payoutTo: 'out' });
    const response = await admin.request('DELETE', `/api/savings-products/${product.id}`);
    expect(response.statusCode).toBe(204);
    expect(await names(admin, '?include=retired')).not.toContain('Mistake');
    const [kept] = await queryRows<{ name: string }>(db(), sql`select name from ledger_accounts where id = ${product.controlAccountId}`);
    expect(kept?.name).toBe('Mistake');
    expect((await admin.get('/api/audit?kind=savings_product.deleted')).json().entries[0]).toMatchObject({ target: { label: 'Mistake' }, after: null });
    expect((await admin.request('DELETE', `/api/savings-products/${product.id}`)).statusCode).toBe(404);
  });

  it('keeps ordinary savings: never retired, deleted or made another kind; its name and rules may change', async () => {
    const members = await accountByCode('2000');
    await expectNoRowsWritten(db(), async () => {
      const retire = await admin.post(`/api/savings-products/${ORDINARY_SAVINGS_PRODUCT_ID}/retire`);
      expect(retire.statusCode).toBe(409);
      expect(retire.json()).toEqual({ error: 'ORDINARY_SAVINGS_FIXED', message: MESSAGES.ordinarySavingsFixed });
      expect((await admin.request('DELETE', `/api/savings-products/${ORDINARY_SAVINGS_PRODUCT_ID}`)).statusCode).toBe(409);
      const target = await admin.request('PUT', `/api/savings-products/${ORDINARY_SAVINGS_PRODUCT_ID}`, { ...christmas(), name: 'Ordinary savings', controlAccountId: members!.id, penaltyKind: 'none' });
      expect(target.json()).toEqual({ error: 'ORDINARY_SAVINGS_FIXED', message: MESSAGES.ordinarySavingsFixed, field: 'kind' });
    });
    const renamed = await admin.request('PUT', `/api/savings-products/${ORDINARY_SAVINGS_PRODUCT_ID}`, { name: 'Ordinary Savings', kind: 'ordinary', controlAccountId: members!.id });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().product).toMatchObject({ id: ORDINARY_SAVINGS_PRODUCT_ID, name: 'Ordinary Savings', kind: 'ordinary', controlAccountId: members!.id });
    expect((await admin.get('/api/savings-products')).json().products[0].id).toBe(ORDINARY_SAVINGS_PRODUCT_ID);
  });

  it('answers 404 for a product that does not exist', async () => {
    const missing = await admin.request('PUT', '/api/savings-products/00000000-0000-4000-8000-000000000000', { name: 'Nothing', kind: 'ordinary', controlAccountId: 'new' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'SAVINGS_PRODUCT_NOT_FOUND', message: MESSAGES.savingsProductNotFound });
  });

  it.each([
    ['a NUL in the name', { name: 'Christmas\u0000Savings' }],
    ['a lone surrogate in the name', { name: 'Christmas \ud800 Savings' }],
    ['a huge name', { name: 'x'.repeat(200_000) }],
    ['a huge control account', { controlAccountId: 'x'.repeat(10_000) }],
    ['a day of 30 February', { windowCloses: '02-30' }],
    ['a day as an object of objects', { payoutOn: { day: { day: 1 }, month: [12] } }],
    ['a penalty in scientific notation', { penaltyValue: '5e2' }],
    ['an array for a body', null],
  ])('refuses %s with a 4xx and changes nothing', async (_label, change) => {
    const { defaultPenaltyAccountId } = await productAccounts();
    await expectNoRowsWritten(db(), async () => {
      const body = change === null ? [christmas()] : { ...christmas(), name: 'Hostile Savings', penaltyAccountId: defaultPenaltyAccountId, ...change };
      const response = await admin.post('/api/savings-products', body);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    });
  });
});
