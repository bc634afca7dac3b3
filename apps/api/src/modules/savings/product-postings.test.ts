import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { queryRows, type Database } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { ledgerAccountId } from '../books/books-test-support.ts';
import { addStaff, deposit, openSavingsContext, balanceOf } from './savings-test-support.ts';
import { booksBalance, createTestProduct, postToProduct, productAccountsOf, productBalance, PRODUCTS, type TestProduct } from './product-test-support.ts';

/**
 * Issue 29: a member's product accounts. Each product's rule refuses in core's sentence, money
 * moves between a member's own products, fixed deposits open and break, and the combined
 * statement shows every product's rows. The clock starts on Thursday 26 November 2026 and moves
 * into the Christmas window later in the file.
 */
let clock = new Date('2026-11-26T10:00:00.000Z');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => clock,
);

const db = () => ctx.app.kobo.database.db as Database;
let shares: TestProduct;
let christmas: TestProduct;
let sallah: TestProduct;
let fixed: TestProduct;
let fixedPenaltyAccount: string;

beforeAll(async () => {
  shares = await createTestProduct(db(), PRODUCTS.shares());
  christmas = await createTestProduct(db(), PRODUCTS.christmas());
  sallah = await createTestProduct(db(), PRODUCTS.christmasEarly());
  const [income] = await queryRows<{ id: string }>(
    db(),
    sql`insert into ledger_accounts (book, code, name, kind) values ('scheme', '4310', 'Fixed deposit break charges', 'income') returning id`,
  );
  fixedPenaltyAccount = income!.id;
  fixed = await createTestProduct(db(), { ...PRODUCTS.fixed(), penaltyAccountId: fixedPenaltyAccount });
});

async function expectRefused(response: { statusCode: number; json: () => unknown; body: string }, status: number, body: Record<string, unknown>) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual(body);
}

describe('postings to a product', () => {
  it('buys ₦1,000 of shares and refuses to let them be withdrawn while a member', async () => {
    const member = await addStaff(admin, { name: 'Ada Okafor' });
    const bought = await postToProduct(admin, { userId: member.userId, productId: shares.id, type: 'deposit', amount: '1,000' });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().transaction).toMatchObject({ type: 'deposit', amountKobo: 100_000 });
    expect(bought.json().account.balanceKobo).toBe(100_000);

    await expectRefused(await postToProduct(admin, { userId: member.userId, productId: shares.id, type: 'withdrawal', amount: '500' }), 409, {
      error: 'SAVINGS_PRODUCT_RULE',
      message: 'Shares cannot be withdrawn while you are a member',
      field: 'productId',
    });
    expect(await productBalance(admin, member.userId, shares.id)).toBe(100_000);
    // Ordinary savings were never touched.
    expect(await balanceOf(admin, member.userId)).toBe(0);
  });

  it('refuses a Christmas withdrawal before its window: "Christmas Savings opens for withdrawal on 1 Dec 2026"', async () => {
    const member = await addStaff(admin, { name: 'Emeka Obi' });
    expect((await postToProduct(admin, { userId: member.userId, productId: christmas.id, type: 'deposit', amount: '10,000' })).statusCode).toBe(201);
    await expectRefused(await postToProduct(admin, { userId: member.userId, productId: christmas.id, type: 'withdrawal', amount: '1,000' }), 409, {
      error: 'SAVINGS_PRODUCT_RULE',
      message: 'Christmas Savings opens for withdrawal on 1 Dec 2026',
      field: 'productId',
    });
    expect(await productBalance(admin, member.userId, christmas.id)).toBe(1_000_000);
  });

  it('pays ₦9,500 of an early ₦10,000 withdrawal at 5% and takes ₦500 to fee income', async () => {
    const member = await addStaff(admin, { name: 'Bisi Ade' });
    const feeIncome = await ledgerAccountId(db(), 'scheme.fee_income');
    const feeBefore = await booksBalance(db(), feeIncome);
    expect((await postToProduct(admin, { userId: member.userId, productId: sallah.id, type: 'deposit', amount: '10,000' })).statusCode).toBe(201);

    const early = await postToProduct(admin, { userId: member.userId, productId: sallah.id, type: 'withdrawal', amount: '10,000' });
    expect(early.statusCode, early.body).toBe(201);
    expect(early.json().transaction).toMatchObject({ type: 'withdrawal', amountKobo: 950_000 });
    expect(early.json().penalty).toMatchObject({ type: 'penalty', amountKobo: 50_000 });
    expect(early.json().account.balanceKobo).toBe(0);
    expect(await booksBalance(db(), feeIncome)).toBe(feeBefore + 50_000);
    expect(await booksBalance(db(), sallah.controlAccountId)).toBe(0);
  });

  it('posts a product deposit and an own transfer once when each is sent twice with one Idempotency-Key', async () => {
    const member = await addStaff(admin, { name: 'Twice Sender' });
    await deposit(admin, member.userId, '3,000');
    const body = { userId: member.userId, productId: christmas.id, type: 'deposit', amount: '1,500' };
    const first = await postToProduct(admin, body, 'product-deposit-1');
    const again = await postToProduct(admin, body, 'product-deposit-1');
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().transaction.id).toBe(first.json().transaction.id);
    const move = { userId: member.userId, fromProductId: '00000000-0000-4000-8000-000000000001', toProductId: christmas.id, amount: '1,000' };
    const moved = await admin.post('/api/savings/own-transfers', move, { 'idempotency-key': 'own-transfer-1' });
    const movedAgain = await admin.post('/api/savings/own-transfers', move, { 'idempotency-key': 'own-transfer-1' });
    expect([moved.statusCode, movedAgain.statusCode]).toEqual([201, 201]);
    expect(movedAgain.json().transferId).toBe(moved.json().transferId);
    expect(await productBalance(admin, member.userId, christmas.id)).toBe(250_000);
    expect(await balanceOf(admin, member.userId)).toBe(200_000);
  });

  it('refuses a deposit into a fixed deposit outside its opening', async () => {
    const member = await addStaff(admin, { name: 'Kemi Lawal' });
    await expectRefused(await postToProduct(admin, { userId: member.userId, productId: fixed.id, type: 'deposit', amount: '5,000' }), 409, {
      error: 'SAVINGS_PRODUCT_RULE',
      message: 'Fixed Deposit takes money only when it is opened',
      field: 'productId',
    });
    expect(await productBalance(admin, member.userId, fixed.id)).toBe(0);
  });

  it('refuses a product that does not exist', async () => {
    const member = await addStaff(admin, { name: 'No Product' });
    const response = await postToProduct(admin, { userId: member.userId, productId: '00000000-0000-4000-8000-00000000abcd', type: 'deposit', amount: '5' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'SAVINGS_PRODUCT_NOT_FOUND', message: 'Savings product not found', field: 'productId' });
  });

  it('shows each product with its balance, what may leave it today, the pay-out day and shares against the minimum', async () => {
    const member = await addStaff(admin, { name: 'Tunde Bello' });
    await deposit(admin, member.userId, '3,000');
    for (const [product, amount] of [
      [shares, '2,450'],
      [christmas, '2,000'],
      [sallah, '10,000'],
    ] as const) {
      expect((await postToProduct(admin, { userId: member.userId, productId: product.id, type: 'deposit', amount })).statusCode).toBe(201);
    }
    // COOPERATIVE.md's standing contributions: ₦5,000 ordinary, ₦2,000 Christmas, ₦1,000 shares.
    const standing = await admin.request('PUT', '/api/savings/contributions', {
      contributions: [
        { userId: member.userId, amount: '5,000' },
        { userId: member.userId, productId: christmas.id, amount: '2,000' },
        { userId: member.userId, productId: shares.id, amount: '1,000' },
      ],
    });
    expect(standing.statusCode, standing.body).toBe(200);
    const accounts = await productAccountsOf(admin, member.staffId ?? member.userId);
    const byName = Object.fromEntries(accounts.map((account) => [account.productName, account]));
    expect(byName['Ordinary savings']).toMatchObject({ kind: 'ordinary', balanceKobo: 300_000, availableKobo: 300_000, nextPayoutOn: null, standingContributionKobo: 500_000 });
    expect(byName.Shares).toMatchObject({ kind: 'shares', balanceKobo: 245_000, availableKobo: 0, sharesHeld: 2, minimumHoldingKobo: 2_500_000, standingContributionKobo: 100_000 });
    expect(byName['Christmas Savings']).toMatchObject({ kind: 'target', balanceKobo: 200_000, availableKobo: 0, nextPayoutOn: '2026-12-15', standingContributionKobo: 200_000 });
    expect(byName['Sallah Savings']).toMatchObject({ kind: 'target', balanceKobo: 1_000_000, availableKobo: 950_000, nextPayoutOn: '2026-12-15', standingContributionKobo: 0 });
    expect(byName['Fixed Deposit']).toMatchObject({ accountId: null, kind: 'fixed', balanceKobo: 0, availableKobo: 0, maturesOn: null, standingContributionKobo: 0 });

    // The member reads the same for themselves.
    const own = await ctx.signedIn('staff');
    const mine = await own.get('/api/savings/me/products');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().accounts.map((account: { productName: string; balanceKobo: number }) => [account.productName, account.balanceKobo])).toContainEqual(['Shares', 0]);
  });
});

describe('moving money between a member’s own products', () => {
  it('moves ₦1,000 from ordinary savings to shares as one entry across the two control accounts', async () => {
    const member = await addStaff(admin, { name: 'Ngozi Eze' });
    await deposit(admin, member.userId, '5,000');
    const moved = await admin.post('/api/savings/own-transfers', { userId: member.userId, fromProductId: '00000000-0000-4000-8000-000000000001', toProductId: shares.id, amount: '1,000' });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json()).toMatchObject({ amountKobo: 100_000, penalty: null, out: { type: 'transfer_out', counterpartyName: 'Shares' }, in: { type: 'transfer_in', counterpartyName: 'Ordinary savings' } });
    expect(await balanceOf(admin, member.userId)).toBe(400_000);
    expect(await productBalance(admin, member.userId, shares.id)).toBe(100_000);
    const lines = await queryRows<{ code: string; amount_kobo: string }>(
      db(),
      sql`select a.code, l.amount_kobo::text from journal_entries e join journal_lines l on l.entry_id = e.id
          join ledger_accounts a on a.id = l.account_id where e.source_id = ${moved.json().transferId} order by l.line_no`,
    );
    expect(lines.map((line) => [line.code, Number(line.amount_kobo)])).toEqual([
      ['2000', 100_000],
      [expect.stringMatching(/^P/), -100_000],
    ]);
  });

  it('refuses shares to ordinary savings, and the same product both ways', async () => {
    const member = await addStaff(admin, { name: 'Sade Akin' });
    expect((await postToProduct(admin, { userId: member.userId, productId: shares.id, type: 'deposit', amount: '1,000' })).statusCode).toBe(201);
    await expectRefused(
      await admin.post('/api/savings/own-transfers', { userId: member.userId, fromProductId: shares.id, toProductId: '00000000-0000-4000-8000-000000000001', amount: '100' }),
      409,
      { error: 'SAVINGS_PRODUCT_RULE', message: 'Shares cannot be withdrawn while you are a member', field: 'fromProductId' },
    );
    const same = await admin.post('/api/savings/own-transfers', { userId: member.userId, fromProductId: shares.id, toProductId: shares.id, amount: '100' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ message: 'Please choose two different products', field: 'toProductId' });
  });
});

describe('fixed deposits', () => {
  let member: { userId: string; staffId: string | null };
  let accountId: string;

  it('opens ₦100,000 at 12% for 6 months from ordinary savings, maturing on 26 May 2027 with ₦6,000 of interest', async () => {
    member = await addStaff(admin, { name: 'Yemi Alade' });
    await deposit(admin, member.userId, '150,000');
    const opened = await admin.post('/api/savings/fixed-deposits', { userId: member.userId, productId: fixed.id, amount: '100,000', from: 'ordinary' });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json().deposit).toMatchObject({
      productName: 'Fixed Deposit',
      principalKobo: 10_000_000,
      annualRateBp: 1_200,
      openedOn: '2026-11-26',
      maturesOn: '2027-05-26',
      maturityInterestKobo: 600_000,
    });
    expect(opened.json().transactions.map((row: { type: string; amountKobo: number }) => [row.type, row.amountKobo])).toEqual([
      ['transfer_out', 10_000_000],
      ['transfer_in', 10_000_000],
    ]);
    accountId = opened.json().deposit.accountId;
    expect(await balanceOf(admin, member.userId)).toBe(5_000_000);
    expect(await productBalance(admin, member.userId, fixed.id)).toBe(10_000_000);
    const [terms] = await queryRows<{ principal_kobo: string; annual_rate_bp: number; matures_on: string }>(
      db(),
      sql`select principal_kobo::text, annual_rate_bp, matures_on::text from savings_accounts where id = ${accountId}`,
    );
    expect(terms).toEqual({ principal_kobo: '10000000', annual_rate_bp: 1_200, matures_on: '2027-05-26' });
    const accounts = await productAccountsOf(admin, member.userId);
    expect(accounts.find((account) => account.productId === fixed.id)).toMatchObject({ accountId, balanceKobo: 10_000_000, availableKobo: 0, maturesOn: '2027-05-26' });
  });

  it('refuses a second opening while the first holds money, and a withdrawal before maturity', async () => {
    await expectRefused(await admin.post('/api/savings/fixed-deposits', { userId: member.userId, productId: fixed.id, amount: '10,000', from: 'ordinary' }), 409, {
      error: 'SAVINGS_PRODUCT_RULE',
      message: 'Fixed Deposit is already open until 26 May 2027',
      field: 'productId',
    });
    await expectRefused(await postToProduct(admin, { userId: member.userId, productId: fixed.id, type: 'withdrawal', amount: '1,000' }), 409, {
      error: 'SAVINGS_PRODUCT_RULE',
      message: 'Fixed Deposit matures on 26 May 2027; breaking it early costs 2%',
      field: 'productId',
    });
    expect(await productBalance(admin, member.userId, fixed.id)).toBe(10_000_000);
  });

  it('breaks it early at 2%: ₦98,000 back to ordinary savings and ₦2,000 to the product’s penalty account', async () => {
    const broken = await admin.post(`/api/savings/fixed-deposits/${accountId}/break`, {});
    expect(broken.statusCode, broken.body).toBe(201);
    expect(broken.json()).toMatchObject({ amountKobo: 9_800_000, penalty: { type: 'penalty', amountKobo: 200_000 } });
    expect(await balanceOf(admin, member.userId)).toBe(14_800_000);
    expect(await productBalance(admin, member.userId, fixed.id)).toBe(0);
    expect(await booksBalance(db(), fixedPenaltyAccount)).toBe(200_000);
  });

  it('opens with cash when an officer takes it, and a member may not break another member’s deposit', async () => {
    const other = await addStaff(admin, { name: 'Cash Opener' });
    const opened = await admin.post('/api/savings/fixed-deposits', { userId: other.userId, productId: fixed.id, amount: '50,000', termMonths: 12, from: 'cash' });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json().deposit).toMatchObject({ principalKobo: 5_000_000, maturesOn: '2027-11-26', maturityInterestKobo: 600_000 });
    expect(opened.json().transactions.map((row: { type: string }) => row.type)).toEqual(['deposit']);
    const stranger = await ctx.signedIn('user');
    const refused = await stranger.post(`/api/savings/fixed-deposits/${opened.json().deposit.accountId}/break`, {});
    expect(refused.statusCode).toBe(403);
  });
});

describe('shares to another member', () => {
  it('waits for a second officer: the maker may not approve it, another officer moves the shares', async () => {
    const from = await addStaff(admin, { name: 'Share Seller' });
    const to = await addStaff(admin, { name: 'Share Buyer' });
    expect((await postToProduct(admin, { userId: from.userId, productId: shares.id, type: 'deposit', amount: '5,000' })).statusCode).toBe(201);
    const requested = await admin.post('/api/savings/share-transfers', { fromUserId: from.userId, toUserId: to.userId, productId: shares.id, amount: '2,000' });
    expect(requested.statusCode, requested.body).toBe(202);
    expect(requested.json().request).toMatchObject({ origin: 'shares', type: 'transfer', status: 'pending', amountKobo: 200_000 });
    // Held while it waits: nothing moved.
    expect(await productBalance(admin, from.userId, shares.id)).toBe(500_000);

    const own = await admin.post(`/api/savings/requests/${requested.json().request.id}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('OWN_SAVINGS_REQUEST');

    const second = await ctx.signedIn('admin');
    const approved = await second.post(`/api/savings/requests/${requested.json().request.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await productBalance(admin, from.userId, shares.id)).toBe(300_000);
    expect(await productBalance(admin, to.userId, shares.id)).toBe(200_000);
  });

  it('refuses shares to the same member', async () => {
    const member = await addStaff(admin, { name: 'Self Seller' });
    const response = await admin.post('/api/savings/share-transfers', { fromUserId: member.userId, toUserId: member.userId, productId: shares.id, amount: '1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Shares go only to another member', field: 'toUserId' });
  });
});

describe('statements per product and combined', () => {
  it('gives one product’s statement and the combined statement with a product on each row, and the .xlsx with a Product column', async () => {
    const member = await addStaff(admin, { name: 'Combined Holder' });
    await deposit(admin, member.userId, '5,000');
    const moved = await admin.post('/api/savings/own-transfers', { userId: member.userId, fromProductId: '00000000-0000-4000-8000-000000000001', toProductId: shares.id, amount: '1,000' });
    expect(moved.statusCode, moved.body).toBe(201);
    const range = `userId=${member.userId}&from=2026-11-01&to=2026-11-30`;

    const ofShares = await admin.get(`/api/savings/statement?${range}&product=${shares.id}`);
    expect(ofShares.statusCode, ofShares.body).toBe(200);
    expect(ofShares.json()).toMatchObject({ product: { id: shares.id, name: 'Shares' }, openingBalanceKobo: 0, closingBalanceKobo: 100_000 });
    expect(ofShares.json().rows.map((row: { type: string; amountKobo: number }) => [row.type, row.amountKobo])).toEqual([['transfer_in', 100_000]]);

    const ordinary = await admin.get(`/api/savings/statement?${range}`);
    expect(ordinary.json().closingBalanceKobo).toBe(400_000);
    expect(ordinary.json().rows[0].productName).toBeUndefined();

    const all = await admin.get(`/api/savings/statement?${range}&product=all`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().rows.map((row: { valueDate: string; type: string; productName: string; amountKobo: number; balanceAfterKobo: number }) => [row.valueDate, row.productName, row.type, row.amountKobo, row.balanceAfterKobo])).toEqual([
      ['2026-11-26', 'Ordinary savings', 'deposit', 500_000, 500_000],
      ['2026-11-26', 'Ordinary savings', 'transfer_out', 100_000, 400_000],
      ['2026-11-26', 'Shares', 'transfer_in', 100_000, 500_000],
    ]);
    expect(all.json()).toMatchObject({ openingBalanceKobo: 0, closingBalanceKobo: 500_000 });

    const sheet = await admin.get(`/api/savings/statement/export?${range}&product=all`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-disposition']).toContain('-all-products-2026-11-01-to-2026-11-30.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues() as unknown[][];
    expect((rows[1] as unknown[]).slice(1, 4)).toEqual(['Value Date', 'Type', 'Product']);
    expect((rows[5] as unknown[])[3]).toBe('Shares');
  });

  it('reads one product’s account and its history where ordinary savings were read, given ?product=', async () => {
    const member = await addStaff(admin, { name: 'Detail Reader' });
    expect((await postToProduct(admin, { userId: member.userId, productId: shares.id, type: 'deposit', amount: '2,000' })).statusCode).toBe(201);
    const detail = await admin.get(`/api/savings/accounts/${member.userId}?period=year&product=${shares.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().summary).toEqual({ balanceKobo: 200_000, inflowKobo: 200_000, outflowKobo: 0, netKobo: 200_000 });
    expect(detail.json().transactions.map((row: { type: string; amountKobo: number }) => [row.type, row.amountKobo])).toEqual([['deposit', 200_000]]);
    const ordinary = await admin.get(`/api/savings/accounts/${member.userId}?period=year`);
    expect(ordinary.json().summary.balanceKobo).toBe(0);

    const own = await ctx.signedIn('staff');
    const unopened = await own.get(`/api/savings/me?product=${christmas.id}`);
    expect(unopened.statusCode, unopened.body).toBe(200);
    expect(unopened.json()).toMatchObject({ account: { accountId: null, balanceKobo: 0 }, transactions: [] });
  });

  it('refuses a statement of a product that does not exist', async () => {
    const member = await addStaff(admin, { name: 'Statement Asker' });
    const response = await admin.get(`/api/savings/statement?userId=${member.userId}&from=2026-11-01&to=2026-11-30&product=00000000-0000-4000-8000-00000000abcd`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('SAVINGS_PRODUCT_NOT_FOUND');
  });
});

describe('in the Christmas window', () => {
  it('allows a Christmas withdrawal without a penalty from 1 December', async () => {
    const member = await addStaff(admin, { name: 'Window Saver' });
    expect((await postToProduct(admin, { userId: member.userId, productId: christmas.id, type: 'deposit', amount: '10,000' })).statusCode).toBe(201);
    clock = new Date('2026-12-05T10:00:00.000Z');
    const withdrawn = await postToProduct(admin, { userId: member.userId, productId: christmas.id, type: 'withdrawal', amount: '4,000' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(201);
    expect(withdrawn.json()).toMatchObject({ transaction: { type: 'withdrawal', amountKobo: 400_000 }, penalty: null, account: { balanceKobo: 600_000 } });
    const accounts = await productAccountsOf(admin, member.userId);
    expect(accounts.find((account) => account.productId === christmas.id)).toMatchObject({ balanceKobo: 600_000, availableKobo: 600_000 });
  });
});
